CREATE TABLE `webcast_secrets` (
	`webcast_id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`password_hash` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
