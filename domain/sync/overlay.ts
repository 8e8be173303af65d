import type { OrganizationRole } from "../permissions/permissions.ts";
import type { Write } from "./server-store.ts";
import { SYNC_CASCADES } from "./tables.ts";
import { type MutationTx, type OrganizationRules, type RowQuery, type SyncRow, type SyncTable, matchesQuery } from "./types.ts";

/**
 * What a mutation reads from: committed rows (server) or the optimistic view (browser).
 * `count` is optional: without it, a count filters the organization's list.
 */
export type MutationSource = Pick<MutationTx, "get" | "list" | "organization" | "memberRole"> & Partial<Pick<MutationTx, "count">>;

const key = (table: SyncTable, id: string) => `${table}\u0000${id}`;

/** The parents whose deletion takes rows of `table` along (the inverse of `SYNC_CASCADES`). */
const PARENTS = new Map<SyncTable, { table: SyncTable; column: string }[]>();
for (const [parent, children] of Object.entries(SYNC_CASCADES) as [SyncTable, NonNullable<(typeof SYNC_CASCADES)[SyncTable]>][]) {
  for (const child of children) PARENTS.set(child.table, [...(PARENTS.get(child.table) ?? []), { table: parent, column: child.column }]);
}

/**
 * A `MutationTx` over a read-only source that buffers writes: reads see the source plus the writes
 * so far; `writes()` is what to commit (one write per touched row, its last state: `patch` becomes
 * a full-row put). Nothing reaches the source, so a refused mutation leaves no trace. Rows whose
 * parent is deleted in the buffer (`SYNC_CASCADES`) read as gone, as they will be once committed.
 *
 * The server also uses one over a whole push chunk (`absorb` adds each applied mutation's writes),
 * as the source the chunk's next mutations read from.
 */
export class OverlayTx implements MutationTx {
  private readonly buffered = new Map<string, Write>();
  readonly organization?: MutationTx["organization"];
  readonly memberRole?: MutationTx["memberRole"];

  constructor(private readonly source: MutationSource) {
    if (source.organization) {
      const lookup = source.organization.bind(source);
      this.organization = (id) => lookup(id);
    }
    if (source.memberRole) {
      const lookup = source.memberRole.bind(source);
      this.memberRole = (organizationId, userId) => lookup(organizationId, userId);
    }
  }

  async get<T extends SyncTable>(table: T, id: string): Promise<SyncRow<T> | undefined> {
    const write = this.buffered.get(key(table, id));
    if (write) return putRowOf(table, write);
    const row = await this.source.get(table, id);
    return row === undefined || this.cascaded(table, row) ? undefined : structuredClone(row);
  }

  async list<T extends SyncTable>(table: T, organizationId: number): Promise<SyncRow<T>[]> {
    const rows = new Map<string, SyncRow<T>>();
    for (const row of await this.source.list(table, organizationId)) if (!this.cascaded(table, row)) rows.set(row.id, structuredClone(row));
    for (const write of this.buffered.values()) {
      if (write.table !== table) continue;
      rows.delete(write.id);
      const row = putRowOf(table, write);
      if (row && row.organization_id === organizationId) rows.set(write.id, row);
    }
    return [...rows.values()];
  }

  /**
   * The source's count, corrected by the buffer: each buffered row replaces its committed state.
   * (Counting a table whose parent rows are deleted in the buffer falls back to listing it.)
   */
  async count<T extends SyncTable>(table: T, organizationId: number, query: RowQuery<T>): Promise<number> {
    const matches = (row: SyncRow<T>) => matchesQuery(row, organizationId, query);
    if (!this.source.count || this.cascadesPending(table)) return (await this.list(table, organizationId)).filter(matches).length;
    let total = await this.source.count(table, organizationId, query);
    for (const write of this.buffered.values()) {
      if (write.table !== table) continue;
      const committed = await this.source.get(table, write.id);
      if (committed && matches(committed)) total--;
      const row = write.op === "put" ? putRowOf(table, write) : undefined;
      if (row && matches(row)) total++;
    }
    return total;
  }

  async put<T extends SyncTable>(table: T, row: SyncRow<T>): Promise<void> {
    this.record({ table, id: row.id, organization_id: row.organization_id, op: "put", row: structuredClone(row) } as Write);
  }

  async patch<T extends SyncTable>(table: T, id: string, fields: Partial<SyncRow<T>>): Promise<void> {
    const current = await this.get(table, id);
    // A mutator patches a row it has just read; patching a missing row is a bug, not a refusal.
    if (!current) throw new Error(`patch of a missing row ${table}/${id}`);
    await this.put(table, { ...current, ...fields, id });
  }

  async delete(table: SyncTable, id: string): Promise<void> {
    const current = await this.get(table, id);
    if (!current) return;
    this.record({ table, id, organization_id: current.organization_id, op: "del" });
  }

  /** The buffered writes, in the order rows were last touched. */
  writes(): Write[] {
    return [...this.buffered.values()];
  }

  /** Takes in writes made elsewhere (an applied mutation's, for the rest of its push chunk). */
  absorb(writes: readonly Write[]): void {
    for (const write of writes) this.record(structuredClone(write));
  }

  private record(write: Write): void {
    const k = key(write.table, write.id);
    this.buffered.delete(k);
    this.buffered.set(k, write);
  }

  /** Whether a parent of `table`'s rows is deleted in the buffer. */
  private cascadesPending(table: SyncTable): boolean {
    const parents = PARENTS.get(table);
    return parents !== undefined && [...this.buffered.values()].some((write) => write.op === "del" && parents.some((parent) => parent.table === write.table));
  }

  /** Whether a source row's parent is deleted in the buffer (the commit will delete the row too). */
  private cascaded<T extends SyncTable>(table: T, row: SyncRow<T>): boolean {
    for (const parent of PARENTS.get(table) ?? []) {
      const parentId: unknown = Reflect.get(row, parent.column);
      if (typeof parentId === "string" && this.buffered.get(key(parent.table, parentId))?.op === "del") return true;
    }
    return false;
  }
}

/** A copy of the row a buffered write of `table` puts (undefined for a delete or another table). */
function putRowOf<T extends SyncTable>(table: T, write: Write): SyncRow<T> | undefined {
  if (write.table !== table || write.op !== "put") return undefined;
  // Narrowed at runtime by the table name; TypeScript cannot relate a union member to a generic T.
  return structuredClone(write.row) as SyncRow<T>;
}

/**
 * Committed reads, remembered for the length of one push chunk: the organization's pushes are
 * serialized, so nothing the chunk reads changes before the chunk commits (its own writes are
 * buffered above this cache). `prefetch` loads the rows a chunk's mutations name in one query per
 * table when the source can (`getMany`).
 */
export class CachedSource implements MutationSource {
  private readonly rows = new Map<string, Promise<SyncRow | undefined>>();
  private readonly counts = new Map<string, Promise<number>>();
  private readonly lists = new Map<string, Promise<SyncRow[]>>();
  private readonly rules = new Map<number, Promise<OrganizationRules | undefined>>();
  private readonly roles = new Map<string, Promise<OrganizationRole | undefined>>();
  readonly organization?: MutationTx["organization"];
  readonly memberRole?: MutationTx["memberRole"];

  constructor(private readonly source: MutationSource & { getMany?: GetMany }) {
    const lookup = source.organization?.bind(source);
    if (lookup) {
      this.organization = (id) => remember(this.rules, id, () => lookup(id));
    }
    const role = source.memberRole?.bind(source);
    if (role) {
      this.memberRole = (organizationId, userId) => remember(this.roles, `${organizationId}:${userId}`, () => role(organizationId, userId));
    }
  }

  async prefetch(ids: readonly string[], tables: readonly SyncTable[]): Promise<void> {
    const getMany = this.source.getMany?.bind(this.source);
    if (!getMany || ids.length === 0) return;
    const unique = [...new Set(ids)];
    await Promise.all(
      tables.map(async (table) => {
        const found = new Map((await getMany(table, unique)).map((row) => [row.id, row]));
        for (const id of unique) this.rows.set(key(table, id), Promise.resolve(found.get(id)));
      }),
    );
  }

  get<T extends SyncTable>(table: T, id: string): Promise<SyncRow<T> | undefined> {
    return remember(this.rows, key(table, id), () => this.source.get(table, id)) as Promise<SyncRow<T> | undefined>;
  }

  list<T extends SyncTable>(table: T, organizationId: number): Promise<SyncRow<T>[]> {
    return remember(this.lists, `${table}\u0000${organizationId}`, () => this.source.list(table, organizationId)) as Promise<SyncRow<T>[]>;
  }

  count<T extends SyncTable>(table: T, organizationId: number, query: RowQuery<T>): Promise<number> {
    const count = this.source.count?.bind(this.source);
    if (!count) return this.list(table, organizationId).then((rows) => rows.filter((row) => matchesQuery(row, organizationId, query)).length);
    return remember(this.counts, JSON.stringify([table, organizationId, query]), () => count(table, organizationId, query));
  }
}

/** Rows of `table` among `ids` (absent ones are simply not returned), in one query. */
export type GetMany = <T extends SyncTable>(table: T, ids: readonly string[]) => Promise<SyncRow<T>[]>;

/** The cached promise for `k`, made once; a failed read is forgotten so a later call retries it. */
function remember<K, V>(cache: Map<K, Promise<V>>, k: K, load: () => Promise<V>): Promise<V> {
  const known = cache.get(k);
  if (known) return known;
  const loading = load();
  cache.set(k, loading);
  loading.catch(() => cache.delete(k));
  return loading;
}
