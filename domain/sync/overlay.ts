import type { Write } from "./server-store.ts";
import type { MutationTx, SyncRow, SyncTable } from "./types.ts";

/** What a mutation reads from: committed rows (server) or the optimistic view (browser). */
export type MutationSource = Pick<MutationTx, "get" | "list" | "organization">;

const key = (table: SyncTable, id: string) => `${table}\u0000${id}`;

/**
 * A `MutationTx` over a read-only source that buffers the mutation's writes: reads see the source
 * plus the writes so far; `writes()` is what to commit (one write per touched row, its last state:
 * `patch` becomes a full-row put). Nothing reaches the source, so a refused mutation leaves no trace.
 */
export class OverlayTx implements MutationTx {
  private readonly buffered = new Map<string, Write>();
  readonly organization?: MutationTx["organization"];

  constructor(private readonly source: MutationSource) {
    if (source.organization) {
      const lookup = source.organization.bind(source);
      this.organization = (id) => lookup(id);
    }
  }

  async get<T extends SyncTable>(table: T, id: string): Promise<SyncRow<T> | undefined> {
    const write = this.buffered.get(key(table, id));
    if (write) return write.op === "put" && isOf(table, write) ? structuredClone(write.row) : undefined;
    const row = await this.source.get(table, id);
    return row === undefined ? undefined : structuredClone(row);
  }

  async list<T extends SyncTable>(table: T, organizationId: number): Promise<SyncRow<T>[]> {
    const rows = new Map<string, SyncRow<T>>();
    for (const row of await this.source.list(table, organizationId)) rows.set(row.id, structuredClone(row));
    for (const write of this.buffered.values()) {
      if (!isOf(table, write)) continue;
      rows.delete(write.id);
      if (write.op === "put" && write.row.organization_id === organizationId) rows.set(write.id, structuredClone(write.row));
    }
    return [...rows.values()];
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

  private record(write: Write): void {
    const k = key(write.table, write.id);
    this.buffered.delete(k);
    this.buffered.set(k, write);
  }
}

function isOf<T extends SyncTable>(table: T, write: Write): write is Extract<Write, { table: T }> {
  return write.table === table;
}
