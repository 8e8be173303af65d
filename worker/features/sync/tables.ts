import { and, eq, getTableColumns, gt, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SyncRow, SyncTable } from "../../../domain/sync/types.ts";
import type { Db } from "../../db/client.ts";
import { syncChanges, webcasts } from "../../db/schema/index.ts";

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
  /** Rows with a change in (cursor, head] in these organizations, by latest change, at most `limit`. */
  changedSince(database: Db, cursor: number, head: number, organizationIds: readonly number[], limit: number): Promise<ChangedRow<T>[]>;
}

const { id: _webcastId, ...webcastUpdatable } = getTableColumns(webcasts);

/** `excluded.<column>` for every column but the key: an upsert replaces the whole row. */
function excludedSet(columns: Record<string, { name: string }>): Record<string, SQL> {
  return Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]));
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
  async changedSince(database, cursor, head, organizationIds, limit) {
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

export const SYNCED_TABLES: { [T in SyncTable]: SyncedTable<T> } = {
  webcasts: webcastTable,
};

export const SYNCED_TABLE_NAMES = Object.keys(SYNCED_TABLES) as SyncTable[];
