import { expect } from "vitest";
import type { TestClient } from "../../worker/test/client.ts";

/** Test-only client of the poke channel: queues frames (parsed JSON) and records how it closed. */
export class PokeSocket {
  private readonly inbox: unknown[] = [];
  private readonly waiters: Array<(frame: unknown) => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener("message", (event) => {
      const frame: unknown = typeof event.data === "string" ? JSON.parse(event.data) : "<binary frame>";
      const waiter = this.waiters.shift();
      if (waiter) waiter(frame);
      else this.inbox.push(frame);
    });
    this.closed = new Promise((resolve) => {
      ws.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason }));
    });
  }

  send(frame: string): void {
    this.ws.send(frame);
  }

  /** The next frame, or a failure after `timeoutMs`. */
  next(timeoutMs = 2_000): Promise<unknown> {
    if (this.inbox.length > 0) return Promise.resolve(this.inbox.shift());
    return new Promise((resolve, reject) => {
      const waiter = (frame: unknown) => {
        clearTimeout(timer);
        resolve(frame);
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no frame within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  async expectSilence(ms = 150): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    expect(this.inbox).toEqual([]);
  }

  close(): void {
    try {
      this.ws.close(1000, "test done");
    } catch {
      // already closed by the server
    }
  }
}

const open = new Set<PokeSocket>();

/** Closes every socket `openPoke` opened (call in afterEach). */
export async function closePokeSockets(): Promise<void> {
  const sockets = [...open];
  open.clear();
  for (const socket of sockets) socket.close();
  await Promise.all(sockets.map((socket) => socket.closed));
}

/** Opens the poke channel of an organization through the real route, as `client`'s user. */
export async function openPoke(client: TestClient, organizationId: number): Promise<PokeSocket> {
  const response = await client.request(`/api/sync/poke?organization=${organizationId}`, { headers: { Upgrade: "websocket" } });
  if (response.status !== 101) throw new Error(`poke upgrade answered ${response.status}: ${await response.text()}`);
  const ws = response.webSocket;
  if (!ws) throw new Error("the upgrade response carries no websocket");
  const socket = new PokeSocket(ws);
  open.add(socket);
  return socket;
}
