import type { Table } from "dexie";
import type { OutboxEntry, RejectedMutation, ReplicaRows, ReplicaStore, RowKey } from "../../domain/sync/replica-store.ts";
import { type OnDemandTable, SYNC_TABLES } from "../../domain/sync/tables.ts";
import type { Change, SyncRow, SyncTable } from "../../domain/sync/types.ts";
import type { LocalDatabase, StoredOutboxEntry, StoredRejected } from "./db.ts";

const toEntry = ({ seq: _seq, ...entry }: StoredOutboxEntry): OutboxEntry => entry;
const toRejected = ({ seq: _seq, mutation_id: _id, ...rejected }: StoredRejected): RejectedMutation => rejected;

/** Rows per bulk write inside a page's transaction (see `apply`). */
const WRITE_CHUNK = 250;

/** Per table: the rows to put and the ids to delete, the last change of a row winning. */
function byTable(changes: readonly Change[]): Map<SyncTable, { puts: Map<string, SyncRow>; deletes: Set<string> }> {
  const tables = new Map<SyncTable, { puts: Map<string, SyncRow>; deletes: Set<string> }>();
  for (const change of changes) {
    let table = tables.get(change.table);
    if (!table) tables.set(change.table, (table = { puts: new Map(), deletes: new Set() }));
    if (change.op === "put") {
      table.deletes.delete(change.id);
      table.puts.set(change.id, change.row);
    } else {
      table.puts.delete(change.id);
      table.deletes.add(change.id);
    }
  }
  return tables;
}

/**
 * The `ReplicaStore` port on the user's Dexie database. `transaction` is one Dexie read-write
 * transaction over every table: atomic (a throw aborts it) and serialized by IndexedDB. Inside it
 * the engine may only await IndexedDB work (and plain promises), never the network or a timer, or
 * IndexedDB commits the transaction early. `view_*` tables hold every row; `base_*` tables only the
 * server state of rows pending mutations touched (ReplicaStore["base"]), so a pull writes a row once.
 */
export class DexieReplicaStore implements ReplicaStore {
  constructor(readonly db: LocalDatabase) {}

  transaction<T>(fn: () => Promise<T>, narrow?: OnDemandTable): Promise<T> {
    // A native async scope on purpose: Dexie recognizes it and keeps the transaction's zone across
    // the native awaits inside `fn` (the engine passes plain arrows returning promises too).
    return this.db.transaction("rw", narrow ? this.db.onDemandTables(narrow) : this.db.allTables(), async () => await fn());
  }

  private async clearRows(which: "base" | "view", tables?: readonly SyncTable[]): Promise<void> {
    for (const table of tables ?? SYNC_TABLES) await this.db.rows(which, table).clear();
  }

  private async dropWebcastRows(which: "base" | "view", table: OnDemandTable, webcastId: string): Promise<void> {
    await this.db.rows(which, table).where("webcast_id").equals(webcastId).delete();
  }

  private rows(which: "base" | "view"): ReplicaRows {
    return {
      get: <T extends SyncTable>(table: T, id: string): Promise<SyncRow<T> | undefined> => this.db.rows(which, table).get(id),
      list: <T extends SyncTable>(table: T, organizationId: number): Promise<SyncRow<T>[]> =>
        this.db.rows(which, table).where("organization_id").equals(organizationId).toArray(),
      put: async <T extends SyncTable>(table: T, row: SyncRow<T>): Promise<void> => {
        await this.db.rows(which, table).put(row);
      },
      delete: (table: SyncTable, id: string): Promise<void> => this.db.rows(which, table).delete(id),
      // bulkPut/bulkDelete queue many requests at once instead of awaiting one IndexedDB round trip
      // per row; in chunks, so a screen's read (queued behind them on the database's one backend
      // sequence) waits for a chunk, not a whole page, and the main thread is not held for long.
      apply: async (changes: readonly Change[]): Promise<void> => {
        for (const [table, { puts, deletes }] of byTable(changes)) {
          const rows: Table<SyncRow, string> = this.db.rows(which, table);
          const values = [...puts.values()];
          // Two chunks in flight: the database always has the next one queued (no idle gap while
          // the main thread prepares it), and a read waits behind at most two.
          let pending: Promise<unknown> | null = null;
          for (let at = 0; at < values.length; at += WRITE_CHUNK) {
            const written: Promise<unknown> = rows.bulkPut(values.length <= WRITE_CHUNK ? values : values.slice(at, at + WRITE_CHUNK));
            if (pending) await pending;
            pending = written;
          }
          if (pending) await pending;
          if (deletes.size > 0) await rows.bulkDelete([...deletes]);
        }
      },
    };
  }

  private readonly baseRows = this.rows("base");
  private readonly viewRows = this.rows("view");

  readonly base: ReplicaStore["base"] = {
    get: (table, id) => this.baseRows.get(table, id),
    put: (table, row) => this.baseRows.put(table, row),
    delete: (table, id) => this.baseRows.delete(table, id),
    apply: (changes) => this.baseRows.apply(changes),
    clear: (tables) => this.clearRows("base", tables),
    dropWebcast: (table, webcastId) => this.dropWebcastRows("base", table, webcastId),
  };

  readonly view: ReplicaStore["view"] = {
    get: (table, id) => this.viewRows.get(table, id),
    list: (table, organizationId) => this.viewRows.list(table, organizationId),
    put: (table, row) => this.viewRows.put(table, row),
    delete: (table, id) => this.viewRows.delete(table, id),
    apply: (changes) => this.viewRows.apply(changes),
    // Dexie promises issued at once (no native async function running beside the caller's: two
    // such flows in one transaction lose Dexie's zone and commit it early).
    write: (changes) =>
      [...byTable(changes)].flatMap(([table, { puts, deletes }]) => {
        const rows: Table<SyncRow, string> = this.db.rows("view", table);
        return [...(puts.size > 0 ? [rows.bulkPut([...puts.values()])] : []), ...(deletes.size > 0 ? [rows.bulkDelete([...deletes])] : [])];
      }),
    clear: (tables) => this.clearRows("view", tables),
    dropWebcast: (table, webcastId) => this.dropWebcastRows("view", table, webcastId),
    countWebcast: (table, webcastId) => this.db.rows("view", table).where("webcast_id").equals(webcastId).count(),
    resetToBase: async (keys: readonly RowKey[]) => {
      // In bulk, per table: read the base rows, then put those present and delete those absent.
      const ids = new Map<SyncTable, Set<string>>();
      for (const { table, id } of keys) {
        const set = ids.get(table) ?? new Set<string>();
        ids.set(table, set.add(id));
      }
      for (const [table, set] of ids) {
        const wanted = [...set];
        const base: Table<SyncRow, string> = this.db.rows("base", table);
        const view: Table<SyncRow, string> = this.db.rows("view", table);
        const rows = await base.bulkGet(wanted);
        const present = rows.filter((row): row is SyncRow => row !== undefined);
        const absent = wanted.filter((_, index) => rows[index] === undefined);
        if (present.length > 0) await view.bulkPut(present);
        if (absent.length > 0) await view.bulkDelete(absent);
      }
    },
  };

  readonly outbox: ReplicaStore["outbox"] = {
    list: async () => (await this.db.outbox.orderBy("seq").toArray()).map(toEntry),
    add: async (entry) => {
      await this.db.outbox.add(toEntry(entry));
    },
    update: async (entry) => {
      // Keeps the entry's place (its seq).
      await this.db.outbox.where("id").equals(entry.id).modify((stored) => {
        stored.cursor = entry.cursor;
        stored.touched = entry.touched;
        stored.name = entry.name;
        stored.args = entry.args;
        stored.client_time = entry.client_time;
      });
    },
    remove: async (ids) => {
      if (ids.length > 0) await this.db.outbox.where("id").anyOf([...ids]).delete();
    },
  };

  readonly rejected: ReplicaStore["rejected"] = {
    list: async () => (await this.db.rejected.orderBy("seq").toArray()).map(toRejected),
    add: async (rejected) => {
      await this.db.rejected.where("mutation_id").equals(rejected.mutation.id).delete();
      await this.db.rejected.add({ ...rejected, mutation_id: rejected.mutation.id });
    },
    remove: async (mutationId) => {
      await this.db.rejected.where("mutation_id").equals(mutationId).delete();
    },
  };

  readonly opened: ReplicaStore["opened"] = {
    list: () => this.db.opened_webcasts.toArray(),
    get: (webcastId) => this.db.opened_webcasts.get(webcastId),
    put: async (entry) => {
      await this.db.opened_webcasts.put(entry);
    },
    remove: (webcastId) => this.db.opened_webcasts.delete(webcastId),
  };

  async getSyncedCursor(): Promise<number> {
    const record = await this.db.meta.get("synced_cursor");
    return record?.key === "synced_cursor" ? record.value : 0;
  }

  async setSyncedCursor(cursor: number): Promise<void> {
    await this.db.meta.put({ key: "synced_cursor", value: cursor });
  }

  async getCursor(): Promise<number> {
    const record = await this.db.meta.get("cursor");
    return record?.key === "cursor" ? record.value : 0;
  }

  async setCursor(cursor: number): Promise<void> {
    await this.db.meta.put({ key: "cursor", value: cursor });
  }
}
