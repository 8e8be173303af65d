-- The change log keeps only the latest entry of each row (docs/sync.md "Pull"): from now on a commit
-- deletes a row's older entry in its batch; here the older entries of the existing log go. Safe for
-- every client: a client at any cursor still finds each row changed after it (its latest entry is
-- kept), and the head (the greatest seq, itself a latest entry) does not move.
DELETE FROM `sync_changes` WHERE `seq` NOT IN (SELECT max(`seq`) FROM `sync_changes` GROUP BY `row_id`, `table_name`, `organization_id`);--> statement-breakpoint
DROP INDEX `sync_changes_row_idx`;--> statement-breakpoint
CREATE INDEX `sync_changes_table_org_seq_idx` ON `sync_changes` (`table_name`,`organization_id`,`seq`);--> statement-breakpoint
CREATE INDEX `sync_changes_row_idx` ON `sync_changes` (`row_id`,`table_name`,`organization_id`);
