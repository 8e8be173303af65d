import type { GetMany, MutationSource } from "./overlay.ts";
import type { Change, MutationResult, SyncRow, SyncScope, SyncTable } from "./types.ts";

/** One buffered write of a mutation, committed atomically with its change-log entries. */
export type Write = { [T in SyncTable]: { table: T; id: string; organization_id: number; op: "put"; row: SyncRow<T> } | { table: T; id: string; organization_id: number; op: "del" } }[SyncTable];

/** What one mutation's commit carries. */
export interface CommitInput {
  userId: number;
  /** Mutator name, for support and audits (the D1 store keeps it in `sync_mutations.name`). */
  name?: string;
  writes: Write[];
  result: { id: string; status: "applied" } | Extract<MutationResult, { status: "rejected" }>;
}

/**
 * The server side of sync, as the pure engine (domain/sync/server.ts) needs it. Implemented in
 * memory for the model tests and on D1 by worker/features/sync. Callers serialize pushes per
 * organization (durable/organization-sync), so read → check → commit cannot interleave.
 */
export interface ServerStore {
  /**
   * Committed state, for mutators' reads. Implement `organization` (optional only because the
   * browser may lack it): without it, every mutation that needs an organization's rules fails as a
   * retryable server error rather than skipping limits. `count` (an indexed count) and `getMany`
   * (rows by id, one query: the engine prefetches the rows a push names) are optional speed-ups.
   */
  read: MutationSource & { getMany?: GetMany };
  /** The stored result of a mutation id already processed (applied or rejected), if any. */
  recorded(mutationId: string): Promise<MutationResult | undefined>;
  /** `recorded` for many ids at once (absent ids are not in the map). */
  recordedMany(mutationIds: readonly string[]): Promise<Map<string, MutationResult>>;
  /**
   * Atomically: apply `writes`, append one change-log entry per write (in order), and record
   * `result` under its mutation id (with `user_id`). Both stores keep only the latest entry of a
   * row (the commit drops its older one): `changesSince` answers each row's latest state anyway,
   * and a page then reads only the entries it sends (docs/sync.md "Pull"). A write to a `SERVER_WRITTEN_TABLES` table
   * (organizations) throws: a mutator writing there is a bug. A `del` of a row with dependent rows
   * (`SYNC_CASCADES`) also deletes them, logging a `del` for each before the parent's. Returns the
   * change-log position after the commit (the head when there were no writes). A rejected result
   * comes with no writes.
   */
  commit(input: CommitInput): Promise<number>;
  /**
   * Several commits, in order, as if `commit` were called for each (the change log in that order),
   * in one atomic step. Returns the log position after each. When the step fails, a store may
   * still commit a prefix, each commit atomic on its own (the D1 store does, so that one commit
   * that cannot succeed does not hold back those before it): it then returns the positions of that
   * prefix only; it throws when nothing was committed.
   */
  commitAll(inputs: readonly CommitInput[]): Promise<number[]>;
  /**
   * Latest state of every row changed after `cursor` in the scope's organizations of its table (a
   * deleted row as `del`), in change-log order, at most `limit` rows; `cursor` of the answer is the
   * log position reached; `more` when rows remain.
   *
   * A store may keep a table's rows partly outside the log (the D1 store: organizations, created by
   * sign-up, seeds or before the log existed). It then answers a reset (`cursor` 0) with every row
   * of that table in scope, read from the table, on the first page and beside its `limit` logged
   * changes (counting them in `limit` could leave a page without a cursor to move on to).
   */
  changesSince(cursor: number, scope: SyncScope, limit: number): Promise<{ changes: Change[]; cursor: number; more: boolean }>;
  /** The oldest cursor the log can answer from (older cursors get a reset). 0 while never compacted. */
  oldestCursor(): Promise<number>;
  /**
   * Records that `userId` pulls with the scope whose key is `scopeKey`, and answers the cursor below
   * which that user's devices must start over (`resetBelow`): when the key changed (a role changed,
   * an organization was joined or left: rows were pulled under another scope), a log position
   * reserved then, above every entry so far and never used by one (so a device that was up to
   * date is below it, and one that starts over is answered a cursor at it); 0 when the key never
   * changed since the user's first pull.
   */
  markScope(userId: number, scopeKey: string): Promise<number>;
  /** The user's recorded scope key and reset point, without recording anything. */
  scopeOf(userId: number): Promise<{ key: string; resetBelow: number } | undefined>;
}
