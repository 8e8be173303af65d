import { and, count, eq, getTableColumns, getTableName, gte, isNull, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { SYNC_TABLES } from "../../../domain/sync/tables.ts";
import type { RowQuery, SyncRow, SyncTable } from "../../../domain/sync/types.ts";
import type { Db } from "../../db/client.ts";
import {
  embedApps,
  media,
  pollingSeries,
  polls,
  premiereVideos,
  resources,
  segments,
  slides,
  streamingOutputs,
  syncChanges,
  viewers,
  webcastSpeakers,
  webcasts,
} from "../../db/schema/index.ts";
import { organizationTable } from "./organization-table.ts";
import { inJson } from "./sql.ts";

// Other features import it from here too.
export { inJson };

/**
 * How one synced table is stored in D1. Every statement is scoped by organization as well as by
 * id, so a client-made id that happens to exist in another organization can never reach that row.
 * A feature that becomes synced adds its table to `SYNCED_TABLES` (one `syncedTable` line).
 */
export interface SyncedTable<T extends SyncTable> {
  get(database: Db, id: string, organizationId?: number): Promise<SyncRow<T> | undefined>;
  list(database: Db, organizationId: number): Promise<SyncRow<T>[]>;
  /** The rows among `ids` (in the organization, when given), in one query (a pull page's rows too). */
  getMany(database: Db, ids: readonly string[], organizationId?: number): Promise<SyncRow<T>[]>;
  /** How many rows of the organization match `query` (`MutationTx.count`). */
  count(database: Db, organizationId: number, query: RowQuery<T>): Promise<number>;
  /** id → organization of the rows that exist among `ids`. */
  organizationsOf(database: Db, ids: readonly string[]): Promise<{ id: string; organization_id: number }[]>;
  /** Insert or replace; an existing row of another organization is left alone (see `ownedBy`). */
  put(database: Db, row: SyncRow<T>): BatchItem<"sqlite">;
  delete(database: Db, id: string, organizationId: number): BatchItem<"sqlite">;
  /**
   * `(SELECT organization_id …)` of row `id` if it is in `organizationId`, else NULL: the change-log
   * entry takes its organization from the row itself (d1-server-store.ts), so a log entry can
   * never point into another tenant.
   */
  ownedBy(id: string, organizationId: number): SQL;
  /**
   * A parent's cascade (domain/sync/tables.ts `SYNC_CASCADES`, whose type checks `column`): for the
   * rows of the organization whose `column` is `parentId`, their change-log entries are replaced by
   * one `del` each (the log keeps a row's latest entry only, change-log.ts), then the rows are
   * deleted; three statements whatever the number of rows (nothing is listed in JS).
   */
  deleteChildren(database: Db, column: string, parentId: string, organizationId: number): [BatchItem<"sqlite">, BatchItem<"sqlite">, BatchItem<"sqlite">];
  /**
   * Only for tables whose rows are not all in the change log (organizations): every row of these
   * organizations, read from the table, which a reset sends whole (`ServerStore.changesSince`).
   */
  snapshot?(database: Db, organizationIds: readonly number[]): Promise<SyncRow<T>[]>;
}

/**
 * A drizzle table that can back synced table `T`: a text `id` primary key, an integer
 * `organization_id`, and rows that are exactly `SyncRow<T>` (same column names and types), which
 * `syncedTable`'s signature checks (`SameRows`).
 */
type SyncableTable = SQLiteTable & { id: SQLiteColumn; organization_id: SQLiteColumn };

/** `unknown` when the table reads and writes exactly `SyncRow<T>`; `never` (a compile error at the call) otherwise. */
type SameRows<T extends SyncTable, Table extends SQLiteTable> = [Table["$inferSelect"]] extends [SyncRow<T>]
  ? [SyncRow<T>] extends [Table["$inferSelect"]]
    ? [SyncRow<T>] extends [Table["$inferInsert"]]
      ? unknown
      : never
    : never
  : never;

/**
 * The adapter of synced table `name` stored in `table` (see `SyncedTable`): every statement is
 * scoped by `organization_id`, the upsert is guarded so it never takes over another organization's
 * id, and the change log is joined on the organization too.
 */
export function syncedTable<T extends SyncTable, Table extends SyncableTable>(
  name: T,
  table: Table & SameRows<T, Table>,
  options: {
    orderBy?: readonly SQLiteColumn[];
    /**
     * Columns a put sets when it inserts the row and never changes afterwards: someone else
     * writes them, with a statement of their own (a webcast's `state` is its room's, written by
     * webcast-room/room-host.ts). A push puts whole rows read before it commits, so without this
     * it could write back a value that changed meanwhile.
     */
    insertOnly?: readonly (keyof SyncRow<T> & string)[];
  } = {},
): SyncedTable<T> {
  const columns: Record<string, SQLiteColumn> = getTableColumns(table);
  const column = (key: string): SQLiteColumn => columnOf(table, key);
  const kept = new Set<string>(["id", ...(options.insertOnly ?? [])]);
  // An upsert replaces the whole row: `excluded.<column>` for every column but the key (and the insert-only ones).
  const replaced = Object.fromEntries(Object.entries(columns).flatMap(([key, { name: stored }]) => (kept.has(key) ? [] : [[key, sql.raw(`excluded."${stored}"`)]])));
  const inOrganization = (organizationId: number | undefined) => (organizationId === undefined ? undefined : eq(table.organization_id, organizationId));
  // `SameRows` checked at the call that the table's rows are `SyncRow<T>`; drizzle cannot carry
  // that through a generic table, so the rows it reads are typed here, in one place.
  const rows = (found: readonly unknown[]): SyncRow<T>[] => found as SyncRow<T>[];
  // Writes go through the table as a plain SQLiteTable, whose values drizzle cannot check generically either.
  const untyped: SQLiteTable = table;

  return {
    async get(database, id, organizationId) {
      const [row] = rows(await database.select().from(table).where(and(eq(table.id, id), inOrganization(organizationId))));
      return row;
    },
    async list(database, organizationId) {
      return rows(await database.select().from(table).where(eq(table.organization_id, organizationId)).orderBy(...(options.orderBy ?? []), table.id));
    },
    async getMany(database, ids, organizationId) {
      if (ids.length === 0) return [];
      return rows(await database.select().from(table).where(and(inJson(table.id, ids), inOrganization(organizationId))));
    },
    async count(database, organizationId, query) {
      const [row] = await database.select({ n: count() }).from(table).where(rowQueryWhere(table, organizationId, query));
      return row?.n ?? 0;
    },
    async organizationsOf(database, ids) {
      if (ids.length === 0) return [];
      const found = await database.select({ id: table.id, organization_id: table.organization_id }).from(table).where(inJson(table.id, ids));
      return found.map((row) => ({ id: String(row.id), organization_id: Number(row.organization_id) }));
    },
    put(database, row) {
      return database
        .insert(untyped)
        .values(row)
        .onConflictDoUpdate({ target: table.id, set: replaced, setWhere: sql`${table.organization_id} = excluded."organization_id"` });
    },
    delete(database, id, organizationId) {
      return database.delete(table).where(and(eq(table.id, id), eq(table.organization_id, organizationId)));
    },
    ownedBy(id, organizationId) {
      return sql`(SELECT ${table.organization_id} FROM ${table} WHERE ${table.id} = ${id} AND ${table.organization_id} = ${organizationId})`;
    },
    deleteChildren(database, key, parentId, organizationId) {
      const where = and(eq(column(key), parentId), eq(table.organization_id, organizationId)) ?? sql`0`;
      // Their entries go first: each of these rows gets its `del` by the next statement.
      const logged = and(eq(syncChanges.table_name, name), eq(syncChanges.organization_id, organizationId), sql`${syncChanges.row_id} IN (SELECT ${table.id} FROM ${table} WHERE ${where})`);
      // INSERT … SELECT: every sync_changes column, in order (seq from the autoincrement).
      const entries = sql`SELECT NULL, ${table.organization_id}, ${name}, ${table.id}, 'del', CURRENT_TIMESTAMP FROM ${table} WHERE ${where} ORDER BY ${table.id}`;
      return [database.delete(syncChanges).where(logged), database.insert(syncChanges).select(entries), database.delete(table).where(where)];
    },
  };
}

/** The column of `table` named `key` in the row type (a wrong name is a bug: it throws). */
function columnOf(table: SQLiteTable, key: string): SQLiteColumn {
  const found = (getTableColumns(table) as Record<string, SQLiteColumn>)[key];
  if (!found) throw new Error(`sync: no column ${key} in ${getTableName(table)}`);
  return found;
}

/**
 * The WHERE clause of `MutationTx.count` on a synced table: the rows of the organization that
 * match `query` as `matchesQuery` says (domain/sync/types.ts). The organization and the range are
 * what an index on (organization_id, range column) serves (webcasts: `webcasts_org_start_idx`);
 * the other conditions filter the rows of that range.
 */
export function rowQueryWhere<T extends SyncTable>(table: SyncableTable, organizationId: number, query: RowQuery<T>): SQL {
  const column = (key: string): SQLiteColumn => columnOf(table, key);
  const start = column(query.range.column);
  const conditions = [
    eq(table.organization_id, organizationId),
    gte(start, query.range.from),
    lt(start, query.range.to),
    ...Object.entries(query.equals ?? {}).map(([key, value]) => eq(column(key), value)),
  ];
  const { except, endsAfter } = query;
  if (except && except.values.length > 0) {
    const excluded = column(except.column);
    // NOT IN is unknown for a null value; `matchesQuery` keeps such a row, so does this.
    conditions.push(or(isNull(excluded), notInArray(excluded, [...except.values])) ?? sql`1`);
  }
  if (endsAfter) {
    // The row's end as an ISO string in UTC with milliseconds (SQLite's date functions count
    // whole milliseconds), compared with `after` written the same way.
    const end = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${start}, '+' || ${column(endsAfter.minutes)} || ' minutes')`;
    const after = Date.parse(endsAfter.after);
    conditions.push(Number.isNaN(after) ? sql`0` : sql`${end} > ${new Date(after).toISOString()}`);
  }
  return and(...conditions) ?? sql`1`;
}

export const SYNCED_TABLES: { [T in SyncTable]: SyncedTable<T> } = {
  organizations: organizationTable,
  // (organization_id, event_start_date_time) is indexed: the month of max_webcasts (and of the test
  // quota) and the earlier starts of max_simultaneous_webcasts are range scans.
  // `state` is the webcast room's (durable/webcast-room): a push never writes it back.
  webcasts: syncedTable("webcasts", webcasts, { orderBy: [webcasts.event_start_date_time], insertOnly: ["state"] }),
  // `webcast_id` is indexed for the cascade when their webcast goes (viewers and the webcast's parts).
  viewers: syncedTable("viewers", viewers),
  webcast_speakers: syncedTable("webcast_speakers", webcastSpeakers, { orderBy: [webcastSpeakers.position] }),
  // A poll's live status is the room's (room-host / interaction-writes): a push never writes it back.
  polls: syncedTable("polls", polls, { orderBy: [polls.position], insertOnly: ["status"] }),
  polling_series: syncedTable("polling_series", pollingSeries, { orderBy: [pollingSeries.position] }),
  resources: syncedTable("resources", resources, { orderBy: [resources.position] }),
  embed_apps: syncedTable("embed_apps", embedApps),
  segments: syncedTable("segments", segments),
  streaming_outputs: syncedTable("streaming_outputs", streamingOutputs),
  // The library (organization-scoped): booleans are 0/1 and `edition` JSON text, which drizzle's
  // column modes map both ways, so the rows read and written are the domain's `MediaRow`.
  media: syncedTable("media", media, { orderBy: [media.created_at] }),
  // One deck per webcast (a unique index on `webcast_id`: setSlides deletes the old one first).
  slides: syncedTable("slides", slides),
  // `media_id` is indexed for the cascade when their library video goes.
  premiere_videos: syncedTable("premiere_videos", premiereVideos, { orderBy: [premiereVideos.position] }),
};

export const SYNCED_TABLE_NAMES: readonly SyncTable[] = SYNC_TABLES;
