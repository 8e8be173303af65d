CREATE TABLE `sync_compaction` (
	`id` integer PRIMARY KEY NOT NULL,
	`oldest_cursor` integer NOT NULL,
	`compacted_at` text NOT NULL
);
