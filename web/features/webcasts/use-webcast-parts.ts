import { useLiveQuery } from "dexie-react-hooks";
import type { SyncRow } from "../../../domain/sync/types.ts";
import type { WebcastPartTable } from "../../../domain/webcasts/part-rules.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { unsyncedIds } from "../../local/unsynced.ts";

export interface WebcastParts<T extends WebcastPartTable> {
  /** The view's rows of the webcast (server rows plus pending changes), in `order`. */
  rows: SyncRow<T>[];
  /** Rows made on this device that the server has not sent back yet ("not synced yet"). */
  unsynced: ReadonlySet<string>;
}

/**
 * One webcast's rows of a part table (speakers, segments, streaming outputs…), live, read from
 * `view_<table>` by its `webcast_id` index: `undefined` while loading or signed out. Unsynced rows
 * are those a pending mutation created (web/local/unsynced.ts).
 */
export function useWebcastParts<T extends WebcastPartTable>(table: T, webcastId: string, order: (a: SyncRow<T>, b: SyncRow<T>) => number): WebcastParts<T> | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!engine) return undefined;
    const rows = await engine.db.rows("view", table).where("webcast_id").equals(webcastId).toArray();
    const unsynced = await unsyncedIds(engine.db, table, new Set(rows.map((row) => row.id)));
    return { rows: rows.sort(order), unsynced };
    // `order` is a module-level comparator at every call site.
  }, [engine, table, webcastId]);
}

/** Oldest first (ids are UUIDv7: creation order), for parts without a position. */
export const byCreation = (a: { created_at: string; id: string }, b: { created_at: string; id: string }) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

/** By `position`, then id (two devices may have given the same position before a sync). */
export const byPosition = (a: { position: number; id: string }, b: { position: number; id: string }) => a.position - b.position || a.id.localeCompare(b.id);
