/**
 * Fixtures for the web/local tests (not shipped code): a Replica over a fresh Dexie database,
 * wired like domain/sync/testing.ts's memoryReplica.
 */
import { type TestReplicaOptions, testReplica } from "../../domain/sync/testing.ts";
import type { MutationActor, SyncRow, SyncTable } from "../../domain/sync/types.ts";
import { LocalDatabase } from "./db.ts";
import { DexieReplicaStore } from "./dexie-replica-store.ts";

let nextUserId = 10_000;

/** A user id no other test used: each gets its own database. */
export function freshUserId(): number {
  return nextUserId++;
}

/** The Dexie store plus an assertion helper like MemoryReplicaStore.rowsOf (async here). */
export class TestDexieStore extends DexieReplicaStore {
  /** The view, or the server's rows as pulled: the view's, except where the outbox touched a row (base keeps those). */
  async rowsOf<T extends SyncTable>(which: "base" | "view", table: T): Promise<SyncRow<T>[]> {
    const view = await this.db.rows("view", table).orderBy("id").toArray();
    if (which === "view") return view;
    const rows = new Map(view.map((row) => [row.id, row]));
    const touched = (await this.db.outbox.toArray()).flatMap((entry) => entry.touched).filter((key) => key.table === table);
    for (const { id } of touched) {
      const row = await this.db.rows("base", table).get(id);
      if (row === undefined) rows.delete(id);
      else rows.set(id, row);
    }
    return [...rows.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}

export function dexieReplica(actor: MutationActor, options: TestReplicaOptions & { db?: LocalDatabase } = {}) {
  const db = options.db ?? new LocalDatabase(freshUserId());
  const store = new TestDexieStore(db);
  return { db, store, replica: testReplica(store, actor, options) };
}
