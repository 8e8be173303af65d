/**
 * Fixtures for the web/local tests (not shipped code): a Replica over a fresh Dexie database,
 * wired like domain/sync/testing.ts's memoryReplica.
 */
import type { MessageLocale } from "../../domain/i18n/locales.ts";
import { Replica } from "../../domain/sync/replica.ts";
import { ORGANIZATION_ID, idSequence, rules, tickingClock } from "../../domain/sync/testing.ts";
import type { MutationActor, OrganizationRules, SyncRow, SyncTable } from "../../domain/sync/types.ts";
import { WEBCAST_MUTATORS } from "../../domain/webcasts/mutators.ts";
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

export function dexieReplica(actor: MutationActor, options: { salt?: number; locale?: MessageLocale; organization?: OrganizationRules | null; db?: LocalDatabase } = {}) {
  const db = options.db ?? new LocalDatabase(freshUserId());
  const store = new TestDexieStore(db);
  const known = options.organization === undefined ? rules() : options.organization;
  const replica = new Replica({
    store,
    registry: WEBCAST_MUTATORS,
    actor,
    locale: options.locale ?? "en",
    clock: tickingClock(),
    newId: idSequence(Date.UTC(2026, 0, 1), options.salt ?? actor.id),
    // A plain async function: it awaits nothing outside IndexedDB, so the transaction stays open.
    ...(known ? { organization: async (id: number) => (id === ORGANIZATION_ID ? known : undefined) } : {}),
  });
  return { db, store, replica };
}
