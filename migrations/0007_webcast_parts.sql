CREATE TABLE `embed_apps` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`embed_code` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `embed_apps_org_idx` ON `embed_apps` (`organization_id`);--> statement-breakpoint
CREATE INDEX `embed_apps_webcast_idx` ON `embed_apps` (`webcast_id`);--> statement-breakpoint
CREATE TABLE `polling_series` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `polling_series_org_idx` ON `polling_series` (`organization_id`);--> statement-breakpoint
CREATE INDEX `polling_series_webcast_idx` ON `polling_series` (`webcast_id`);--> statement-breakpoint
CREATE TABLE `polls` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`series_id` text,
	`title` text NOT NULL,
	`description` text,
	`language` text NOT NULL,
	`options` text NOT NULL,
	`recommended_option_id` text,
	`multiple_choice` integer DEFAULT false NOT NULL,
	`display` text DEFAULT 'fluid' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'unpublished' NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `polls_org_idx` ON `polls` (`organization_id`);--> statement-breakpoint
CREATE INDEX `polls_webcast_idx` ON `polls` (`webcast_id`);--> statement-breakpoint
CREATE TABLE `resources` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`language` text,
	`kind` text NOT NULL,
	`url` text,
	`file_key` text,
	`file_name` text,
	`visible` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `resources_org_idx` ON `resources` (`organization_id`);--> statement-breakpoint
CREATE INDEX `resources_webcast_idx` ON `resources` (`webcast_id`);--> statement-breakpoint
CREATE TABLE `segments` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `segments_org_idx` ON `segments` (`organization_id`);--> statement-breakpoint
CREATE INDEX `segments_webcast_idx` ON `segments` (`webcast_id`);--> statement-breakpoint
CREATE TABLE `streaming_outputs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`rtmp_url` text NOT NULL,
	`stream_key` text NOT NULL,
	`username` text,
	`password` text,
	`activated` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `streaming_outputs_org_idx` ON `streaming_outputs` (`organization_id`);--> statement-breakpoint
CREATE INDEX `streaming_outputs_webcast_idx` ON `streaming_outputs` (`webcast_id`);--> statement-breakpoint
CREATE TABLE `webcast_speakers` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`is_producer` integer DEFAULT false NOT NULL,
	`shown_in_lobby` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`invited_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webcast_speakers_org_idx` ON `webcast_speakers` (`organization_id`);--> statement-breakpoint
CREATE INDEX `webcast_speakers_webcast_idx` ON `webcast_speakers` (`webcast_id`);--> statement-breakpoint
CREATE INDEX `webcast_speakers_user_idx` ON `webcast_speakers` (`user_id`);