import type { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import type { OutboxEntry, RejectedMutation, ReplicaStore, RowKey } from "./replica-store.ts";
import { viewSource } from "./replica-store.ts";
import { type MutatorRegistry, resolveMutation, runMutation } from "./run.ts";
import { PUSH_BATCH_LIMIT } from "./server.ts";
import type { Write } from "./server-store.ts";
import type { MutationActor, MutationContext, MutationTx, PendingMutation, PullResponse, PushResponse } from "./types.ts";
import { uuidv7 } from "./uuidv7.ts";
import { SYNC_CONTRACT, type SyncContract, upgradeMutation } from "./contract.ts";

export interface ReplicaOptions<R extends MutatorRegistry> {
  store: ReplicaStore;
  registry: R;
  /** The signed-in user, for the mutators' (provisional) permission checks. */
  actor: MutationActor;
  locale: UiLocale;
  /** Organization rules the browser knows (e.g. from the profile); without them those checks wait for the server. */
  organization?: MutationTx["organization"];
  /** ISO time now (tests pin it). */
  clock?: () => string;
  /** New mutation ids (tests make them deterministic). */
  newId?: () => string;
  /** The sync contract the registry belongs to (tests make other versions). */
  contract?: SyncContract;
}

/** Sends mutations to the server (POST /api/sync/push); throws when the network or server fails. */
export type PushSender = (mutations: PendingMutation[]) => Promise<PushResponse>;
/**
 * Fetches one pull page after a cursor (GET /api/sync/pull); throws on failure. `continuing`: the
 * next page of the pull under way (its cursor is a middle page's: never reset for its age).
 */
export type PullFetcher = (cursor: number, continuing: boolean) => Promise<PullResponse>;

export type PushOutcome =
  /** Everything queued was answered. */
  | { status: "done"; answered: number; rejected: number }
  /** The send failed (offline, 5xx, lost response): retry later with backoff. */
  | { status: "failed"; answered: number; rejected: number; error: unknown }
  /** The server stopped on an unexpected error before answering the rest: retry later. */
  | { status: "stopped"; answered: number; rejected: number; error: NonNullable<PushResponse["error"]> | undefined };

/**
 * Pages per pull: a safety net against a server that keeps answering `more` (1,000 rows a page: a
 * million rows). The pages committed stay; the next pull goes on from there.
 */
const MAX_PULL_PAGES = 1000;

const keyOf = (key: RowKey) => `${key.table}\u0000${key.id}`;
/** An entry as pushed: as written, with the contract version it was written under (the server upgrades it). */
const toPending = ({ id, name, args, client_time, contract_version }: OutboxEntry): PendingMutation => ({
  id,
  name,
  args,
  client_time,
  ...(contract_version === undefined ? {} : { contract_version }),
});
const touchedBy = (writes: readonly Write[]): RowKey[] => writes.map(({ table, id }) => ({ table, id }));

/** The rows these entries touched (plus `extra`), by key: where the view may differ from the server. */
function touchedRows(entries: readonly OutboxEntry[], extra: readonly RowKey[] = []): Map<string, RowKey> {
  const keys = new Map<string, RowKey>();
  for (const key of [...extra, ...entries.flatMap((entry) => entry.touched)]) keys.set(keyOf(key), { table: key.table, id: key.id });
  return keys;
}

/**
 * The browser side of sync (docs/sync.md "Client"): optimistic mutations queued in an outbox,
 * pushes that record the server's answers, and pulls that rebase the view on the server's rows.
 * Invariant kept by every step: view = server rows + re-run of the outbox, in order. Only the rows
 * the outbox entries touched may differ from the server's; the store's `base` holds the server
 * state of exactly those rows (an entry when the row exists there), every other row's server state
 * being the view's own row. So a pull writes an untouched row once, to the view.
 */
export class Replica<R extends MutatorRegistry> {
  private readonly store: ReplicaStore;
  private readonly clock: () => string;
  private readonly newId: () => string;
  private readonly contract: SyncContract;

  constructor(private readonly options: ReplicaOptions<R>) {
    this.store = options.store;
    this.contract = options.contract ?? SYNC_CONTRACT;
    this.clock = options.clock ?? (() => new Date().toISOString());
    this.newId = options.newId ?? (() => uuidv7());
  }

  private context(): MutationContext {
    return { location: "client", actor: this.options.actor, locale: this.options.locale, now: this.clock() };
  }

  /**
   * Applies a mutation to the view and queues it, atomically. A refusal on the client (invalid
   * arguments, a rule) throws `MutationRejected` for instant feedback and queues nothing.
   * The caller must be allowed to try: the mutator checks permissions itself.
   */
  async mutate<N extends keyof R & string>(name: N, args: z.input<R[N]["args"]>): Promise<PendingMutation> {
    const { args: parsed } = resolveMutation(this.options.registry, { name, args }, this.options.locale);
    const mutation: PendingMutation = { id: this.newId(), name, args: parsed, client_time: this.clock(), contract_version: this.contract.version };
    await this.store.transaction(async () => {
      const outcome = await runMutation(this.options.registry, mutation, viewSource(this.store, this.options.organization), this.context());
      if (!outcome.ok) throw outcome.rejection;
      await this.writeView(outcome.writes, touchedRows(await this.store.outbox.list()));
      await this.store.outbox.add({ ...mutation, cursor: null, touched: touchedBy(outcome.writes) });
    });
    return mutation;
  }

  /**
   * Sends the unanswered outbox in order, in batches of at most 100, until all are answered or a
   * send fails. Applied → acknowledged with its cursor (dropped by the pull that completes past
   * it); rejected → moved to the rejected list with its message and arguments, and the view
   * rebased without it.
   */
  async push(send: PushSender): Promise<PushOutcome> {
    let answered = 0;
    let rejected = 0;
    for (;;) {
      const batch = (await this.store.transaction(() => this.store.outbox.list())).filter((entry) => entry.cursor === null).slice(0, PUSH_BATCH_LIMIT);
      if (batch.length === 0) return { status: "done", answered, rejected };
      let response: PushResponse;
      try {
        response = await send(batch.map(toPending));
      } catch (error) {
        return { status: "failed", answered, rejected, error };
      }
      const counts = await this.store.transaction(() => this.recordAnswers(response));
      answered += counts.answered;
      rejected += counts.rejected;
      // Stop unless every mutation sent got its answer (the server stopped, or answered something else).
      const ids = new Set(response.results.map((result) => result.id));
      if (response.error || !batch.every((entry) => ids.has(entry.id))) return { status: "stopped", answered, rejected, error: response.error };
    }
  }

  private async recordAnswers(response: PushResponse): Promise<{ answered: number; rejected: number }> {
    const outbox = await this.store.outbox.list();
    const byId = new Map(outbox.map((entry) => [entry.id, entry]));
    const removed: OutboxEntry[] = [];
    let answered = 0;
    let rejected = 0;
    for (const result of response.results) {
      const entry = byId.get(result.id);
      if (!entry || entry.cursor !== null) continue;
      answered++;
      if (result.status === "rejected") {
        rejected++;
        removed.push(entry);
        const record: RejectedMutation = { mutation: toPending(entry), error: result.error, rejected_at: this.clock() };
        await this.store.rejected.add(record);
      } else {
        // Kept until a pull completes at or past its cursor, even when the stored cursor is already
        // past it: a pull that stopped between pages leaves a cursor whose base may still lack the
        // mutation's effects on rows changed again later.
        await this.store.outbox.update({ ...entry, cursor: result.cursor });
      }
    }
    if (removed.length > 0) {
      await this.store.outbox.remove(removed.map((entry) => entry.id));
      await this.rebase(removed.flatMap((entry) => entry.touched));
    }
    return { answered, rejected };
  }

  /**
   * Pulls every page after the stored cursor, committing each page in its own transaction as it
   * arrives while the next one is fetched (IndexedDB transactions cannot wait on the network; a
   * first pull of 100,000 rows is then bounded by the slower of network and disk, not their sum).
   * A page's transaction: checks the cursor is still the one the page was asked from (another tab
   * pulling at the same time makes one of them stop), writes the server's rows (dropping every row
   * first on a reset), moves the cursor, and rebases the view if mutations are pending. Only the
   * last page (no `more`) drops the acknowledged mutations it reached: a middle page's cursor is
   * not a consistent point (rows changed again later are still to come), so the server rows
   * pulled so far may still lack their effects.
   * A failure keeps the pages committed so far; the next pull goes on from there. Returns the new
   * cursor, the number of changes and whether a page started over (reset).
   */
  async pull(fetchPage: PullFetcher): Promise<{ cursor: number; changes: number; reset: boolean }> {
    let cursor = await this.store.transaction(() => this.store.getCursor());
    let changes = 0;
    let reset = false;
    let next = fetchPage(cursor, false);
    for (let count = 1; ; count++) {
      const page = await next;
      const from = cursor;
      if (page.more) {
        // A page with more must move forward (a snapshot page: past 0), or the loop would never end.
        if (page.cursor <= (page.reset ? 0 : from)) throw new Error(`pull did not advance past cursor ${from}`);
        if (count < MAX_PULL_PAGES) {
          next = fetchPage(page.cursor, true);
          // Awaited on the next turn; until then a failure must not count as unhandled.
          next.catch(() => undefined);
        }
      }
      await this.store.transaction(() => this.applyPage(page, from));
      cursor = page.cursor;
      changes += page.changes.length;
      reset ||= page.reset;
      if (!page.more) return { cursor, changes, reset };
      if (count >= MAX_PULL_PAGES) throw new Error(`pull gave up after ${MAX_PULL_PAGES} pages`);
    }
  }

  private async applyPage(page: PullResponse, from: number): Promise<void> {
    if ((await this.store.getCursor()) !== from) throw new Error("the cursor moved during the pull: another pull ran");
    const outbox = await this.store.outbox.list();
    const touched = touchedRows(outbox);
    if (page.reset) {
      // Start over: the rows of pending mutations come back with the rebase below.
      await this.store.base.clear();
      await this.store.view.clear();
    }
    // A row no pending mutation touched takes its server state in the view itself; a touched one
    // in base, the rebase then re-running the outbox on top of it.
    const toBase = page.changes.filter((change) => touched.has(keyOf(change)));
    const toView = toBase.length === 0 ? page.changes : page.changes.filter((change) => !touched.has(keyOf(change)));
    if (toBase.length > 0) await this.store.base.apply(toBase);
    if (toView.length > 0) await this.store.view.apply(toView);
    await this.store.setCursor(page.cursor);
    const landed = page.more ? [] : outbox.filter((entry) => entry.cursor !== null && entry.cursor <= page.cursor);
    if (landed.length > 0) await this.store.outbox.remove(landed.map((entry) => entry.id));
    // Re-run the outbox whenever the server's rows moved (a mutator may read rows it does not
    // write) or entries left it (their rows go back to the server's state).
    if (outbox.length > 0 && (page.reset || page.changes.length > 0 || landed.length > 0)) await this.rebase(landed.flatMap((entry) => entry.touched));
  }

  /**
   * view := server rows + re-run of every outbox entry, in order. Resets to base the rows that may
   * differ (every entry's touched rows, plus `released`: those of entries just removed), which
   * makes the view the server's state everywhere and the base empty; then re-runs the entries,
   * saving in base the server state of each row as they first write it. An entry the client now
   * refuses stays queued without effect: the server decides.
   */
  private async rebase(released: readonly RowKey[]): Promise<void> {
    const outbox = await this.store.outbox.list();
    const keys = touchedRows(outbox, released);
    if (keys.size > 0) await this.store.view.resetToBase([...keys.values()]);
    await this.store.base.clear();
    const source = viewSource(this.store, this.options.organization);
    const saved = new Map<string, RowKey>();
    for (const entry of outbox) {
      const writes = await this.replay(entry, source);
      const touched = touchedBy(writes);
      await this.writeView(writes, saved);
      if (touched.length > 0 || entry.touched.length > 0) await this.store.outbox.update({ ...entry, touched });
    }
  }

  /**
   * One entry's optimistic run during a rebase, upgraded first when an older version of the app
   * queued it (the entry itself stays as written: the server upgrades what it is sent). Any
   * failure, even an unexpected one, only means "no optimistic effect": the entry stays queued and
   * the server decides; a bug in one mutator must not block every pull.
   */
  private async replay(entry: OutboxEntry, source: ReturnType<typeof viewSource>): Promise<Write[]> {
    const upgraded = upgradeMutation(entry, this.contract);
    if (!upgraded.ok) return [];
    try {
      const outcome = await runMutation(this.options.registry, upgraded.mutation, source, this.context());
      return outcome.ok ? outcome.writes : [];
    } catch {
      return [];
    }
  }

  /**
   * Writes optimistic effects to the view. A row written for the first time (not in `saved`, the
   * rows whose server state base already keeps) first gets its server state saved in base: the
   * view's row so far, or no entry when it has none.
   */
  private async writeView(writes: readonly Write[], saved: Map<string, RowKey>): Promise<void> {
    for (const write of writes) {
      const key = keyOf(write);
      if (!saved.has(key)) {
        saved.set(key, { table: write.table, id: write.id });
        const current = await this.store.view.get(write.table, write.id);
        if (current === undefined) await this.store.base.delete(write.table, write.id);
        else await this.store.base.put(write.table, current);
      }
      if (write.op === "put") await this.store.view.put(write.table, write.row);
      else await this.store.view.delete(write.table, write.id);
    }
  }

  /** The server's refusals, oldest first, for the UI to offer fix or discard. */
  rejected(): Promise<RejectedMutation[]> {
    return this.store.transaction(() => this.store.rejected.list());
  }

  /** Drops a refused mutation once the user fixed (by a new mutation) or discarded it. */
  discardRejected(mutationId: string): Promise<void> {
    return this.store.transaction(() => this.store.rejected.remove(mutationId));
  }

  /** Mutations not yet in the base (unanswered or acknowledged), in order. */
  pending(): Promise<OutboxEntry[]> {
    return this.store.transaction(() => this.store.outbox.list());
  }
}
