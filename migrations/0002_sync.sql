CREATE TABLE `sync_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`table_name` text NOT NULL,
	`row_id` text NOT NULL,
	`op` text NOT NULL,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sync_changes_org_seq_idx` ON `sync_changes` (`organization_id`,`seq`);--> statement-breakpoint
CREATE TABLE `sync_mutations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`cursor` integer,
	`error` text,
	`applied_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `webcasts` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`event_title` text NOT NULL,
	`description` text,
	`event_start_date_time` text NOT NULL,
	`duration` integer NOT NULL,
	`timezone` text NOT NULL,
	`language` text NOT NULL,
	`state` text DEFAULT 'upcoming' NOT NULL,
	`is_premiere` integer DEFAULT false NOT NULL,
	`is_test` integer DEFAULT false NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `webcasts_org_start_idx` ON `webcasts` (`organization_id`,`event_start_date_time`);