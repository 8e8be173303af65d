import type { OpenedWebcast, OutboxEntry, RejectedMutation, ReplicaRows, ReplicaStore, RowKey } from "./replica-store.ts";
import type { OnDemandTable } from "./tables.ts";
import type { Change, SyncRow, SyncTable } from "./types.ts";

type Tables = Map<SyncTable, Map<string, SyncRow>>;

interface State {
  base: Tables;
  view: Tables;
  outbox: OutboxEntry[];
  rejected: RejectedMutation[];
  opened: OpenedWebcast[];
  cursor: number;
  synced: number;
}

/** Drops the rows of `table` whose `webcast_id` is `webcastId`. */
function dropWebcastRows(tables: Tables, table: OnDemandTable, webcastId: string): void {
  const rows = tables.get(table);
  if (!rows) return;
  for (const [id, row] of [...rows]) if (Reflect.get(row, "webcast_id") === webcastId) rows.delete(id);
}

/** Drops the given tables' rows (every table without a list). */
function clearTables(tables: Tables, only?: readonly SyncTable[]): Tables {
  if (!only) return new Map();
  for (const table of only) tables.delete(table);
  return tables;
}

function rowsOf(state: () => Tables): ReplicaRows & { table(table: SyncTable): Map<string, SyncRow> } {
  const table = (name: SyncTable) => {
    const tables = state();
    let rows = tables.get(name);
    if (!rows) tables.set(name, (rows = new Map()));
    return rows;
  };
  return {
    table,
    async get<T extends SyncTable>(name: T, id: string): Promise<SyncRow<T> | undefined> {
      const row = table(name).get(id);
      return row === undefined ? undefined : cloneRow(name, row);
    },
    async list<T extends SyncTable>(name: T, organizationId: number): Promise<SyncRow<T>[]> {
      return [...table(name).values()].filter((row) => row.organization_id === organizationId).map((row) => cloneRow(name, row));
    },
    async put<T extends SyncTable>(name: T, row: SyncRow<T>): Promise<void> {
      table(name).set(row.id, structuredClone(row));
    },
    async delete(name: SyncTable, id: string): Promise<void> {
      table(name).delete(id);
    },
    async apply(changes: readonly Change[]): Promise<void> {
      for (const change of changes) {
        if (change.op === "put") table(change.table).set(change.id, structuredClone(change.row));
        else table(change.table).delete(change.id);
      }
    },
  };
}

/** Rows are stored per table, so a row read from table T is a SyncRow<T>. */
function cloneRow<T extends SyncTable>(_table: T, row: SyncRow): SyncRow<T> {
  return structuredClone(row) as SyncRow<T>;
}

/**
 * The `ReplicaStore` port in memory (tests). Transactions run one at a time and roll back on a
 * throw, like Dexie's.
 */
export class MemoryReplicaStore implements ReplicaStore {
  private state: State = { base: new Map(), view: new Map(), outbox: [], rejected: [], opened: [], cursor: 0, synced: 0 };
  private queue: Promise<unknown> = Promise.resolve();
  private readonly baseRows = rowsOf(() => this.state.base);
  private readonly viewRows = rowsOf(() => this.state.view);

  transaction<T>(fn: () => Promise<T>, _narrow?: OnDemandTable): Promise<T> {
    const run = async () => {
      const before = structuredClone(this.state);
      try {
        return await fn();
      } catch (error) {
        this.state = before;
        throw error;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  readonly base: ReplicaStore["base"] = {
    get: (table, id) => this.baseRows.get(table, id),
    put: (table, row) => this.baseRows.put(table, row),
    delete: (table, id) => this.baseRows.delete(table, id),
    apply: (changes) => this.baseRows.apply(changes),
    clear: async (tables) => {
      this.state.base = clearTables(this.state.base, tables);
    },
    dropWebcast: async (table, webcastId) => dropWebcastRows(this.state.base, table, webcastId),
  };

  readonly view: ReplicaStore["view"] = {
    get: (table, id) => this.viewRows.get(table, id),
    list: (table, organizationId) => this.viewRows.list(table, organizationId),
    put: (table, row) => this.viewRows.put(table, row),
    delete: (table, id) => this.viewRows.delete(table, id),
    apply: (changes) => this.viewRows.apply(changes),
    write: (changes) => [this.viewRows.apply(changes)],
    clear: async (tables) => {
      this.state.view = clearTables(this.state.view, tables);
    },
    dropWebcast: async (table, webcastId) => dropWebcastRows(this.state.view, table, webcastId),
    countWebcast: async (table, webcastId) => [...(this.state.view.get(table)?.values() ?? [])].filter((row) => Reflect.get(row, "webcast_id") === webcastId).length,
    resetToBase: async (keys: readonly RowKey[]) => {
      for (const { table, id } of keys) {
        const row = this.baseRows.table(table).get(id);
        if (row === undefined) this.viewRows.table(table).delete(id);
        else this.viewRows.table(table).set(id, structuredClone(row));
      }
    },
  };

  readonly outbox: ReplicaStore["outbox"] = {
    list: async () => structuredClone(this.state.outbox),
    add: async (entry) => {
      this.state.outbox.push(structuredClone(entry));
    },
    update: async (entry) => {
      const index = this.state.outbox.findIndex((queued) => queued.id === entry.id);
      if (index >= 0) this.state.outbox[index] = structuredClone(entry);
    },
    remove: async (ids) => {
      const gone = new Set(ids);
      this.state.outbox = this.state.outbox.filter((entry) => !gone.has(entry.id));
    },
  };

  readonly rejected: ReplicaStore["rejected"] = {
    list: async () => structuredClone(this.state.rejected),
    add: async (rejected) => {
      this.state.rejected.push(structuredClone(rejected));
    },
    remove: async (mutationId) => {
      this.state.rejected = this.state.rejected.filter((rejected) => rejected.mutation.id !== mutationId);
    },
  };

  readonly opened: ReplicaStore["opened"] = {
    list: async () => structuredClone(this.state.opened),
    get: async (webcastId) => structuredClone(this.state.opened.find((entry) => entry.webcast_id === webcastId)),
    put: async (entry) => {
      this.state.opened = [...this.state.opened.filter((known) => known.webcast_id !== entry.webcast_id), structuredClone(entry)];
    },
    remove: async (webcastId) => {
      this.state.opened = this.state.opened.filter((known) => known.webcast_id !== webcastId);
    },
  };

  async getSyncedCursor(): Promise<number> {
    return this.state.synced;
  }

  async setSyncedCursor(cursor: number): Promise<void> {
    this.state.synced = cursor;
  }

  async getCursor(): Promise<number> {
    return this.state.cursor;
  }

  async setCursor(cursor: number): Promise<void> {
    this.state.cursor = cursor;
  }

  /**
   * Every row of a table, sorted by id (test assertions; outside transactions): the view, or the
   * server's rows as pulled ("base": the view's rows, except those the outbox touched, whose
   * server state the base keeps).
   */
  rowsOf<T extends SyncTable>(which: "base" | "view", table: T): SyncRow<T>[] {
    const rows = new Map(this.viewRows.table(table));
    if (which === "base") {
      const base = this.baseRows.table(table);
      for (const { id } of this.state.outbox.flatMap((entry) => entry.touched).filter((key) => key.table === table)) {
        const row = base.get(id);
        if (row === undefined) rows.delete(id);
        else rows.set(id, row);
      }
    }
    return [...rows.values()].map((row) => cloneRow(table, row)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
