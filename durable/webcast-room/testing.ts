import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { UiLocale } from "../../domain/i18n/locales.ts";
import { PRODUCER_PERMISSIONS } from "../../domain/permissions/permissions.ts";
import { PROTOCOL_VERSION, type ServerMessage, type WelcomeMessage, parseServerFrame } from "../../domain/protocol/index.ts";
import type { RoomActor } from "../../domain/webcast-room/actor.ts";
import { ROOM_ACTOR_HEADER } from "../headers.ts";
import { webcastRoomStub } from "../stubs.ts";

/** Test-only client for the room: queues parsed server frames and records how the socket closed. */
/** A server frame's messages: an `events` frame is its events, each as an `event` message. */
function unpack(frame: string): ServerMessage[] {
  const parsed = parseServerFrame(frame);
  if (!parsed.ok) throw new Error(`unparseable server frame: ${frame}`);
  const { message } = parsed;
  return message.type === "events" ? message.events.map((event) => ({ type: "event" as const, ...event })) : [message];
}

export class TestSocket {
  private readonly inbox: string[] = [];
  private readonly waiters: Array<(frame: string) => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  isClosed = false;
  /** How many websocket frames arrived (an `events` frame counts once). */
  frames = 0;

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener("message", (event) => {
      const frame = typeof event.data === "string" ? event.data : "<binary frame>";
      this.frames += 1;
      const waiter = this.waiters.shift();
      if (waiter) waiter(frame);
      else this.inbox.push(frame);
    });
    this.closed = new Promise((resolve) => {
      ws.addEventListener("close", (event) => {
        this.isClosed = true;
        resolve({ code: event.code, reason: event.reason });
      });
    });
  }

  send(frame: string | ArrayBuffer | Record<string, unknown>): void {
    this.ws.send(typeof frame === "string" || frame instanceof ArrayBuffer ? frame : JSON.stringify(frame));
  }

  /** Events that arrived together (an `events` frame), handed out one by one before the next frame. */
  private unpacked: ServerMessage[] = [];

  /** The next server message (an `events` frame read as its events, one by one), or a failure after `timeoutMs`. */
  async next(timeoutMs = 2_000): Promise<ServerMessage> {
    const waiting = this.unpacked.shift();
    if (waiting) return waiting;
    const frame = this.inbox.shift() ?? (await this.nextFrame(timeoutMs));
    const [first, ...rest] = unpack(frame);
    this.unpacked.push(...rest);
    if (!first) throw new Error(`empty server frame: ${frame}`);
    return first;
  }

  /** The next message of `type`, skipping others (presence events, say). */
  async nextOf<T extends ServerMessage["type"]>(type: T, timeoutMs = 2_000): Promise<Extract<ServerMessage, { type: T }>> {
    for (;;) {
      const message = await this.next(timeoutMs);
      if (message.type === type) return message as Extract<ServerMessage, { type: T }>;
    }
  }

  private nextFrame(timeoutMs: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no server message within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = (frame: string) => {
        clearTimeout(timer);
        resolve(frame);
      };
      this.waiters.push(waiter);
    });
  }

  /** Everything received so far, parsed, emptying the queue. */
  drain(): ServerMessage[] {
    return [...this.unpacked.splice(0), ...this.inbox.splice(0).flatMap(unpack)];
  }

  /** Asserts that nothing arrives for `ms` milliseconds. */
  async expectSilence(ms = 150): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    expect([...this.unpacked, ...this.inbox]).toEqual([]);
  }

  close(): void {
    this.ws.close(1000, "test done");
  }
}

const open = new Set<TestSocket>();

/** Closes every socket the helpers opened (call in afterEach), so no test leaves a peer hanging. */
export async function closeAllSockets(): Promise<void> {
  const sockets = [...open];
  open.clear();
  for (const socket of sockets) {
    try {
      socket.close();
    } catch {
      // already closed by the server
    }
  }
  await Promise.all(sockets.map((socket) => socket.closed));
}

/** A producer of the webcast (every producer permission). */
export function producerActor(userId: number, locale: UiLocale = "en"): RoomActor {
  return { role: "producer", user_id: userId, viewer_id: null, grants: [...PRODUCER_PERMISSIONS], locale };
}

/** A speaker who does not produce (no control-room permission). */
export function speakerActor(userId: number, locale: UiLocale = "en"): RoomActor {
  return { role: "speaker", user_id: userId, viewer_id: null, grants: [], locale };
}

export function viewerActor(viewerId: string, locale: UiLocale = "en"): RoomActor {
  return { role: "viewer", user_id: null, viewer_id: viewerId, grants: [], locale };
}

/** The upgrade as the worker forwards it (worker/features/webcast-room/routes.ts), straight to the object. */
export function roomUpgrade(uid: string, actor: RoomActor | null, headers: Record<string, string> = {}): Promise<Response> {
  const all: Record<string, string> = { Upgrade: "websocket", ...headers };
  if (actor) all[ROOM_ACTOR_HEADER] = JSON.stringify(actor);
  return webcastRoomStub(env, uid).fetch(`http://room/api/webcasts/${uid}/room`, { headers: all });
}

/** The socket of an accepted upgrade (101), closed by `closeAllSockets`. */
export async function acceptedSocket(response: Response): Promise<TestSocket> {
  const ws = response.webSocket;
  if (response.status !== 101 || !ws) throw new Error(`expected 101 with a websocket, got ${response.status}: ${await response.text()}`);
  const socket = new TestSocket(ws);
  open.add(socket);
  return socket;
}

/** Says hello (with `since` when given) and returns the welcome. */
export async function sayHello(socket: TestSocket, since?: number, timeoutMs?: number): Promise<WelcomeMessage> {
  socket.send(since === undefined ? { type: "hello", protocolVersion: PROTOCOL_VERSION } : { type: "hello", protocolVersion: PROTOCOL_VERSION, since });
  const welcome = await socket.next(timeoutMs);
  if (welcome.type !== "welcome") throw new Error(`expected welcome, got ${JSON.stringify(welcome)}`);
  return welcome;
}

/** Opens a socket on webcast `uid`'s room as `actor` (by default a producer, user 1). */
export async function openRoom(uid: string, headers: Record<string, string> = {}, actor: RoomActor = producerActor(1)): Promise<TestSocket> {
  return acceptedSocket(await roomUpgrade(uid, actor, headers));
}

/** Opens a socket and says hello (with `since` when given); returns the socket and its welcome. */
export async function joinRoom(
  uid: string,
  headers: Record<string, string> = {},
  actor: RoomActor = producerActor(1),
  since?: number,
): Promise<{ socket: TestSocket; welcome: WelcomeMessage }> {
  const socket = await openRoom(uid, headers, actor);
  return { socket, welcome: await sayHello(socket, since) };
}
