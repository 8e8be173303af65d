CREATE TABLE `sync_scopes` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`scope_key` text NOT NULL,
	`reset_below` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
