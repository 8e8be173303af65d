CREATE TABLE `viewer_sign_in_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`viewer_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`pin_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`viewer_id`) REFERENCES `viewers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `viewer_sign_in_codes_token_hash_unique` ON `viewer_sign_in_codes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `viewer_sign_in_codes_viewer_idx` ON `viewer_sign_in_codes` (`webcast_id`,`viewer_id`);--> statement-breakpoint
CREATE TABLE `viewing_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`viewer_id` text NOT NULL,
	`kind` text NOT NULL,
	`started_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`ended_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `viewing_sessions_webcast_idx` ON `viewing_sessions` (`webcast_id`,`kind`);--> statement-breakpoint
ALTER TABLE `webcasts` ADD `registration_fields` text DEFAULT '[]' NOT NULL;