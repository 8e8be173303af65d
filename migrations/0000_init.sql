CREATE TABLE `organizations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`billing_address` text,
	`po_number` text,
	`sales_rep` text,
	`is_billable` integer DEFAULT false NOT NULL,
	`billing_start_date` text,
	`subscription_period` text,
	`identity_provider` text,
	`self_serve` integer DEFAULT false NOT NULL,
	`deactivated_at` text,
	`rate_per_minute_live` real,
	`rate_per_minute_vod` real,
	`rate_per_organizer` real,
	`billable_organizers` integer,
	`limits` text DEFAULT '{}' NOT NULL,
	`features` text DEFAULT '{}' NOT NULL,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	`updated_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL
);
--> statement-breakpoint
CREATE TABLE `memberships` (
	`user_id` integer NOT NULL,
	`organization_id` integer NOT NULL,
	`role` text NOT NULL,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	PRIMARY KEY(`user_id`, `organization_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`phone` text,
	`company` text,
	`title` text,
	`organization` text,
	`role` text,
	`communication_language` text DEFAULT 'fr' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`photo` text,
	`password_hash` text,
	`is_super_admin` integer DEFAULT false NOT NULL,
	`email_verified_at` text,
	`created_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL,
	`updated_at` text DEFAULT CURRENT_TIMESTAMP NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);