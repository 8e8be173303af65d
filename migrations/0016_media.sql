CREATE TABLE `archive_editions` (
	`id` text PRIMARY KEY NOT NULL,
	`webcast_id` text NOT NULL,
	`start` real NOT NULL,
	`end` real NOT NULL,
	`cuts` text NOT NULL,
	`add_to_gallery` integer DEFAULT false NOT NULL,
	`media_id` text,
	`signature` text NOT NULL,
	`created_by` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`webcast_id`) REFERENCES `archives`(`webcast_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `archive_editions_signature_idx` ON `archive_editions` (`webcast_id`,`signature`);--> statement-breakpoint
CREATE TABLE `archives` (
	`webcast_id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`status` text DEFAULT 'processing' NOT NULL,
	`file_key` text,
	`content_type` text,
	`size` integer,
	`duration` real,
	`media_id` text,
	`expires_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `media` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'created' NOT NULL,
	`failure_reason` text,
	`duration` real,
	`width` integer,
	`height` integer,
	`file_key` text,
	`file_name` text,
	`size` integer,
	`content_type` text,
	`poster_key` text,
	`pre_webcast_loop` integer DEFAULT false NOT NULL,
	`post_webcast_loop` integer DEFAULT false NOT NULL,
	`loop_mode` text DEFAULT 'repeat' NOT NULL,
	`source` text DEFAULT 'upload' NOT NULL,
	`edition` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `media_org_idx` ON `media` (`organization_id`);--> statement-breakpoint
CREATE TABLE `premiere_videos` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`media_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_id`) REFERENCES `media`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `premiere_videos_org_idx` ON `premiere_videos` (`organization_id`);--> statement-breakpoint
CREATE INDEX `premiere_videos_webcast_idx` ON `premiere_videos` (`webcast_id`);--> statement-breakpoint
CREATE INDEX `premiere_videos_media_idx` ON `premiere_videos` (`media_id`);--> statement-breakpoint
CREATE TABLE `slides` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`file_key` text NOT NULL,
	`file_name` text NOT NULL,
	`size` integer NOT NULL,
	`page_count` integer NOT NULL,
	`approved` integer DEFAULT false NOT NULL,
	`approved_at` text,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `slides_org_idx` ON `slides` (`organization_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `slides_webcast_idx` ON `slides` (`webcast_id`);--> statement-breakpoint
CREATE TABLE `upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	PRIMARY KEY(`upload_id`, `part_number`),
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text,
	`kind` text NOT NULL,
	`target_id` text NOT NULL,
	`key` text NOT NULL,
	`r2_upload_id` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`part_bytes` integer NOT NULL,
	`status` text DEFAULT 'uploading' NOT NULL,
	`attached` integer DEFAULT false NOT NULL,
	`created_by` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_key_unique` ON `uploads` (`key`);--> statement-breakpoint
CREATE INDEX `uploads_org_idx` ON `uploads` (`organization_id`);--> statement-breakpoint
CREATE INDEX `uploads_status_updated_idx` ON `uploads` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `uploads_target_idx` ON `uploads` (`target_id`);