import type { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import type { OutboxEntry, RejectedMutation, ReplicaStore, RowKey } from "./replica-store.ts";
import { viewSource } from "./replica-store.ts";
import { type MutatorRegistry, resolveMutation, runMutation } from "./run.ts";
import { PUSH_BATCH_LIMIT } from "./server.ts";
import type { Write } from "./server-store.ts";
import type { Change, MutationActor, MutationContext, MutationTx, PendingMutation, PullResponse, PushResponse } from "./types.ts";
import { uuidv7 } from "./uuidv7.ts";
import { SYNC_CONTRACT, type SyncContract, upgradeMutation } from "./contract.ts";
import { MAIN_PULL_TABLES, type OnDemandTable, isOnDemand } from "./tables.ts";

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
  /**
   * Mutators that read or write on-demand rows (the viewers' mutators): a page of a webcast's
   * viewers re-runs the outbox only when one of them is queued (or an entry touched such a row).
   */
  onDemandReaders?: ReadonlySet<string>;
}

/** A webcast's on-demand pull stopped because the webcast is no longer registered on this device. */
export class WebcastClosed extends Error {
  constructor(readonly webcastId: string) {
    super(`webcast ${webcastId} is not opened on this device`);
    this.name = "WebcastClosed";
  }
}

/** A webcast's page needs a wider transaction than the one tried (see `applyWebcastPage`). */
class NeedsWiderWrite extends Error {}
/** A webcast's page found the registry's cursor elsewhere than where the page starts (see `pullWebcast`). */
class CursorElsewhere extends Error {}

type WebcastPageMode = "optimistic" | "narrow" | "full";

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
/** The ids a page leaves put (the last change of a row wins, as the stores apply them). */
function putIds(changes: readonly Change[]): Set<string> {
  const ids = new Set<string>();
  for (const change of changes) {
    if (change.op === "put") ids.add(change.id);
    else ids.delete(change.id);
  }
  return ids;
}
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
    const start = await this.store.transaction(() => this.store.getCursor());
    return this.paged(start, fetchPage, (page, from) => this.store.transaction(() => this.applyPage(page, from)));
  }

  /**
   * The page loop of both pulls: from `start`, each page is applied (`apply`, which commits it)
   * while the next one is already being fetched; a page with more must move forward; at most
   * MAX_PULL_PAGES pages. Returns the last cursor, the number of changes and whether a page reset.
   */
  private async paged(start: number, fetchPage: PullFetcher, apply: (page: PullResponse, from: number) => Promise<void>): Promise<{ cursor: number; changes: number; reset: boolean }> {
    let cursor = start;
    let changes = 0;
    let reset = false;
    let next = fetchPage(cursor, false);
    // The page being applied. The next page's apply starts as soon as that page arrives, before the
    // previous one committed: its transaction queues behind (the store runs them in order, as
    // IndexedDB does overlapping read-write transactions), so it can prepare its writes meanwhile.
    // At most two applies and one fetch are in flight.
    let applying: Promise<void> | null = null;
    try {
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
        const previous = applying;
        applying = apply(page, from);
        applying.catch(() => undefined);
        // The previous page committed (or its failure stops the pull here, this one failing after it).
        if (previous) await previous;
        cursor = page.cursor;
        changes += page.changes.length;
        reset ||= page.reset;
        if (!page.more) {
          await applying;
          return { cursor, changes, reset };
        }
        if (count >= MAX_PULL_PAGES) {
          await applying;
          throw new Error(`pull gave up after ${MAX_PULL_PAGES} pages`);
        }
      }
    } finally {
      // A failure leaves no apply running behind the caller's back.
      if (applying) await applying.catch(() => undefined);
    }
  }

  private async applyPage(page: PullResponse, from: number): Promise<void> {
    if ((await this.store.getCursor()) !== from) throw new Error("the cursor moved during the pull: another pull ran");
    const outbox = await this.store.outbox.list();
    const touched = touchedRows(outbox);
    if (page.reset) {
      // Start over: the rows of pending mutations come back with the rebase below. The on-demand
      // rows (viewers of the opened webcasts) are not the main pull's: they stay.
      await this.store.base.clear(MAIN_PULL_TABLES);
      await this.store.view.clear(MAIN_PULL_TABLES);
    }
    // A row no pending mutation touched takes its server state in the view itself; a touched one
    // in base, the rebase then re-running the outbox on top of it.
    const toBase = page.changes.filter((change) => touched.has(keyOf(change)));
    const toView = toBase.length === 0 ? page.changes : page.changes.filter((change) => !touched.has(keyOf(change)));
    if (toBase.length > 0) await this.store.base.apply(toBase);
    if (toView.length > 0) await this.store.view.apply(toView);
    await this.store.setCursor(page.cursor);
    if (!page.more) await this.store.setSyncedCursor(page.cursor);
    const landed = page.more ? [] : await this.landed(outbox, page.cursor);
    if (landed.length > 0) await this.store.outbox.remove(landed.map((entry) => entry.id));
    // Re-run the outbox whenever the server's rows moved (a mutator may read rows it does not
    // write) or entries left it (their rows go back to the server's state).
    if (outbox.length > 0 && (page.reset || page.changes.length > 0 || landed.length > 0)) await this.rebase(landed.flatMap((entry) => entry.touched));
  }

  /**
   * The acknowledged entries whose effects are in the base: the main pull reached their cursor
   * (`mainSynced`, a complete pull's), and so did the pull of every opened webcast whose on-demand
   * rows they touched (a createViewer's row comes only through its webcast's viewers pull; dropped
   * earlier, the viewer would vanish from the view until that pull). A touched on-demand row of a
   * webcast not opened here is not held by the device: no wait for it. `overrides`: cursors of
   * webcasts as they will be once the page being written is committed.
   */
  private async landed(outbox: readonly OutboxEntry[], mainSynced: number, overrides: ReadonlyMap<string, number | null> = new Map()): Promise<OutboxEntry[]> {
    const acknowledged = outbox.filter((entry) => entry.cursor !== null && entry.cursor <= mainSynced);
    if (acknowledged.length === 0) return [];
    let opened: Map<string, number | null> | undefined;
    const result: OutboxEntry[] = [];
    for (const entry of acknowledged) {
      let inBase = true;
      for (const key of entry.touched) {
        if (!isOnDemand(key.table)) continue;
        opened ??= new Map([...(await this.store.opened.list()).map((known): [string, number | null] => [known.webcast_id, known.synced]), ...overrides]);
        const row = (await this.store.base.get(key.table, key.id)) ?? (await this.store.view.get(key.table, key.id));
        const webcastId: unknown = row ? Reflect.get(row, "webcast_id") : undefined;
        if (typeof webcastId !== "string" || !opened.has(webcastId)) continue;
        const synced = opened.get(webcastId);
        if (synced === null || synced === undefined || entry.cursor === null || synced < entry.cursor) {
          inBase = false;
          break;
        }
      }
      if (inBase) result.push(entry);
    }
    return result;
  }

  /**
   * Registers a webcast whose on-demand rows (`table`: its viewers) the device pulls and keeps
   * (docs/sync.md "Viewers on demand"); its first pull starts from scratch. Already registered:
   * nothing changes.
   */
  async openWebcast(webcastId: string): Promise<void> {
    await this.store.transaction(async () => {
      if (!(await this.store.opened.get(webcastId))) await this.store.opened.put({ webcast_id: webcastId, cursor: 0, synced: null, opened_at: this.clock() });
    });
  }

  /** The webcasts registered on this device, with their cursors. */
  openedWebcasts() {
    return this.store.transaction(() => this.store.opened.list());
  }

  /**
   * Forgets a webcast's on-demand rows and its registration (its user may no longer read them, or
   * the webcast is gone), then rebases the view if mutations are pending.
   */
  async closeWebcast(table: OnDemandTable, webcastId: string): Promise<void> {
    await this.store.transaction(async () => {
      await this.store.opened.remove(webcastId);
      await this.store.view.dropWebcast(table, webcastId);
      await this.store.base.dropWebcast(table, webcastId);
      if ((await this.store.outbox.list()).length > 0) await this.rebase([]);
    });
  }

  /**
   * Pulls the on-demand rows (`table`) of one registered webcast after its own cursor, page by
   * page like `pull` (the next page fetched while one is written). A page whose cursor is 0 or
   * `reset` drops that webcast's rows only. A page goes in a narrow transaction (the table's rows,
   * the outbox, the registry: screens reading other tables are not held up), written with bulk
   * puts and no rebase, unless a queued mutation touched or reads those rows or the page lands an
   * acknowledged one: then in a full transaction with a rebase, as the main pull does. The last
   * page records the webcast's `synced` cursor. `onPage` is told after each committed page.
   * Throws `WebcastClosed` when the webcast is not (or no longer) registered.
   */
  async pullWebcast(table: OnDemandTable, webcastId: string, fetchPage: PullFetcher, onPage?: (page: PullResponse) => void): Promise<{ cursor: number; changes: number; reset: boolean }> {
    const known = await this.store.transaction(() => this.store.opened.get(webcastId), table);
    if (!known) throw new WebcastClosed(webcastId);
    // The apply of the page before, and the same when that page reads before it writes (see below).
    let before: Promise<void> = Promise.resolve();
    let reading: Promise<void> = Promise.resolve();
    return this.paged(known.cursor, fetchPage, (page, from) => {
      const previous = before;
      // A page is written before it is checked: its rows are put at once, even while the previous
      // page's transaction still runs (their clone is then off the critical path), and the checks
      // after them abort it when it needs more (an outbox, rows of the webcast a reset must drop).
      const startMode: WebcastPageMode = page.changes.length === 0 ? "narrow" : "optimistic";
      const write = async () => {
        let mode: WebcastPageMode = startMode;
        let waited = false;
        for (;;) {
          try {
            await this.store.transaction(() => this.applyWebcastPage(table, webcastId, page, from, mode), mode === "full" ? undefined : table);
            break;
          } catch (error) {
            // The page before was undone to be redone in a wider transaction, which queued behind
            // this one: this page goes again once that page committed (its failure is this one's).
            if (error instanceof CursorElsewhere && !waited) {
              waited = true;
              await previous;
              continue;
            }
            if (error instanceof CursorElsewhere) throw new Error("the webcast's cursor moved during its pull: another pull ran");
            if (!(error instanceof NeedsWiderWrite) || mode === "full") throw error;
            mode = mode === "optimistic" ? "narrow" : "full";
          }
        }
        onPage?.(page);
      };
      // Except after the pull's first page (a reset: its checks, the count among them, come right
      // after its writes) and after a page that reads first (redone, or empty): their round trips
      // would wait for the main thread while it clones this page's rows (a 2,500-row page ≈ 80 ms
      // here), the database idle meanwhile, so this one starts once that page committed.
      const applied = startMode === "optimistic" ? reading.then(write) : write();
      reading = startMode === "optimistic" && from !== known.cursor ? Promise.resolve() : applied;
      before = applied;
      return applied;
    });
  }

  /**
   * One page of a webcast's on-demand rows, in a transaction of `mode`: "optimistic" puts the rows
   * in the view first and then checks that nothing else was needed (no queued mutation, the
   * registry at `from`), else aborts (NeedsWiderWrite); "narrow" reads first and writes the rows
   * where the outbox wants them, aborting when a rebase is needed; "full" may rebase.
   */
  private async applyWebcastPage(table: OnDemandTable, webcastId: string, page: PullResponse, from: number, mode: WebcastPageMode): Promise<void> {
    const written = mode === "optimistic" ? this.store.view.write(page.changes) : null;
    // Their failure aborts the transaction: awaited below, or dropped when a check throws first.
    for (const write of written ?? []) write.catch(() => undefined);
    const known = await this.store.opened.get(webcastId);
    if (!known) throw new WebcastClosed(webcastId);
    if (known.cursor !== from) throw new CursorElsewhere();
    const outbox = await this.store.outbox.list();
    if (written && outbox.length > 0) throw new NeedsWiderWrite();
    const reset = page.reset || from === 0;
    // A reset page (and the ones after it) leaves the rows incomplete until the last page.
    const synced = page.more ? (reset ? null : known.synced) : page.cursor;
    const landed = page.more ? [] : await this.landed(outbox, await this.store.getSyncedCursor(), new Map([[webcastId, synced]]));
    const concerned = outbox.some((entry) => this.options.onDemandReaders?.has(entry.name) || entry.touched.some((key) => key.table === table));
    const rebase = outbox.length > 0 && (landed.length > 0 || (concerned && (reset || page.changes.length > 0)));
    if (mode === "narrow" && rebase) throw new NeedsWiderWrite();
    if (written) {
      for (const write of written) await write;
      // A reset page drops the webcast's rows before writing its own. Written first, it holds for
      // one when the webcast has no row but those (an empty outbox leaves base empty too); else
      // the page is redone reading first.
      if (reset && (await this.store.view.countWebcast(table, webcastId)) !== putIds(page.changes).size) throw new NeedsWiderWrite();
    } else {
      if (reset) {
        await this.store.base.dropWebcast(table, webcastId);
        await this.store.view.dropWebcast(table, webcastId);
      }
      const touched = touchedRows(outbox);
      const toBase = touched.size === 0 ? [] : page.changes.filter((change) => touched.has(keyOf(change)));
      const toView = toBase.length === 0 ? page.changes : page.changes.filter((change) => !touched.has(keyOf(change)));
      if (toBase.length > 0) await this.store.base.apply(toBase);
      if (toView.length > 0) await this.store.view.apply(toView);
    }
    await this.store.opened.put({ ...known, cursor: page.cursor, synced });
    if (landed.length > 0) await this.store.outbox.remove(landed.map((entry) => entry.id));
    if (rebase) await this.rebase(landed.flatMap((entry) => entry.touched));
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
