import { and, count, eq, getTableColumns, getTableName, gt, gte, lt, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import { SYNC_TABLES } from "../../../domain/sync/tables.ts";
import type { RowQuery, SyncRow, SyncTable } from "../../../domain/sync/types.ts";
import type { Db } from "../../db/client.ts";
import { syncChanges, viewers, webcasts } from "../../db/schema/index.ts";

/** A row of a change-log page: the row's latest change and its current state (null when gone). */
export interface ChangedRow<T extends SyncTable> {
  seq: number;
  id: string;
  row: SyncRow<T> | null;
}

/**
 * How one synced table is stored in D1. Every statement is scoped by organization as well as by
 * id, so a client-made id that happens to exist in another organization can never reach that row.
 * A feature that becomes synced adds its adapter to `SYNCED_TABLES`.
 */
export interface SyncedTable<T extends SyncTable> {
  get(database: Db, id: string, organizationId?: number): Promise<SyncRow<T> | undefined>;
  list(database: Db, organizationId: number): Promise<SyncRow<T>[]>;
  /** The rows among `ids` (in the organization, when given), in one query. */
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
   * A parent's cascade (domain/sync/tables.ts `SYNC_CASCADES`): a `del` change-log entry for each
   * row of the organization whose `column` is `parentId`, then their deletion; two statements
   * whatever the number of rows (nothing is listed in JS).
   */
  deleteChildren(database: Db, column: keyof SyncRow<T> & string, parentId: string, organizationId: number): [BatchItem<"sqlite">, BatchItem<"sqlite">];
  /** Rows with a change in (cursor, head] in these organizations, by latest change, at most `limit`. */
  changedSince(database: Db, cursor: number, head: number, organizationIds: readonly number[], limit: number): Promise<ChangedRow<T>[]>;
}

const { id: _webcastId, ...webcastUpdatable } = getTableColumns(webcasts);
const { id: _viewerId, ...viewerUpdatable } = getTableColumns(viewers);

/** `excluded.<column>` for every column but the key: an upsert replaces the whole row. */
function excludedSet(columns: Record<string, { name: string }>): Record<string, SQL> {
  return Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]));
}

/** The two statements of a cascade over `table` (see `SyncedTable.deleteChildren`). */
function cascadeStatements(database: Db, name: SyncTable, table: typeof webcasts | typeof viewers, where: SQL): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  // INSERT … SELECT: every sync_changes column, in order (seq from the autoincrement).
  const entries = sql`SELECT NULL, ${table.organization_id}, ${name}, ${table.id}, 'del', CURRENT_TIMESTAMP FROM ${table} WHERE ${where} ORDER BY ${table.id}`;
  return [database.insert(syncChanges).select(entries), database.delete(table).where(where)];
}

/** `SELECT count(*)` of the organization's rows matching `query` (see `matchesQuery`). */
async function countWhere(database: Db, table: typeof webcasts | typeof viewers, organizationId: number, query: { range: { column: string; from: string; to: string }; equals?: object }): Promise<number> {
  const columns: Record<string, SQLiteColumn> = getTableColumns(table);
  const column = (name: string): SQLiteColumn => {
    const found = columns[name];
    if (!found) throw new Error(`sync: no column ${name} in ${getTableName(table)}`);
    return found;
  };
  const { range } = query;
  const conditions = [
    eq(table.organization_id, organizationId),
    gte(column(range.column), range.from),
    lt(column(range.column), range.to),
    ...Object.entries(query.equals ?? {}).map(([name, value]) => eq(column(name), value)),
  ];
  const [row] = await database.select({ n: count() }).from(table).where(and(...conditions));
  return row?.n ?? 0;
}

/** `column IN (…)` with one bound parameter, whatever the number of values (D1 allows 100 per statement). */
export function inJson(column: SQLWrapper, values: readonly (number | string)[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

const webcastTable: SyncedTable<"webcasts"> = {
  async get(database, id, organizationId) {
    const scope = organizationId === undefined ? eq(webcasts.id, id) : and(eq(webcasts.id, id), eq(webcasts.organization_id, organizationId));
    const [row] = await database.select().from(webcasts).where(scope);
    return row;
  },
  list(database, organizationId) {
    return database.select().from(webcasts).where(eq(webcasts.organization_id, organizationId)).orderBy(webcasts.event_start_date_time, webcasts.id);
  },
  async getMany(database, ids, organizationId) {
    if (ids.length === 0) return [];
    const scope = organizationId === undefined ? undefined : eq(webcasts.organization_id, organizationId);
    return database.select().from(webcasts).where(and(inJson(webcasts.id, ids), scope));
  },
  // (organization_id, event_start_date_time) is indexed: the month of max_webcasts is a range scan.
  count: (database, organizationId, query) => countWhere(database, webcasts, organizationId, query),
  organizationsOf(database, ids) {
    if (ids.length === 0) return Promise.resolve([]);
    return database.select({ id: webcasts.id, organization_id: webcasts.organization_id }).from(webcasts).where(inJson(webcasts.id, ids));
  },
  put(database, row) {
    return database
      .insert(webcasts)
      .values(row)
      .onConflictDoUpdate({
        target: webcasts.id,
        set: excludedSet(webcastUpdatable),
        setWhere: sql`${webcasts.organization_id} = excluded."organization_id"`,
      });
  },
  delete(database, id, organizationId) {
    return database.delete(webcasts).where(and(eq(webcasts.id, id), eq(webcasts.organization_id, organizationId)));
  },
  ownedBy(id, organizationId) {
    return sql`(SELECT ${webcasts.organization_id} FROM ${webcasts} WHERE ${webcasts.id} = ${id} AND ${webcasts.organization_id} = ${organizationId})`;
  },
  deleteChildren(database, column, parentId, organizationId) {
    return cascadeStatements(database, "webcasts", webcasts, and(eq(getTableColumns(webcasts)[column], parentId), eq(webcasts.organization_id, organizationId)) ?? sql`0`);
  },
  async changedSince(database, cursor, head, organizationIds, limit) {
    if (organizationIds.length === 0) return [];
    const latest = sql<number>`max(${syncChanges.seq})`;
    return database
      .select({ seq: latest, id: syncChanges.row_id, row: webcasts })
      .from(syncChanges)
      // Joined on the organization too: a change never shows a row of another organization.
      .leftJoin(webcasts, and(eq(webcasts.id, syncChanges.row_id), eq(webcasts.organization_id, syncChanges.organization_id)))
      .where(and(eq(syncChanges.table_name, "webcasts"), gt(syncChanges.seq, cursor), lte(syncChanges.seq, head), inJson(syncChanges.organization_id, organizationIds)))
      .groupBy(syncChanges.row_id)
      .orderBy(latest)
      .limit(limit);
  },
};

/** Viewers: like webcasts, plus `webcast_id` (indexed) for the cascade when their webcast goes. */
const viewerTable: SyncedTable<"viewers"> = {
  async get(database, id, organizationId) {
    const scope = organizationId === undefined ? eq(viewers.id, id) : and(eq(viewers.id, id), eq(viewers.organization_id, organizationId));
    const [row] = await database.select().from(viewers).where(scope);
    return row;
  },
  list(database, organizationId) {
    return database.select().from(viewers).where(eq(viewers.organization_id, organizationId)).orderBy(viewers.id);
  },
  async getMany(database, ids, organizationId) {
    if (ids.length === 0) return [];
    const scope = organizationId === undefined ? undefined : eq(viewers.organization_id, organizationId);
    return database.select().from(viewers).where(and(inJson(viewers.id, ids), scope));
  },
  count: (database, organizationId, query) => countWhere(database, viewers, organizationId, query),
  organizationsOf(database, ids) {
    if (ids.length === 0) return Promise.resolve([]);
    return database.select({ id: viewers.id, organization_id: viewers.organization_id }).from(viewers).where(inJson(viewers.id, ids));
  },
  put(database, row) {
    return database
      .insert(viewers)
      .values(row)
      .onConflictDoUpdate({
        target: viewers.id,
        set: excludedSet(viewerUpdatable),
        setWhere: sql`${viewers.organization_id} = excluded."organization_id"`,
      });
  },
  delete(database, id, organizationId) {
    return database.delete(viewers).where(and(eq(viewers.id, id), eq(viewers.organization_id, organizationId)));
  },
  ownedBy(id, organizationId) {
    return sql`(SELECT ${viewers.organization_id} FROM ${viewers} WHERE ${viewers.id} = ${id} AND ${viewers.organization_id} = ${organizationId})`;
  },
  deleteChildren(database, column, parentId, organizationId) {
    return cascadeStatements(database, "viewers", viewers, and(eq(getTableColumns(viewers)[column], parentId), eq(viewers.organization_id, organizationId)) ?? sql`0`);
  },
  async changedSince(database, cursor, head, organizationIds, limit) {
    if (organizationIds.length === 0) return [];
    const latest = sql<number>`max(${syncChanges.seq})`;
    return database
      .select({ seq: latest, id: syncChanges.row_id, row: viewers })
      .from(syncChanges)
      .leftJoin(viewers, and(eq(viewers.id, syncChanges.row_id), eq(viewers.organization_id, syncChanges.organization_id)))
      .where(and(eq(syncChanges.table_name, "viewers"), gt(syncChanges.seq, cursor), lte(syncChanges.seq, head), inJson(syncChanges.organization_id, organizationIds)))
      .groupBy(syncChanges.row_id)
      .orderBy(latest)
      .limit(limit);
  },
};

export const SYNCED_TABLES: { [T in SyncTable]: SyncedTable<T> } = {
  webcasts: webcastTable,
  viewers: viewerTable,
};

export const SYNCED_TABLE_NAMES: readonly SyncTable[] = SYNC_TABLES;
