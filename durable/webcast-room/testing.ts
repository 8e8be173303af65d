import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { PROTOCOL_VERSION, type ServerMessage, type WelcomeMessage, parseServerFrame } from "../../domain/protocol/index.ts";

/** Test-only client for the room: queues parsed server frames and records how the socket closed. */
export class TestSocket {
  private readonly inbox: string[] = [];
  private readonly waiters: Array<(frame: string) => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener("message", (event) => {
      const frame = typeof event.data === "string" ? event.data : "<binary frame>";
      const waiter = this.waiters.shift();
      if (waiter) waiter(frame);
      else this.inbox.push(frame);
    });
    this.closed = new Promise((resolve) => {
      ws.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason }));
    });
  }

  send(frame: string | ArrayBuffer | Record<string, unknown>): void {
    this.ws.send(typeof frame === "string" || frame instanceof ArrayBuffer ? frame : JSON.stringify(frame));
  }

  /** The next server message, or a failure after `timeoutMs`. */
  async next(timeoutMs = 2_000): Promise<ServerMessage> {
    const frame = this.inbox.shift() ?? (await this.nextFrame(timeoutMs));
    const parsed = parseServerFrame(frame);
    if (!parsed.ok) throw new Error(`unparseable server frame: ${frame}`);
    return parsed.message;
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

  /** Asserts that nothing arrives for `ms` milliseconds. */
  async expectSilence(ms = 150): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    expect(this.inbox).toEqual([]);
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

/** Opens a socket through the real worker route (GET /api/webcasts/:id/room). */
export async function openRoom(webcastId: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const response = await exports.default.fetch(
    new Request(`http://localhost/api/webcasts/${webcastId}/room`, { headers: { Upgrade: "websocket", ...headers } }),
  );
  expect(response.status).toBe(101);
  const ws = response.webSocket;
  if (!ws) throw new Error("the upgrade response carries no websocket");
  const socket = new TestSocket(ws);
  open.add(socket);
  return socket;
}

/** Opens a socket and says hello; returns the socket and its welcome. */
export async function joinRoom(webcastId: string, headers: Record<string, string> = {}): Promise<{ socket: TestSocket; welcome: WelcomeMessage }> {
  const socket = await openRoom(webcastId, headers);
  socket.send({ type: "hello", protocolVersion: PROTOCOL_VERSION });
  const welcome = await socket.next();
  if (welcome.type !== "welcome") throw new Error(`expected welcome, got ${JSON.stringify(welcome)}`);
  return { socket, welcome };
}
