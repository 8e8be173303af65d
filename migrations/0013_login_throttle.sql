ALTER TABLE `rate_limits` ADD `next_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `rate_limits` ADD `claim` text;