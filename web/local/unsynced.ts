import type { SyncTable } from "../../domain/sync/types.ts";
import type { LocalDatabase } from "./db.ts";

/**
 * Ids of the rows of `table` that exist only on this device: written by a mutation still in the
 * outbox and without a server state in `base`. The base keeps the server state of outbox-touched
 * rows only (domain/sync/replica-store.ts), so a row absent from it is not "unsynced" by itself:
 * a pulled row untouched since is in the view alone. A row stops being unsynced once the pull
 * that brings it back lands (its mutation leaves the outbox). Read inside a live query, this
 * re-runs when the outbox changes.
 */
export async function unsyncedIds(db: LocalDatabase, table: SyncTable, among?: ReadonlySet<string>): Promise<Set<string>> {
  const touched = new Set<string>();
  for (const entry of await db.outbox.toArray()) {
    for (const key of entry.touched) if (key.table === table && (!among || among.has(key.id))) touched.add(key.id);
  }
  if (touched.size === 0) return touched;
  const ids = [...touched];
  const onServer = await db.rows("base", table).bulkGet(ids);
  return new Set(ids.filter((_, index) => onServer[index] === undefined));
}
