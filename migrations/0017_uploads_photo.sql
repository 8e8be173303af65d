-- Profile photos come through the upload path (kind "photo") and belong to no organization, so
-- `uploads.organization_id` may be null; SQLite drops a NOT NULL by rebuilding the table. D1
-- enforces foreign keys inside a migration (drizzle-kit's `PRAGMA foreign_keys=OFF` does nothing
-- there), so dropping `uploads` would delete every part of the uploads in flight (`upload_parts`,
-- ON DELETE CASCADE; checked in workerd): they are kept aside and put back, with the checks
-- deferred to the end of the migration instead.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__kept_upload_parts` AS SELECT * FROM `upload_parts`;--> statement-breakpoint
CREATE TABLE `__new_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer,
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
INSERT INTO `__new_uploads`("id", "organization_id", "webcast_id", "kind", "target_id", "key", "r2_upload_id", "file_name", "content_type", "size", "part_bytes", "status", "attached", "created_by", "created_at", "updated_at") SELECT "id", "organization_id", "webcast_id", "kind", "target_id", "key", "r2_upload_id", "file_name", "content_type", "size", "part_bytes", "status", "attached", "created_by", "created_at", "updated_at" FROM `uploads`;--> statement-breakpoint
DROP TABLE `uploads`;--> statement-breakpoint
ALTER TABLE `__new_uploads` RENAME TO `uploads`;--> statement-breakpoint
INSERT INTO `upload_parts`("upload_id", "part_number", "etag", "size") SELECT "upload_id", "part_number", "etag", "size" FROM `__kept_upload_parts`;--> statement-breakpoint
DROP TABLE `__kept_upload_parts`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_key_unique` ON `uploads` (`key`);--> statement-breakpoint
CREATE INDEX `uploads_org_idx` ON `uploads` (`organization_id`);--> statement-breakpoint
CREATE INDEX `uploads_status_updated_idx` ON `uploads` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `uploads_target_idx` ON `uploads` (`target_id`);