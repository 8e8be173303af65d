import { WebSocket as ReconnectingWebSocket } from "partysocket";
import { proxy, ref } from "valtio";
import type { ViewerPollView } from "../../../domain/polls/live.ts";
import { PING_FRAME, PROTOCOL_VERSION, type ClientMessage, type RoomEvent, type ServerMessage, encodeFrame, parseServerFrame } from "../../../domain/protocol/index.ts";
import type { RoomRole } from "../../../domain/webcast-room/actor.ts";
import type { ChatMessageView } from "../../../domain/chat/visibility.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import type { VisibleLiveState } from "../../../domain/webcast-room/live-state.ts";
import type { PendingStore } from "./pending-store.ts";
import {
  INITIAL_ROOM_STATE,
  type InteractionsState,
  type PendingCommand,
  type RoomEffect,
  type RoomSyncState,
  applyServerMessage,
  enqueueCommand,
  prependChat,
  resumeFrom,
} from "./room-state.ts";

/**
 * The control room's connection to its webcast room (`/api/webcasts/{uid}/room`, same origin,
 * the session cookie authenticates). A reconnecting socket (partysocket, backoff) says hello on
 * every open, resuming from the last applied event; frames go through the pure reducer
 * (room-state.ts) and its effects are carried out here.
 *
 * Decision (issue #15): commands made while disconnected are queued with their ids and shown as
 * pending, then sent once the room has welcomed us again (after the state is brought up to date);
 * commands sent but not acknowledged are sent again after every reconnect. The room acknowledges
 * each id once, so nothing is lost and nothing is applied twice. Refusing them instead would make
 * a producer on a shaky network redo every click; the room still judges each one when it lands.
 * The queue is also kept on the device (pending-store.ts): a control room opened again after the
 * tab closed starts with the commands still unanswered and sends them after its first welcome.
 *
 * The audience pages reach the room with a room token instead of the session. A token provider
 * (`token: () => string | Promise<string>`) is asked at each (re)connection, so the viewer page's
 * short-lived tokens are renewed without a new client (its queue and state stay). Whoever shows
 * the room at its own pace (the viewer page, in step with its video) listens to `onRoomChange`.
 */

/** What the client needs of a socket: partysocket's reconnecting WebSocket, or a test's fake. */
export interface RoomSocket {
  send(data: string): void;
  /** Closes for good (no reconnection). */
  close(): void;
  /** Drops the connection and opens a new one. */
  reconnect(): void;
  addEventListener(type: "open" | "close" | "error", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

/**
 * Makes the socket for `url`. `nextUrl`, when given, says the URL of every later (re)connection
 * (a room token renewed meanwhile): partysocket calls it before each attempt.
 */
export type RoomSocketFactory = (url: string, nextUrl?: () => Promise<string>) => RoomSocket;

/** A room token, or where to read the freshest one: called at each (re)connection. */
export type RoomToken = string | (() => string | Promise<string>);

/**
 * What changed in the room's copy, for whoever shows it at its own pace (media-gated-screen.ts):
 * a whole state (`snapshot`, after a welcome), events applied in order (`replayed`: missed ones
 * replayed by a welcome, not fresh), or the polls on screen (`snapshot`: the interactions sent
 * after a welcome).
 */
export type RoomChange =
  | { type: "snapshot"; live: VisibleLiveState }
  | { type: "events"; events: readonly RoomEvent[]; liveSince: number | null; replayed: boolean }
  | { type: "polls"; polls: readonly ViewerPollView[]; snapshot: boolean; at?: number | undefined };

export type ConnectionStatus = "connecting" | "open" | "closed";

/** The valtio store the page reads (`useSnapshot(client.store)`). */
export interface RoomStore {
  /** `open` once the room welcomed us on the current connection. */
  status: ConnectionStatus;
  /** Whether a welcome ever arrived: `connecting` after one means reconnecting. */
  welcomedOnce: boolean;
  role: RoomRole | null;
  live: VisibleLiveState | null;
  seq: number;
  pending: PendingCommand[];
  /** Ids of the pending commands found on the device at start (made before the page was last closed). */
  restored: string[];
  /** The room runs newer code: the page must be reloaded (no more reconnection). */
  reloadRequired: boolean;
  /** The last state change worth announcing to screen readers (already translated by the page). */
  lastEventName: string | null;
  /** Polls, questions and chat as this connection may see them; null until the room sent them. */
  interactions: InteractionsState | null;
}

/** How the room answered a command sent with `request`. */
export type RequestOutcome =
  | { ok: true; result: unknown }
  | { ok: false; code: string; message: string; retry_after_ms?: number; errors?: Record<string, string[]> };

export interface RoomClientOptions {
  uid: string;
  socketFactory?: RoomSocketFactory;
  /** Told of refusals and errors (the page shows them as toasts). */
  onNotice?(effect: Extract<RoomEffect, { type: "refused" | "error" | "acked" }>): void;
  /** New command ids (default crypto.randomUUID). */
  newId?(): string;
  /** Keep-alive ping interval (ms); 0 turns it off. */
  pingIntervalMs?: number;
  /** Stable per tab (hello clientId). */
  clientId?: string;
  /** Where the pending commands are kept across page loads (default: nowhere, memory only). */
  pendingStore?: PendingStore;
  /**
   * A room token (a viewer's or an audience preview link's): the socket is let in by it, no
   * session needed. A function is asked at each (re)connection, so a renewed token is used
   * without making a new client.
   */
  token?: RoomToken;
  /** The client's clock (epoch ms), for the wait before the next question; tests pass their own. */
  now?(): number;
}

export function roomUrl(uid: string, where: Pick<Location, "protocol" | "host"> = location, token?: string): string {
  const protocol = where.protocol === "https:" ? "wss:" : "ws:";
  const url = `${protocol}//${where.host}/api/webcasts/${encodeURIComponent(uid)}/room`;
  return token ? `${url}?token=${encodeURIComponent(token)}` : url;
}

/** partysocket with backoff from 1 s to 30 s; nothing buffered while closed (hello must come first). */
export const browserRoomSocket: RoomSocketFactory = (url, nextUrl) =>
  new ReconnectingWebSocket(nextUrl ?? url, [], { minReconnectionDelay: 1_000, maxReconnectionDelay: 30_000, reconnectionDelayGrowFactor: 1.5, maxEnqueuedMessages: 0 });

/** How long before asking a token provider again when it failed (offline, the server down). */
export const TOKEN_RETRY_MS = 5_000;

export class RoomClient {
  readonly store: RoomStore;
  private state: RoomSyncState = INITIAL_ROOM_STATE;
  private socket: RoomSocket | null = null;
  private readonly options: RoomClientOptions;
  private readonly clientId: string;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private resyncs = 0;
  private stopped = false;
  private lastMessageAt = 0;
  /** The callers of `request` waiting for the room's answer, by command id. */
  private readonly waiting = new Map<string, (outcome: RequestOutcome) => void>();
  private readonly changeListeners = new Set<(change: RoomChange) => void>();
  private tokenRetry: ReturnType<typeof setTimeout> | undefined;
  /** The token provider is being asked (or asked again soon): no socket yet. */
  private awaitingToken = false;
  private readonly onOnline = () => this.socket?.reconnect();
  // The browser may keep a dead socket open for minutes: offline means not connected now.
  private readonly onOffline = () => this.setStatus("connecting");

  constructor(options: RoomClientOptions) {
    this.options = options;
    this.clientId = options.clientId ?? this.newId();
    // Commands left unanswered when the page was last closed wait for the first welcome, as after a cut.
    const restored = options.pendingStore?.load() ?? [];
    this.state = { ...INITIAL_ROOM_STATE, pending: restored };
    this.store = proxy<RoomStore>({
      status: "connecting",
      welcomedOnce: false,
      role: null,
      live: null,
      seq: 0,
      pending: restored.map((item) => ref({ ...item })),
      restored: restored.map((item) => item.id),
      reloadRequired: false,
      lastEventName: null,
      interactions: null,
    });
  }

  start(): void {
    if (this.socket || this.stopped || this.awaitingToken) return;
    const token = this.options.token;
    if (typeof token !== "function") return this.connect(roomUrl(this.options.uid, location, token));
    const nextUrl = async () => roomUrl(this.options.uid, location, await token());
    const retry = () => {
      this.awaitingToken = true;
      this.tokenRetry = setTimeout(() => {
        this.awaitingToken = false;
        this.start();
      }, TOKEN_RETRY_MS);
    };
    let first: string | Promise<string>;
    try {
      first = token();
    } catch {
      return retry();
    }
    if (typeof first === "string") return this.connect(roomUrl(this.options.uid, location, first), nextUrl);
    // An asynchronous provider: connect once it answered (still "connecting" meanwhile).
    this.awaitingToken = true;
    first.then(
      (value) => {
        this.awaitingToken = false;
        if (!this.stopped && !this.socket) this.connect(roomUrl(this.options.uid, location, value), nextUrl);
      },
      () => {
        this.awaitingToken = false;
        if (!this.stopped) retry();
      },
    );
  }

  private connect(url: string, nextUrl?: () => Promise<string>): void {
    const factory = this.options.socketFactory ?? browserRoomSocket;
    const socket = nextUrl ? factory(url, nextUrl) : factory(url);
    this.socket = socket;
    socket.addEventListener("open", () => this.hello());
    socket.addEventListener("close", () => this.setStatus(this.store.reloadRequired ? "closed" : "connecting"));
    socket.addEventListener("message", (event) => {
      if (typeof event.data === "string") this.receive(event.data);
    });
    if (typeof window !== "undefined") {
      window.addEventListener("online", this.onOnline);
      window.addEventListener("offline", this.onOffline);
    }
    const interval = this.options.pingIntervalMs ?? 25_000;
    if (interval > 0) this.pingTimer = setInterval(() => this.keepAlive(interval), interval);
  }

  /** Pings while open; a connection silent for more than two pings is dropped and opened again. */
  private keepAlive(interval: number): void {
    if (this.store.status !== "open") return;
    if (Date.now() - this.lastMessageAt > interval * 2.5) {
      this.setStatus("connecting");
      this.socket?.reconnect();
      return;
    }
    this.socket?.send(PING_FRAME);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.tokenRetry);
    this.tokenRetry = undefined;
    if (typeof window !== "undefined") {
      window.removeEventListener("online", this.onOnline);
      window.removeEventListener("offline", this.onOffline);
    }
    this.socket?.close();
    this.socket = null;
    this.store.status = "closed";
    for (const resolve of this.waiting.values()) resolve({ ok: false, code: "closed", message: "" });
    this.waiting.clear();
  }

  /** Queues a command; sent at once when the room is connected, else after the next welcome. */
  send(command: RoomCommand): string {
    const id = this.newId();
    this.commit(enqueueCommand(this.state, id, command));
    if (this.store.status === "open") this.write({ type: "command", id, command });
    return id;
  }

  /**
   * Sends a command and resolves with the room's answer: the ack's result, or the refusal (code,
   * message, `retry_after_ms` for a question asked too soon). Queued like `send` while offline.
   */
  request(command: RoomCommand): Promise<RequestOutcome> {
    return new Promise((resolve) => {
      const id = this.newId();
      this.waiting.set(id, resolve);
      this.commit(enqueueCommand(this.state, id, command));
      if (this.store.status === "open") this.write({ type: "command", id, command });
    });
  }

  /** Tells `listener` of every change to the room's copy (see RoomChange); returns how to stop. */
  onRoomChange(listener: (change: RoomChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Older chat messages read by the page (GET chat-messages?before=), put before the ones held. */
  addOlderChat(messages: readonly ChatMessageView[], more: boolean): void {
    if (this.state.interactions === null) return;
    this.commit({ ...this.state, interactions: prependChat(this.state.interactions, messages, more) });
  }

  private newId(): string {
    return this.options.newId ? this.options.newId() : crypto.randomUUID();
  }

  private hello(): void {
    // Two resyncs in a row without progress: ask for a fresh snapshot instead of resuming.
    const since = this.resyncs >= 2 ? undefined : resumeFrom(this.state);
    const hello: ClientMessage = { type: "hello", protocolVersion: PROTOCOL_VERSION, clientId: this.clientId };
    if (since !== undefined) hello.since = since;
    this.write(hello);
  }

  private receive(raw: string): void {
    this.lastMessageAt = Date.now();
    const parsed = parseServerFrame(raw);
    // A frame this version does not understand changes nothing.
    if (!parsed.ok) return;
    const { state, effects } = applyServerMessage(this.state, parsed.message, this.options.now ? this.options.now() : Date.now());
    const before = this.state;
    this.commit(state);
    if (parsed.message.type === "event" && before.live !== state.live) this.store.lastEventName = parsed.message.name;
    if (this.changeListeners.size > 0) this.tellChanges(parsed.message, before, state);
    for (const effect of effects) this.carryOut(effect);
  }

  private tellChanges(message: ServerMessage, before: RoomSyncState, after: RoomSyncState): void {
    const tell = (change: RoomChange) => {
      for (const listener of this.changeListeners) listener(change);
    };
    if (message.type === "welcome" && message.snapshot !== null && after.live !== null) return tell({ type: "snapshot", live: after.live });
    if (message.type === "welcome" || message.type === "event" || message.type === "events") {
      const received = message.type === "welcome" ? message.missed : message.type === "event" ? [message] : message.events;
      const events = received.filter((event) => event.seq > before.seq && event.seq <= after.seq);
      if (events.length > 0) tell({ type: "events", events, liveSince: before.live?.live_since ?? null, replayed: message.type === "welcome" });
      return;
    }
    if ((message.type === "interactions" || message.type === "polls") && after.interactions !== null && after.interactions !== before.interactions) {
      tell({ type: "polls", polls: after.interactions.polls, snapshot: message.type === "interactions", ...(message.type === "polls" && message.at !== undefined ? { at: message.at } : {}) });
    }
  }

  private carryOut(effect: RoomEffect): void {
    switch (effect.type) {
      case "welcomed":
        this.resyncs = 0;
        this.store.welcomedOnce = true;
        this.setStatus("open");
        for (const { id, command } of this.state.pending) this.write({ type: "command", id, command });
        return;
      case "resync":
        this.resyncs += 1;
        this.setStatus("connecting");
        this.socket?.reconnect();
        return;
      case "reload":
        this.store.reloadRequired = true;
        this.stop();
        return;
      case "acked": {
        const resolve = this.waiting.get(effect.id);
        this.waiting.delete(effect.id);
        resolve?.({ ok: true, result: effect.result });
        this.options.onNotice?.(effect);
        return;
      }
      case "refused": {
        const resolve = this.waiting.get(effect.id);
        this.waiting.delete(effect.id);
        if (resolve) {
          const outcome: RequestOutcome = { ok: false, code: effect.code, message: effect.message };
          if (effect.retry_after_ms !== undefined) outcome.retry_after_ms = effect.retry_after_ms;
          if (effect.errors !== undefined) outcome.errors = effect.errors;
          resolve(outcome);
        }
        this.options.onNotice?.(effect);
        return;
      }
      default:
        this.options.onNotice?.(effect);
    }
  }

  private write(message: ClientMessage): void {
    this.socket?.send(encodeFrame(message));
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.stopped && status !== "closed") return;
    this.store.status = status;
  }

  private commit(state: RoomSyncState): void {
    if (state.pending !== this.state.pending) this.keepPending(this.state.pending, state.pending);
    const interactionsChanged = state.interactions !== this.state.interactions;
    this.state = state;
    this.store.role = state.role;
    // ref: the page reads the state whole; valtio need not proxy every nested field.
    this.store.live = state.live === null ? null : ref({ ...state.live });
    this.store.seq = state.seq;
    this.store.pending = state.pending.map((item) => ref({ ...item }));
    if (interactionsChanged) this.store.interactions = state.interactions === null ? null : ref({ ...state.interactions });
  }

  /** Tells the device's copy of the queue what was queued and what was settled (acknowledged or refused). */
  private keepPending(before: readonly PendingCommand[], after: readonly PendingCommand[]): void {
    const store = this.options.pendingStore;
    if (!store) return;
    const was = new Set(before.map((item) => item.id));
    const is = new Set(after.map((item) => item.id));
    for (const item of after) if (!was.has(item.id)) store.add(item);
    for (const item of before) if (!is.has(item.id)) store.remove(item.id);
  }
}
