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
  async rowsOf<T extends SyncTable>(which: "base" | "view", table: T): Promise<SyncRow<T>[]> {
    return this.db.rows(which, table).orderBy("id").toArray();
  }
}

export function dexieReplica(actor: MutationActor, options: TestReplicaOptions & { db?: LocalDatabase } = {}) {
  const db = options.db ?? new LocalDatabase(freshUserId());
  const store = new TestDexieStore(db);
  return { db, store, replica: testReplica(store, actor, options) };
}
