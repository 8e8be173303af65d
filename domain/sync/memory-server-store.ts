import type { OrganizationRole } from "../permissions/permissions.ts";
import type { CommitInput, ServerStore, Write } from "./server-store.ts";
import { SERVER_WRITTEN_TABLES, SYNC_CASCADES } from "./tables.ts";
import type { Change, MutationResult, OrganizationRules, SyncRow, SyncScope, SyncTable } from "./types.ts";

/** One change-log entry (a row's latest), tagged with the mutation that wrote it (for exactly-once checks). */
export interface MemoryLogEntry {
  seq: number;
  table: SyncTable;
  id: string;
  organization_id: number;
  op: "put" | "del";
  mutationId: string;
}

/** One `commit` call, in order: what the tests replay and count. */
export interface MemoryCommit {
  mutationId: string;
  userId: number;
  name?: string;
  status: "applied" | "rejected";
  writes: Write[];
  cursor: number;
}

/**
 * The `ServerStore` port in memory, for the model tests and benchmarks. Same contract and rule as
 * the D1 store: atomic commits, a change log that keeps only the latest entry of each row (a commit
 * drops the row's older entry), so `changesSince` reads the entries after the cursor in order and
 * answers each one's row as it is now; recorded results. `failCommits` injects storage failures;
 * `compact` drops the history so older cursors get a reset. Organizations are rules only here (`organizations`, for
 * `read.organization`): they are not synced rows of this store.
 */
export class MemoryServerStore implements ServerStore {
  private readonly rows = new Map<SyncTable, Map<string, SyncRow>>();
  private readonly results = new Map<string, MutationResult>();
  readonly log: MemoryLogEntry[] = [];
  readonly commits: MemoryCommit[] = [];
  readonly organizations = new Map<number, OrganizationRules>();
  private head = 0;
  private oldest = 0;
  private readonly scopes = new Map<number, { key: string; resetBelow: number }>();
  /** The next N commit calls (`commit` or `commitAll`) throw (a storage failure) and change nothing. */
  failCommits = 0;

  /**
   * `members`: each user's role per organization (`"<organizationId>:<userId>"` → role). Without
   * it every user counts as an organizer of every organization (most tests are about other rules).
   */
  constructor(
    organizations: Iterable<[number, OrganizationRules]> = [],
    private readonly members?: ReadonlyMap<string, OrganizationRole>,
  ) {
    for (const [id, rules] of organizations) this.organizations.set(id, rules);
  }

  readonly read: ServerStore["read"] = {
    get: async <T extends SyncTable>(table: T, id: string): Promise<SyncRow<T> | undefined> => {
      const row = this.table(table).get(id);
      return row === undefined ? undefined : clone<T>(table, row);
    },
    list: async <T extends SyncTable>(table: T, organizationId: number): Promise<SyncRow<T>[]> =>
      [...this.table(table).values()].filter((row) => row.organization_id === organizationId).map((row) => clone<T>(table, row)),
    organization: async (id: number) => {
      const rules = this.organizations.get(id);
      return rules === undefined ? undefined : structuredClone(rules);
    },
    memberRole: async (organizationId: number, userId: number): Promise<OrganizationRole | undefined> =>
      this.members ? this.members.get(`${organizationId}:${userId}`) : "organizer",
  };

  async recorded(mutationId: string): Promise<MutationResult | undefined> {
    const result = this.results.get(mutationId);
    return result === undefined ? undefined : structuredClone(result);
  }

  async recordedMany(mutationIds: readonly string[]): Promise<Map<string, MutationResult>> {
    const found = new Map<string, MutationResult>();
    for (const id of mutationIds) {
      const result = this.results.get(id);
      if (result !== undefined) found.set(id, structuredClone(result));
    }
    return found;
  }

  async commit(input: CommitInput): Promise<number> {
    const [cursor] = await this.commitAll([input]);
    if (cursor === undefined) throw new Error("unreachable: one commit, one cursor");
    return cursor;
  }

  async commitAll(inputs: readonly CommitInput[]): Promise<number[]> {
    if (this.failCommits > 0) {
      this.failCommits--;
      throw new Error("injected storage failure");
    }
    // Checked before anything changes: the step is all or nothing.
    const ids = new Set<string>();
    for (const { result, writes } of inputs) {
      if (this.results.has(result.id) || ids.has(result.id)) throw new Error(`mutation ${result.id} is already recorded`);
      if (result.status === "rejected" && writes.length > 0) throw new Error("a rejection comes without writes");
      for (const write of writes) if (SERVER_WRITTEN_TABLES.has(write.table)) throw new Error(`${write.table} are not written through sync`);
      ids.add(result.id);
    }
    return inputs.map((input) => this.apply(input));
  }

  private apply(input: CommitInput): number {
    const { result } = input;
    const logged = (table: SyncTable, id: string, organization_id: number, op: "put" | "del") => {
      // The row's older entry goes: the log keeps each row's latest (as on D1).
      const older = this.log.findIndex((entry) => entry.table === table && entry.id === id && entry.organization_id === organization_id);
      if (older >= 0) this.log.splice(older, 1);
      this.log.push({ seq: ++this.head, table, id, organization_id, op, mutationId: result.id });
    };
    for (const write of input.writes) {
      const rows = this.table(write.table);
      if (write.op === "put") rows.set(write.id, structuredClone(write.row));
      else {
        for (const child of SYNC_CASCADES[write.table] ?? []) {
          for (const row of [...this.table(child.table).values()]) {
            if (row.organization_id !== write.organization_id || Reflect.get(row, child.column) !== write.id) continue;
            this.table(child.table).delete(row.id);
            logged(child.table, row.id, row.organization_id, "del");
          }
        }
        rows.delete(write.id);
      }
      logged(write.table, write.id, write.organization_id, write.op);
    }
    const cursor = this.head;
    this.results.set(result.id, result.status === "applied" ? { id: result.id, status: "applied", cursor } : structuredClone(result));
    this.commits.push({ mutationId: result.id, userId: input.userId, ...(input.name === undefined ? {} : { name: input.name }), status: result.status, writes: structuredClone(input.writes), cursor });
    return cursor;
  }

  async changesSince(cursor: number, scope: SyncScope, limit: number): Promise<{ changes: Change[]; cursor: number; more: boolean }> {
    // One entry per row, in log order: no grouping needed.
    const entries = this.log.filter((entry) => entry.seq > cursor && this.inScope(entry, scope));
    const included = entries.slice(0, limit);
    const more = entries.length > limit;
    const last = included.at(-1);
    return {
      changes: included.map((entry) => this.change(entry)),
      cursor: more && last ? last.seq : Math.max(cursor, this.head),
      more,
    };
  }

  /** An entry the scope sees: its table in its organization, or a row of a granted webcast (every deletion there). */
  private inScope(entry: MemoryLogEntry, scope: SyncScope): boolean {
    if (scope[entry.table].includes(entry.organization_id)) return true;
    const grant = scope.byWebcast?.[entry.table]?.find((candidate) => candidate.organizationId === entry.organization_id);
    if (!grant) return false;
    if (entry.op === "del") return true;
    const row = this.table(entry.table).get(entry.id);
    const webcastId: unknown = entry.table === "webcasts" ? entry.id : row ? Reflect.get(row, "webcast_id") : undefined;
    return typeof webcastId === "string" && grant.webcastIds.includes(webcastId);
  }

  async oldestCursor(): Promise<number> {
    return this.oldest;
  }

  async markScope(userId: number, scopeKey: string): Promise<number> {
    const known = this.scopes.get(userId);
    if (known?.key === scopeKey) return known.resetBelow;
    // A position no entry will use: the next commit goes above it.
    const resetBelow = known ? ++this.head : 0;
    this.scopes.set(userId, { key: scopeKey, resetBelow });
    return resetBelow;
  }

  async scopeOf(userId: number): Promise<{ key: string; resetBelow: number } | undefined> {
    const known = this.scopes.get(userId);
    return known ? { ...known } : undefined;
  }

  /**
   * Rewrites the log as a snapshot: every existing row logged once more above the old head, the
   * deletions dropped. Cursors before the old head missed deletions, so
   * they get a reset; the snapshot's pages then carry cursors above the old head, so a client
   * paging through the reset is not reset again. (Any real compaction must keep that property.)
   */
  compact(): void {
    this.oldest = this.head;
    const kept = this.log.filter((entry) => entry.op === "put");
    this.log.splice(0, this.log.length, ...kept.map((entry) => ({ ...entry, seq: ++this.head, mutationId: "compaction" })));
  }

  /** Every row of a table, sorted by id (test assertions). */
  rowsOf<T extends SyncTable>(table: T): SyncRow<T>[] {
    return [...this.table(table).values()].map((row) => clone<T>(table, row)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  get cursor(): number {
    return this.head;
  }

  private change(entry: MemoryLogEntry): Change {
    const row = entry.op === "put" ? this.table(entry.table).get(entry.id) : undefined;
    if (!row || row.organization_id !== entry.organization_id) return { table: entry.table, id: entry.id, op: "del" };
    return changeOf(entry.table, entry.id, row);
  }

  private table(table: SyncTable): Map<string, SyncRow> {
    let rows = this.rows.get(table);
    if (!rows) this.rows.set(table, (rows = new Map()));
    return rows;
  }
}

/** A `put` change of a row read from `table`. */
export function changeOf<T extends SyncTable>(table: T, id: string, row: SyncRow): Change {
  return { table, id, op: "put", row: clone(table, row) } as Change;
}

/** Rows are stored per table, so a row read from table T is a SyncRow<T>. */
function clone<T extends SyncTable>(_table: T, row: SyncRow): SyncRow<T> {
  return structuredClone(row) as SyncRow<T>;
}
