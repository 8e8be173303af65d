CREATE TABLE `poll_ballot_log` (
	`webcast_id` text NOT NULL,
	`seq` integer NOT NULL,
	`organization_id` integer NOT NULL,
	`poll_id` text NOT NULL,
	`voter_key` text NOT NULL,
	`option_ids` text NOT NULL,
	`weight` real NOT NULL,
	`cast_at` integer NOT NULL,
	PRIMARY KEY(`webcast_id`, `seq`),
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `poll_ballots` (
	`poll_id` text NOT NULL,
	`voter_key` text NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`option_ids` text NOT NULL,
	`weight` real NOT NULL,
	`cast_at` integer NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`poll_id`, `voter_key`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `poll_ballots_webcast_idx` ON `poll_ballots` (`webcast_id`);--> statement-breakpoint
CREATE TABLE `question_upvotes` (
	`question_id` text NOT NULL,
	`voter_id` text NOT NULL,
	`webcast_id` text NOT NULL,
	`upvoted_at` integer NOT NULL,
	PRIMARY KEY(`question_id`, `voter_id`),
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `questions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`asker_id` text NOT NULL,
	`asker_name` text,
	`asker_email` text,
	`session_id` text,
	`text` text NOT NULL,
	`anonymous` integer NOT NULL,
	`source` text NOT NULL,
	`asked_at` integer NOT NULL,
	`answered` integer NOT NULL,
	`answered_by` integer,
	`answered_at` integer,
	`answer` text,
	`answer_by` integer,
	`answer_at` integer,
	`hidden` integer NOT NULL,
	`pushed_to_speakers` integer NOT NULL,
	`pushed_at` integer,
	`support_desk` text,
	`upvotes` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `questions_webcast_idx` ON `questions` (`webcast_id`,`asked_at`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`webcast_id` text NOT NULL,
	`body` text NOT NULL,
	`sender_id` text NOT NULL,
	`sender_name` text NOT NULL,
	`profile_picture_url` text,
	`is_private` integer NOT NULL,
	`target_id` text,
	`target_name` text,
	`sent_at` integer NOT NULL,
	`delivered` integer NOT NULL,
	`deleted_at` integer,
	`deleted_by` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`webcast_id`) REFERENCES `webcasts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_messages_webcast_idx` ON `chat_messages` (`webcast_id`,`id`);