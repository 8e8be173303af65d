CREATE TABLE `viewers` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`tags` text NOT NULL,
	`control_number` text,
	`vote_weight` real DEFAULT 1 NOT NULL,
	`registered` integer DEFAULT false NOT NULL,
	`invitation_sent` integer DEFAULT false NOT NULL,
	`reminder_sent` integer DEFAULT false NOT NULL,
	`is_moderator` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `viewers_org_idx` ON `viewers` (`organization_id`);--> statement-breakpoint
CREATE INDEX `viewers_webcast_idx` ON `viewers` (`webcast_id`);