CREATE TABLE `webcast_dial_in` (
	`webcast_id` text PRIMARY KEY NOT NULL,
	`pin` text NOT NULL,
	`reserved_at` text NOT NULL,
	`reserved_by` integer,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reserved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webcast_dial_in_pin_unique` ON `webcast_dial_in` (`pin`);