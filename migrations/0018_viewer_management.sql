-- Viewers become unique by e-mail in a webcast (lower case): earlier data is normalized and its
-- duplicates (the later rows) dropped before the unique index is made.
UPDATE `viewers` SET `email` = lower(trim(`email`));--> statement-breakpoint
DELETE FROM `viewers` WHERE rowid NOT IN (SELECT min(rowid) FROM `viewers` GROUP BY `webcast_id`, `email`);--> statement-breakpoint
CREATE TABLE `invitation_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`viewer_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`error` text,
	`next_attempt_at` text,
	`origin` text,
	`created_at` text NOT NULL,
	`sent_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`viewer_id`) REFERENCES `viewers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invitation_deliveries_webcast_idx` ON `invitation_deliveries` (`webcast_id`,`status`);--> statement-breakpoint
CREATE INDEX `invitation_deliveries_viewer_idx` ON `invitation_deliveries` (`viewer_id`);--> statement-breakpoint
CREATE TABLE `invitation_templates` (
	`webcast_id` text NOT NULL,
	`locale` text NOT NULL,
	`organization_id` integer NOT NULL,
	`title` text,
	`sender_name` text,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`webcast_id`, `locale`),
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `viewer_import_errors` (
	`import_id` text NOT NULL,
	`row` integer NOT NULL,
	`errors` text NOT NULL,
	`cells` text NOT NULL,
	PRIMARY KEY(`import_id`, `row`),
	FOREIGN KEY (`import_id`) REFERENCES `viewer_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `viewer_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`user_id` integer,
	`status` text NOT NULL,
	`locale` text NOT NULL,
	`file_name` text NOT NULL,
	`file_key` text NOT NULL,
	`file_size` integer NOT NULL,
	`total_rows` integer,
	`processed_rows` integer DEFAULT 0 NOT NULL,
	`created_rows` integer DEFAULT 0 NOT NULL,
	`updated_rows` integer DEFAULT 0 NOT NULL,
	`error_rows` integer DEFAULT 0 NOT NULL,
	`bytes_done` integer DEFAULT 0 NOT NULL,
	`reader_state` text,
	`failure` text,
	`cancel_requested` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`started_at` text,
	`finished_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `viewer_imports_webcast_idx` ON `viewer_imports` (`webcast_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `viewer_secrets` (
	`viewer_id` text PRIMARY KEY NOT NULL,
	`password_hash` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`viewer_id`) REFERENCES `viewers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `viewers_webcast_email_idx` ON `viewers` (`webcast_id`,`email`);