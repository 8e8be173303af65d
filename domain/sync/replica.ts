import type { z } from "zod";
import type { MessageLocale } from "../i18n/locales.ts";
import type { OutboxEntry, RejectedMutation, ReplicaStore, RowKey } from "./replica-store.ts";
import { viewSource } from "./replica-store.ts";
import { type MutatorRegistry, resolveMutation, runMutation } from "./run.ts";
import { PUSH_BATCH_LIMIT } from "./server.ts";
import type { Write } from "./server-store.ts";
import type { MutationActor, MutationContext, MutationTx, PendingMutation, PullResponse, PushResponse } from "./types.ts";
import { uuidv7 } from "./uuidv7.ts";

export interface ReplicaOptions<R extends MutatorRegistry> {
  store: ReplicaStore;
  registry: R;
  /** The signed-in user, for the mutators' (provisional) permission checks. */
  actor: MutationActor;
  locale: MessageLocale;
  /** Organization rules the browser knows (e.g. from the profile); without them those checks wait for the server. */
  organization?: MutationTx["organization"];
  /** ISO time now (tests pin it). */
  clock?: () => string;
  /** New mutation ids (tests make them deterministic). */
  newId?: () => string;
}

/** Sends mutations to the server (POST /api/sync/push); throws when the network or server fails. */
export type PushSender = (mutations: PendingMutation[]) => Promise<PushResponse>;
/** Fetches one pull page after a cursor (GET /api/sync/pull); throws on failure. */
export type PullFetcher = (cursor: number) => Promise<PullResponse>;

export type PushOutcome =
  /** Everything queued was answered. */
  | { status: "done"; answered: number; rejected: number }
  /** The send failed (offline, 5xx, lost response): retry later with backoff. */
  | { status: "failed"; answered: number; rejected: number; error: unknown }
  /** The server stopped on an unexpected error before answering the rest: retry later. */
  | { status: "stopped"; answered: number; rejected: number; error: NonNullable<PushResponse["error"]> | undefined };

/** A safety net against a server that keeps answering `more` (1,000 rows a page: a million rows). */
const MAX_PULL_PAGES = 1000;

const keyOf = (key: RowKey) => `${key.table}\u0000${key.id}`;
const toPending = ({ id, name, args, client_time }: OutboxEntry): PendingMutation => ({ id, name, args, client_time });
const touchedBy = (writes: readonly Write[]): RowKey[] => writes.map(({ table, id }) => ({ table, id }));

/**
 * The browser side of sync (docs/sync.md "Client"): optimistic mutations queued in an outbox,
 * pushes that record the server's answers, and pulls that rebase the view on the server's rows.
 * Invariant kept by every step: view = base + re-run of the outbox, in order; rows the view has
 * different from base are among the outbox entries' `touched` rows.
 */
export class Replica<R extends MutatorRegistry> {
  private readonly store: ReplicaStore;
  private readonly clock: () => string;
  private readonly newId: () => string;

  constructor(private readonly options: ReplicaOptions<R>) {
    this.store = options.store;
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
    const mutation: PendingMutation = { id: this.newId(), name, args: parsed, client_time: this.clock() };
    await this.store.transaction(async () => {
      const outcome = await runMutation(this.options.registry, mutation, viewSource(this.store, this.options.organization), this.context());
      if (!outcome.ok) throw outcome.rejection;
      await this.writeView(outcome.writes);
      await this.store.outbox.add({ ...mutation, cursor: null, touched: touchedBy(outcome.writes) });
    });
    return mutation;
  }

  /**
   * Sends the unanswered outbox in order, in batches of at most 100, until all are answered or a
   * send fails. Applied → acknowledged with its cursor (dropped once the base has it); rejected →
   * moved to the rejected list with its message and arguments, and the view rebased without it.
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
    const cursor = await this.store.getCursor();
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
      } else if (result.cursor <= cursor) {
        // A pull already brought its effects (it committed before that pull read the log).
        removed.push(entry);
      } else {
        await this.store.outbox.update({ ...entry, cursor: result.cursor });
      }
    }
    if (removed.length > 0) {
      await this.store.outbox.remove(removed.map((entry) => entry.id));
      await this.rebase(removed.flatMap((entry) => entry.touched), false);
    }
    return { answered, rejected };
  }

  /**
   * Pulls every page after the stored cursor, then in one transaction: writes the server rows to
   * base (clearing it first on a reset), drops acknowledged mutations the base now contains, and
   * rebases the view. Pages are fetched before the transaction (IndexedDB transactions cannot
   * wait on the network). Returns the new cursor.
   */
  async pull(fetchPage: PullFetcher): Promise<{ cursor: number; changes: number; reset: boolean }> {
    const start = await this.store.transaction(() => this.store.getCursor());
    let cursor = start;
    let reset = false;
    let pages: PullResponse[] = [];
    for (let count = 0; ; count++) {
      if (count === MAX_PULL_PAGES) throw new Error(`pull gave up after ${MAX_PULL_PAGES} pages`);
      const page = await fetchPage(cursor);
      if (page.reset) {
        // A (new) snapshot: whatever came before it is superseded.
        reset = true;
        pages = [];
      }
      pages.push(page);
      if (!page.more) break;
      // A page with more must move forward (a snapshot page: past 0), or the loop would never end.
      if (page.cursor <= (page.reset ? 0 : cursor)) throw new Error(`pull did not advance past cursor ${cursor}`);
      cursor = page.cursor;
    }
    const last = pages.at(-1);
    const end = last ? last.cursor : cursor;
    const changes = pages.flatMap((page) => page.changes);

    await this.store.transaction(async () => {
      if ((await this.store.getCursor()) !== start) throw new Error("the cursor moved during the pull: another pull ran");
      if (reset) await this.store.base.clear();
      for (const change of changes) {
        if (change.op === "put") await this.store.base.put(change.table, change.row);
        else await this.store.base.delete(change.table, change.id);
      }
      await this.store.setCursor(end);
      const outbox = await this.store.outbox.list();
      const landed = outbox.filter((entry) => entry.cursor !== null && entry.cursor <= end);
      await this.store.outbox.remove(landed.map((entry) => entry.id));
      if (reset || changes.length > 0 || landed.length > 0) {
        await this.rebase([...changes.map(({ table, id }) => ({ table, id })), ...landed.flatMap((entry) => entry.touched)], reset);
      }
    });
    return { cursor: end, changes: changes.length, reset };
  }

  /**
   * view := base + re-run of every outbox entry, in order. Resets to base the rows that may
   * differ (`changed`, plus every entry's touched rows; all rows when `everything`), then re-runs
   * the entries. An entry the client now refuses stays queued without effect: the server decides.
   */
  private async rebase(changed: readonly RowKey[], everything: boolean): Promise<void> {
    const outbox = await this.store.outbox.list();
    if (everything) await this.store.view.resetToBase();
    else {
      const keys = new Map<string, RowKey>();
      for (const key of [...changed, ...outbox.flatMap((entry) => entry.touched)]) keys.set(keyOf(key), key);
      if (keys.size > 0) await this.store.view.resetToBase([...keys.values()]);
    }
    const source = viewSource(this.store, this.options.organization);
    for (const entry of outbox) {
      const writes = await this.replay(entry, source);
      const touched = touchedBy(writes);
      await this.writeView(writes);
      if (touched.length > 0 || entry.touched.length > 0) await this.store.outbox.update({ ...entry, touched });
    }
  }

  /**
   * One entry's optimistic run during a rebase. Any failure, even an unexpected one, only means
   * "no optimistic effect": the entry stays queued and the server decides; a bug in one mutator
   * must not block every pull.
   */
  private async replay(entry: OutboxEntry, source: ReturnType<typeof viewSource>): Promise<Write[]> {
    try {
      const outcome = await runMutation(this.options.registry, entry, source, this.context());
      return outcome.ok ? outcome.writes : [];
    } catch {
      return [];
    }
  }

  private async writeView(writes: readonly Write[]): Promise<void> {
    for (const write of writes) {
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
