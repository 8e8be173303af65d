CREATE TABLE `viewer_registrations` (
	`viewer_id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`answers` text NOT NULL,
	`option_ids` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`viewer_id`) REFERENCES `viewers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `viewer_registrations_webcast_idx` ON `viewer_registrations` (`webcast_id`);