import type { z } from "zod";
import type { ProfileUser } from "../../domain/auth/profile-user.ts";
import { messageLocale } from "../../domain/i18n/locales.ts";
import { type PullFetcher, type PushSender, Replica, WebcastClosed } from "../../domain/sync/replica.ts";
import type { RejectedMutation } from "../../domain/sync/replica-store.ts";
import type { PendingMutation, PullResponse, PushResponse } from "../../domain/sync/types.ts";
import { ALL_MUTATORS, ON_DEMAND_READERS } from "../../domain/sync/registry.ts";
import { api } from "../api/client.ts";
import { ApiRequestError, handleApiError, succeededResponse, unwrap } from "../api/errors.ts";
import { type StreamedPages, streamedPages } from "./page-stream.ts";
import { currentLocale } from "../i18n/i18n.ts";
import { LocalDatabase } from "./db.ts";
import { organizationRulesLookup } from "./organization-rules.ts";
import { DexieReplicaStore } from "./dexie-replica-store.ts";
import { resetSyncState, syncState } from "./sync-state.ts";
import { parsePokeFrame } from "../../domain/sync/poke.ts";
import { resetViewerPulls, setViewerPull } from "./viewer-pull-state.ts";

export { syncState } from "./sync-state.ts";

/** Every mutator the browser may run (more features add theirs here). */
export const CLIENT_MUTATORS = ALL_MUTATORS;
export type ClientMutators = typeof CLIENT_MUTATORS;

/** Callbacks of one poke socket. */
export interface PokeHandlers {
  open(): void;
  message(data: unknown): void;
  close(): void;
}

/** Opens the poke websocket at `url`; returns how to close it (null when the browser has no WebSocket). */
export type PokeSocketOpener = (url: string, handlers: PokeHandlers) => { close(): void } | null;

export interface SyncEngineOptions {
  user: ProfileUser;
  /** The user's database (tests pass one); default `new LocalDatabase(user.id)`. */
  db?: LocalDatabase;
  /** Periodic sync while online (default 30 s). */
  intervalMs?: number;
  /** First retry delay after a failure, doubled each time (default 1 s) up to `retryMaxMs` (default 60 s). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Delay between a poke and its pull, to merge bursts (default 200 ms). */
  pokeDelayMs?: number;
  openSocket?: PokeSocketOpener;
  clock?: () => string;
}

const browserSocket: PokeSocketOpener = (url, handlers) => {
  if (typeof WebSocket !== "function") return null;
  const socket = new WebSocket(url);
  socket.onopen = () => handlers.open();
  socket.onmessage = (event) => handlers.message(event.data);
  socket.onclose = () => handlers.close();
  return { close: () => socket.close() };
};

function pokeUrl(organizationId: number): string {
  const protocol = location.protocol === "https:" ? "wss:" : "ws:";
  return `${protocol}//${location.host}/api/sync/poke?organization=${organizationId}`;
}

/**
 * Whether the browser reports a network: the engine tries only then. A request that fails for lack
 * of network shows "offline" too (web/api/reachability.ts), but the engine keeps retrying it.
 */
const hasNetwork = () => navigator.onLine;

/**
 * User Timing marks around each pull, for benchmarks and DevTools (bench/initial-pull.bench.ts):
 * `igo:sync-pull-start`, then `igo:sync-pull-end` with `{ cursor, changes, reset }` once the pulled
 * rows are committed to IndexedDB; the same per opened webcast's viewers pull, `igo:viewers-pull-start`
 * and `igo:viewers-pull-end` with its `webcast` (bench/viewers-pull.bench.ts). Nothing reads them in the app.
 */
function mark(name: "igo:sync-pull-start" | "igo:sync-pull-end" | "igo:viewers-pull-start" | "igo:viewers-pull-end", detail?: { cursor?: number; changes?: number; reset?: boolean; webcast?: string }): void {
  if (typeof performance !== "undefined" && typeof performance.mark === "function") performance.mark(name, detail ? { detail } : undefined);
}

/**
 * The sync loop of one signed-in user (docs/sync.md "Client"): a `Replica` over the user's Dexie
 * database, driven by triggers — after each mutation, on `online`, on a poke, on window focus and
 * every 30 s while online. A cycle pushes the outbox then pulls; failures (network, 5xx, any
 * refusal of the request itself) retry with exponential backoff; a 401 stops the engine and lets
 * the global handler sign out. Its state is mirrored in the valtio `syncState`.
 *
 * Organization rules come from the replica's synced organizations (web/local/organization-rules.ts,
 * IndexedDB only, so never the network inside a Dexie transaction): limits, features and
 * deactivation are judged offline as the server will. An organization not pulled yet allows
 * everything and the server decides (a refusal lands in the rejected list).
 */
export class SyncEngine {
  readonly userId: number;
  readonly db: LocalDatabase;
  private readonly replica: Replica<ClientMutators>;
  private readonly intervalMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly pokeDelayMs: number;
  private readonly openSocket: PokeSocketOpener;
  private readonly clock: () => string;
  private readonly organizationIds: number[];

  private started = false;
  private stopped = false;
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private cursor = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pokeTimer: ReturnType<typeof setTimeout> | undefined;
  private interval: ReturnType<typeof setInterval> | undefined;
  private readonly sockets = new Map<number, { close(): void } | null>();
  private readonly socketRetries = new Map<number, { attempts: number; timer?: ReturnType<typeof setTimeout> }>();

  constructor(options: SyncEngineOptions) {
    this.userId = options.user.id;
    this.db = options.db ?? new LocalDatabase(options.user.id);
    this.intervalMs = options.intervalMs ?? 30_000;
    this.retryBaseMs = options.retryBaseMs ?? 1_000;
    this.retryMaxMs = options.retryMaxMs ?? 60_000;
    this.pokeDelayMs = options.pokeDelayMs ?? 200;
    this.openSocket = options.openSocket ?? browserSocket;
    this.clock = options.clock ?? (() => new Date().toISOString());
    // A super admin syncs every organization but belongs to few: their pulls run on the other triggers.
    this.organizationIds = options.user.accounts.map((account) => account.id);
    this.replica = new Replica({
      store: new DexieReplicaStore(this.db),
      registry: CLIENT_MUTATORS,
      actor: { id: options.user.id, is_super_admin: options.user.is_super_admin, permissions: options.user.permissions },
      // Client-side refusals speak the server's language rule (en, else fr; SPEC §5).
      locale: messageLocale(currentLocale()),
      clock: this.clock,
      // The organization's rules from the replica (view_organizations), so limits, features and
      // deactivation are judged offline as the server will.
      organization: organizationRulesLookup(this.db),
      onDemandReaders: ON_DEMAND_READERS,
    });
  }

  /** Attaches the triggers, opens the poke sockets and runs a first sync. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    resetSyncState();
    syncState.status = hasNetwork() ? "idle" : "offline";
    window.addEventListener("online", this.onOnline);
    window.addEventListener("offline", this.onOffline);
    window.addEventListener("focus", this.onFocus);
    this.interval = setInterval(() => {
      if (hasNetwork()) this.requestSync();
    }, this.intervalMs);
    if (hasNetwork()) this.openSockets();
    void this.refresh();
    this.requestSync();
  }

  /** Detaches everything and closes the database (the caller may then delete it). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    window.removeEventListener("online", this.onOnline);
    window.removeEventListener("offline", this.onOffline);
    window.removeEventListener("focus", this.onFocus);
    clearInterval(this.interval);
    clearTimeout(this.retryTimer);
    clearTimeout(this.pokeTimer);
    this.closeSockets();
    await this.running?.catch(() => undefined);
    this.db.close();
    resetSyncState();
    resetViewerPulls();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /**
   * Applies a mutation locally (the view changes at once) and queues it; a sync follows. A
   * refusal the browser can judge throws `MutationRejected` and queues nothing.
   */
  async mutate<N extends keyof ClientMutators & string>(name: N, args: z.input<ClientMutators[N]["args"]>): Promise<PendingMutation> {
    const mutation = await this.replica.mutate(name, args);
    await this.refresh();
    this.requestSync();
    return mutation;
  }

  /**
   * Registers a webcast whose viewers this device pulls and keeps (docs/sync.md "Viewers on
   * demand"), then syncs: the cycle pulls the main scope, then the opened webcasts' viewers.
   * Resolves once that sync is over (at once offline: the next trigger pulls them).
   */
  async openWebcastViewers(webcastId: string): Promise<void> {
    if (this.stopped) return;
    await this.replica.openWebcast(webcastId);
    const opened = (await this.replica.openedWebcasts()).find((entry) => entry.webcast_id === webcastId);
    if (opened?.synced === null) setViewerPull(webcastId, { status: hasNetwork() ? "pulling" : "offline", error: null });
    this.requestSync();
    await this.settled();
  }

  /** The server's refusals, oldest first. */
  rejected(): Promise<RejectedMutation[]> {
    return this.replica.rejected();
  }

  /** Drops a refused mutation (its local edit is already gone from the view). */
  async discardRejected(mutationId: string): Promise<void> {
    await this.replica.discardRejected(mutationId);
    await this.refresh();
  }

  /** Asks for a sync now (coalesced with one already running); does nothing offline. */
  requestSync(): void {
    if (this.stopped || !this.started) return;
    if (!hasNetwork()) {
      syncState.status = "offline";
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.running = this.cycle().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.requestSync();
      }
    });
  }

  /** Resolves once no sync runs nor is asked for (tests). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async cycle(): Promise<void> {
    syncState.status = "syncing";
    try {
      const pushed = await this.replica.push(this.send);
      if (pushed.status === "failed") throw pushed.error;
      if (pushed.status === "stopped") throw new Error(pushed.error?.message ?? "push stopped");
      mark("igo:sync-pull-start");
      const pulled = await this.replica.pull(this.fetchPage);
      mark("igo:sync-pull-end", pulled);
      this.cursor = pulled.cursor;
      if (this.stopped) return;
      await this.pullOpenedWebcasts(pulled.cursor);
      if (this.stopped) return;
      await this.db.meta.put({ key: "last_synced_at", value: this.clock() });
      this.failures = 0;
      syncState.status = hasNetwork() ? "idle" : "offline";
    } catch (error) {
      if (this.stopped) return;
      if (error instanceof ApiRequestError && error.status === 401) {
        // The global handler signed out (session-sync then stops the engine); stop anyway.
        void this.stop();
        return;
      }
      const unreachable = error instanceof ApiRequestError && error.isNetworkError;
      syncState.status = hasNetwork() && !unreachable ? "error" : "offline";
      this.scheduleRetry();
    } finally {
      if (!this.stopped) await this.refresh();
    }
  }

  /**
   * The viewers of every opened webcast after the main pull reached `head`, one webcast after the
   * other. A webcast whose last complete pull is at or past that head has nothing new (the main
   * pull's last cursor is the log's head). A webcast the user may no longer read (404, 403: gone,
   * or viewers.manage taken away) is forgotten with its viewers; any other failure stops the cycle
   * (retried with backoff).
   */
  private async pullOpenedWebcasts(head: number): Promise<void> {
    for (const opened of await this.replica.openedWebcasts()) {
      if (this.stopped) return;
      const webcastId = opened.webcast_id;
      if (opened.synced !== null && opened.synced >= head && opened.cursor === opened.synced) continue;
      const first = opened.synced === null;
      if (first) setViewerPull(webcastId, { status: "pulling", loaded: 0, total: null, error: null });
      let loaded = 0;
      const pages = this.webcastPages(webcastId);
      try {
        mark("igo:viewers-pull-start", { webcast: webcastId });
        const pulled = await this.replica.pullWebcast("viewers", webcastId, pages.fetchPage, (page) => {
          loaded += page.changes.filter((change) => change.op === "put").length;
          if (first) setViewerPull(webcastId, { loaded, ...(page.total === undefined ? {} : { total: page.total }) });
        });
        mark("igo:viewers-pull-end", { ...pulled, webcast: webcastId });
        setViewerPull(webcastId, { status: "ready", error: null, ...(first ? {} : { loaded }) });
      } catch (error) {
        if (this.stopped || error instanceof WebcastClosed) continue;
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 403)) {
          await this.replica.closeWebcast("viewers", webcastId);
          setViewerPull(webcastId, { status: "error", error: error.message });
          continue;
        }
        const unreachable = (error instanceof ApiRequestError && error.isNetworkError) || !hasNetwork();
        if (first) setViewerPull(webcastId, unreachable ? { status: "offline" } : { status: "error", error: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        pages.close();
      }
    }
  }

  private scheduleRetry(): void {
    const delay = Math.min(this.retryBaseMs * 2 ** this.failures, this.retryMaxMs);
    this.failures++;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.requestSync(), delay);
  }

  /** Reads pending/rejected counts and the last sync time into `syncState`. */
  private async refresh(): Promise<void> {
    try {
      const { pending, rejected, last } = await this.db.transaction("r", [this.db.outbox, this.db.rejected, this.db.meta], async () => ({
        pending: await this.db.outbox.count(),
        rejected: await this.db.rejected.count(),
        last: await this.db.meta.get("last_synced_at"),
      }));
      if (this.stopped) return;
      syncState.pending = pending;
      syncState.rejected = rejected;
      syncState.lastSyncedAt = last?.key === "last_synced_at" ? last.value : null;
    } catch {
      // The database closed (stopped meanwhile): nothing to show.
    }
  }

  /** A 401 goes to the global handler (sign out); anything else is the engine's to retry. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) handleApiError(error);
      throw error;
    }
  }

  private readonly send: PushSender = (mutations) =>
    this.call(async (): Promise<PushResponse> => {
      const { results, error } = await unwrap(api.api.sync.push.$post({ json: { mutations } }), { global: false });
      return error ? { results, error } : { results };
    });

  private readonly fetchPage: PullFetcher = (cursor, continuing) =>
    this.call(async (): Promise<PullResponse> => {
      // A long first pull stops between pages once the engine stopped (sign-out).
      if (this.stopped) throw new Error("sync stopped");
      return unwrap(api.api.sync.pull.$get({ query: { cursor: String(cursor), ...(continuing ? { continuing: "1" as const } : {}) } }), { global: false });
    });

  /** A webcast's viewers pull, all its pages from one streamed response (GET /api/sync/pull/stream). */
  private webcastPages(webcastId: string): StreamedPages {
    return streamedPages((cursor, continuing) =>
      this.call(async () => {
        if (this.stopped) throw new Error("sync stopped");
        const query = { cursor: String(cursor), webcast: webcastId, ...(continuing ? { continuing: "1" as const } : {}) };
        // Never stored (the server says no-store): the browser need not look in its HTTP cache first.
        const response = await succeededResponse(api.api.sync.pull.stream.$get({ query }, { init: { cache: "no-store" } }), { global: false });
        if (!response.body) throw new Error("the pull's stream has no body");
        return response.body;
      }),
    );
  }

  private readonly onOnline = () => {
    this.openSockets();
    this.requestSync();
  };

  private readonly onOffline = () => {
    syncState.status = "offline";
    this.closeSockets();
  };

  private readonly onFocus = () => this.requestSync();

  private onPoke(data: unknown): void {
    const cursor = parsePokeFrame(data);
    if (cursor !== null && cursor <= this.cursor) return;
    clearTimeout(this.pokeTimer);
    this.pokeTimer = setTimeout(() => this.requestSync(), this.pokeDelayMs);
  }

  private openSockets(): void {
    for (const id of this.organizationIds) this.connect(id);
  }

  private connect(organizationId: number): void {
    if (this.stopped || !hasNetwork() || this.sockets.get(organizationId)) return;
    const retry = this.socketRetries.get(organizationId) ?? { attempts: 0 };
    this.socketRetries.set(organizationId, retry);
    clearTimeout(retry.timer);
    let socket: { close(): void } | null = null;
    try {
      socket = this.openSocket(pokeUrl(organizationId), {
        open: () => {
          retry.attempts = 0;
          // Pokes may have been missed while disconnected.
          this.requestSync();
        },
        message: (data) => this.onPoke(data),
        close: () => {
          if (this.sockets.get(organizationId) !== socket) return;
          this.sockets.delete(organizationId);
          if (this.stopped || !hasNetwork()) return;
          const delay = Math.min(1_000 * 2 ** retry.attempts, 30_000);
          retry.attempts++;
          retry.timer = setTimeout(() => this.connect(organizationId), delay);
        },
      });
    } catch {
      socket = null;
    }
    this.sockets.set(organizationId, socket);
  }

  private closeSockets(): void {
    for (const [id, socket] of [...this.sockets]) {
      this.sockets.delete(id);
      socket?.close();
    }
    for (const retry of this.socketRetries.values()) clearTimeout(retry.timer);
    this.socketRetries.clear();
  }
}
