CREATE TABLE `webcast_webhooks` (
	`id` text PRIMARY KEY NOT NULL,
	`webcast_id` text NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`secret` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webcast_webhooks_webcast_url_idx` ON `webcast_webhooks` (`webcast_id`,`url`);