import type { OnDemandTable } from "./tables.ts";
import type { Change, MutationTx, PendingMutation, SyncRow, SyncTable } from "./types.ts";

/** A row's address in the replica. */
export interface RowKey {
  table: SyncTable;
  id: string;
}

/** One map of rows (by table and id): the replica's view, and its base of server rows apart from it. */
export interface ReplicaRows {
  get<T extends SyncTable>(table: T, id: string): Promise<SyncRow<T> | undefined>;
  list<T extends SyncTable>(table: T, organizationId: number): Promise<SyncRow<T>[]>;
  put<T extends SyncTable>(table: T, row: SyncRow<T>): Promise<void>;
  delete(table: SyncTable, id: string): Promise<void>;
  /**
   * Writes a pull page's changes (puts and deletions; the last change of a row wins), in bulk: a
   * page is a thousand rows, one write per row would be the slowest part of a pull.
   */
  apply(changes: readonly Change[]): Promise<void>;
}

/**
 * A webcast whose on-demand rows (its viewers) this device pulls and keeps (docs/sync.md "Viewers
 * on demand"): registered when the webcast is opened, with its own cursor.
 */
export interface OpenedWebcast {
  webcast_id: string;
  /** Where its next pull starts (a middle page's cursor while a pull is under way; 0: from scratch). */
  cursor: number;
  /** The cursor of its last complete pull, a consistent point (null before the first completed). */
  synced: number | null;
  opened_at: string;
}

/** A queued mutation and what the engine knows of it. */
export interface OutboxEntry extends PendingMutation {
  /** Change-log position of its effects once the server answered applied/already_applied; null while unanswered. */
  cursor: number | null;
  /**
   * Rows its latest optimistic run wrote in the view: what a rebase must reset to base, and the
   * rows whose server state the base keeps apart from the view.
   */
  touched: RowKey[];
}

/** A mutation the server refused: kept, with its message, until the user fixes or discards it. */
export interface RejectedMutation {
  mutation: PendingMutation;
  error: { code: string; message: string; errors?: Record<string, string[]> };
  rejected_at: string;
}

/**
 * Where the browser keeps synced data (docs/sync.md "Client"): implemented on Dexie by web/local,
 * in memory by MemoryReplicaStore. Everything is async; the engine calls the methods only inside
 * `transaction`, never nested.
 */
export interface ReplicaStore {
  /**
   * Runs `fn` atomically over everything below (Dexie: one read-write transaction over all the
   * tables): all of its writes or none of them when it throws. Calls do not interleave.
   * `narrow`: `fn` touches only that on-demand table's base and view rows, the outbox, `opened`
   * and the cursors (Dexie: a transaction over those stores only, so screens reading other tables
   * are not held up by a long on-demand pull).
   */
  transaction<T>(fn: () => Promise<T>, narrow?: OnDemandTable): Promise<T>;
  /**
   * The server's state (as last pulled) of the rows the outbox touched, where the view may differ:
   * an entry per such row that exists on the server, none for one the user created offline. Every
   * other row's server state is the view's own row, so a pull writes it once (a first pull of
   * 100,000 rows writes 100,000 rows, not twice as many). The Replica keeps this invariant.
   */
  base: Omit<ReplicaRows, "list"> & {
    /** Drops every entry (of these tables only, when given). */
    clear(tables?: readonly SyncTable[]): Promise<void>;
    /** Drops the entries of an on-demand table's rows of one webcast. */
    dropWebcast(table: OnDemandTable, webcastId: string): Promise<void>;
  };
  /** What the UI shows: the server's rows + the outbox's optimistic effects. Screens read this one. */
  view: ReplicaRows & {
    /**
     * `apply`, every write issued now, without awaiting one before the next (so they can be
     * prepared while an earlier transaction still runs): their promises, to be awaited in order
     * before the transaction's function returns. Nothing else is awaited in between but reads.
     */
    write(changes: readonly Change[]): Promise<unknown>[];
    /** Sets these rows to their base entry, absent when base has none. */
    resetToBase(keys: readonly RowKey[]): Promise<void>;
    /** Drops every row (of these tables only, when given: a reset of the main pull). */
    clear(tables?: readonly SyncTable[]): Promise<void>;
    /** Drops an on-demand table's rows of one webcast (a reset of its pull, or its user lost them). */
    dropWebcast(table: OnDemandTable, webcastId: string): Promise<void>;
    /** How many rows of an on-demand table belong to one webcast (by its `webcast_id` index). */
    countWebcast(table: OnDemandTable, webcastId: string): Promise<number>;
  };
  /** The webcasts whose on-demand rows this device keeps, each with its cursor. */
  opened: {
    list(): Promise<OpenedWebcast[]>;
    get(webcastId: string): Promise<OpenedWebcast | undefined>;
    put(entry: OpenedWebcast): Promise<void>;
    remove(webcastId: string): Promise<void>;
  };
  outbox: {
    /** Every entry, in the order they were added (not by id: UUIDv7s of one millisecond are not ordered). */
    list(): Promise<OutboxEntry[]>;
    add(entry: OutboxEntry): Promise<void>;
    /** Replaces the entry with this id. */
    update(entry: OutboxEntry): Promise<void>;
    remove(ids: readonly string[]): Promise<void>;
  };
  rejected: {
    list(): Promise<RejectedMutation[]>;
    add(rejected: RejectedMutation): Promise<void>;
    remove(mutationId: string): Promise<void>;
  };
  /** Change-log position the base reflects (0 before the first pull). */
  getCursor(): Promise<number>;
  setCursor(cursor: number): Promise<void>;
  /** The cursor of the last complete main pull (a consistent point; 0 before the first). */
  getSyncedCursor(): Promise<number>;
  setSyncedCursor(cursor: number): Promise<void>;
}

/** Reads of the view as mutators see them (plus the organization rules the browser knows, if any). */
export function viewSource(store: ReplicaStore, organization?: MutationTx["organization"]): Pick<MutationTx, "get" | "list" | "organization"> {
  return {
    get: (table, id) => store.view.get(table, id),
    list: (table, organizationId) => store.view.list(table, organizationId),
    ...(organization ? { organization } : {}),
  };
}
