import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users.ts";

/**
 * The change log pull reads (docs/sync.md): the latest write to each synced row, in commit order.
 * `seq` is the cursor clients hold. A row has one entry per (table, organization), its latest: a
 * commit that logs a row deletes the row's older entry in the same batch
 * (worker/features/sync/change-log.ts), so a pull page reads only the entries it sends.
 */
export const syncChanges = sqliteTable(
  "sync_changes",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    organization_id: integer("organization_id").notNull(),
    table_name: text("table_name").notNull(),
    row_id: text("row_id").notNull(),
    op: text("op", { enum: ["put", "del"] }).notNull(),
    created_at: text("created_at").notNull().default(sql`CURRENT_TIMESTAMP`),
  },
  (table) => [
    // A pull page reads ranges of these, in seq order: an organization's entries (a user who sees
    // all its tables), or one table's entries in it (a user who sees some: no skipping the others).
    index("sync_changes_org_seq_idx").on(table.organization_id, table.seq),
    index("sync_changes_table_org_seq_idx").on(table.table_name, table.organization_id, table.seq),
    // A row's entry: the older one a commit deletes, or a deleted row's organization (a late edit
    // of it is refused with "it was deleted").
    index("sync_changes_row_idx").on(table.row_id, table.table_name, table.organization_id),
  ],
);

/** Every mutation id the server processed, with its result, so a retried push applies once. */
export const syncMutations = sqliteTable("sync_mutations", {
  id: text("id").primaryKey(),
  user_id: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  status: text("status", { enum: ["applied", "rejected"] }).notNull(),
  /** Change-log position after the mutation (applied) . */
  cursor: integer("cursor"),
  /** `{ code, message, errors? }` for a rejection. */
  error: text("error", { mode: "json" }).$type<{ code: string; message: string; errors?: Record<string, string[]> }>(),
  applied_at: text("applied_at").notNull().default(sql`CURRENT_TIMESTAMP`),
});

/**
 * How far the change log was compacted (one row, id 1): deletion entries up to `oldest_cursor`
 * were removed after the retention period, so a client whose cursor is below it pulls from scratch
 * (docs/sync.md "Compaction").
 */
export const syncCompaction = sqliteTable("sync_compaction", {
  id: integer("id").primaryKey(),
  oldest_cursor: integer("oldest_cursor").notNull(),
  compacted_at: text("compacted_at").notNull(),
});

/**
 * What each user last pulled (domain/sync/server.ts `pull`): the key of their pull scope, and the
 * cursor below which their devices start over because the scope changed then (a role changed, an
 * organization was joined or left). One row per user; 0 = no change seen.
 */
export const syncScopes = sqliteTable("sync_scopes", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  scope_key: text("scope_key").notNull(),
  reset_below: integer("reset_below").notNull().default(0),
});
