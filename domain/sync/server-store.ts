import type { Change, MutationResult, MutationTx, SyncRow, SyncTable } from "./types.ts";

/** One buffered write of a mutation, committed atomically with its change-log entries. */
export type Write = { [T in SyncTable]: { table: T; id: string; organization_id: number; op: "put"; row: SyncRow<T> } | { table: T; id: string; organization_id: number; op: "del" } }[SyncTable];

/**
 * The server side of sync, as the pure engine (domain/sync/server.ts) needs it. Implemented in
 * memory for the model tests and on D1 by worker/features/sync. Callers serialize pushes per
 * organization (durable/organization-sync), so read → check → commit cannot interleave.
 */
export interface ServerStore {
  /**
   * Committed state, for mutators' reads. Implement `organization` (optional only because the
   * browser may lack it): without it, every mutation that needs an organization's rules fails as a
   * retryable server error rather than skipping limits.
   */
  read: Pick<MutationTx, "get" | "list" | "organization">;
  /** The stored result of a mutation id already processed (applied or rejected), if any. */
  recorded(mutationId: string): Promise<MutationResult | undefined>;
  /**
   * Atomically: apply `writes`, append one change-log entry per write (in order), and record
   * `result` under its mutation id (with `user_id`). Returns the change-log position after the
   * commit (the head when there were no writes). A rejected result comes with no writes.
   */
  commit(input: {
    userId: number;
    /** Mutator name, for support and audits (the D1 store keeps it in `sync_mutations.name`). */
    name?: string;
    writes: Write[];
    result: { id: string; status: "applied" } | Extract<MutationResult, { status: "rejected" }>;
  }): Promise<number>;
  /**
   * Latest state of every row changed after `cursor` in these organizations (a deleted row as
   * `del`), in change-log order, at most `limit` rows; `cursor` of the answer is the log position
   * reached; `more` when rows remain.
   */
  changesSince(cursor: number, organizationIds: readonly number[], limit: number): Promise<{ changes: Change[]; cursor: number; more: boolean }>;
  /** The oldest cursor the log can answer from (older cursors get a reset). 0 while never compacted. */
  oldestCursor(): Promise<number>;
}
