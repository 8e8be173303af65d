import { afterEach, describe, expect, it, vi } from "vitest";
import { PROTOCOL_VERSION } from "../../../domain/protocol/version.ts";
import { encodeFrame } from "../../../domain/protocol/frames.ts";
import type { ServerMessage } from "../../../domain/protocol/server-messages.ts";
import { fakeServer, json } from "../../api/fake-server.ts";
import { ApiRequestError, installGlobalErrorHandler } from "../../api/errors.ts";
import { fetchOlderChat } from "./interaction-api.ts";
import { viewerPoll } from "./interaction-fixtures.ts";
import { RoomClient, type RoomChange, type RoomSocket, TOKEN_RETRY_MS } from "./room-client.ts";
import { liveFixture } from "./test-support.ts";

/** RoomClient with a token provider (read at each connection), and the changes it tells. */
class Socket implements RoomSocket {
  private listeners = new Map<string, ((event: { data: unknown }) => void)[]>();
  addEventListener(type: string, listener: (event: { data: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(): void {}
  close(): void {}
  reconnect(): void {}
  receive(message: ServerMessage): void {
    for (const listener of this.listeners.get("message") ?? []) listener({ data: encodeFrame(message) });
  }
}

const clients: RoomClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  installGlobalErrorHandler(undefined);
});

function client(token: ConstructorParameters<typeof RoomClient>[0]["token"]) {
  const made: { url: string; next: (() => Promise<string>) | undefined }[] = [];
  const socket = new Socket();
  const created = new RoomClient({ uid: "w1", token, pingIntervalMs: 0, socketFactory: (url, next) => (made.push({ url, next }), socket) });
  clients.push(created);
  return { client: created, made, socket };
}

describe("RoomClient with a token provider", () => {
  it("reads the token at the first connection and gives the socket a provider for every later one", async () => {
    let token = "first";
    const { client: room, made } = client(() => token);
    room.start();
    expect(made).toHaveLength(1);
    expect(made[0]?.url).toContain("/api/webcasts/w1/room?token=first");
    token = "renewed";
    expect(await made[0]?.next?.()).toContain("?token=renewed");
  });

  it("connects once an asynchronous provider answered, and asks again later when it failed", async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { client: room, made } = client(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error("offline")) : Promise.resolve("async");
    });
    room.start();
    room.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(made).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(TOKEN_RETRY_MS);
    expect(calls).toBe(2);
    expect(made).toHaveLength(1);
    expect(made[0]?.url).toContain("?token=async");
  });

  it("keeps a string token as before (no provider for the socket)", () => {
    const { client: room, made } = client("plain");
    room.start();
    expect(made).toEqual([{ url: expect.stringContaining("?token=plain"), next: undefined }]);
  });
});

describe("RoomClient changes", () => {
  it("tells the snapshot, the events applied (with their time) and the polls on screen", () => {
    const { client: room, socket } = client("t");
    const changes: RoomChange[] = [];
    room.onRoomChange((change) => changes.push(change));
    room.start();
    socket.receive({ type: "welcome", protocolVersion: PROTOCOL_VERSION, connectionId: "c", role: "viewer", seq: 4, snapshot: liveFixture({ phase: "live", live_since: 500 }), missed: [] });
    socket.receive({ type: "event", seq: 5, at: 9_000, name: "slide.set", patch: { current_slide_index: 2 } });
    // A duplicate changes nothing and tells nothing.
    socket.receive({ type: "event", seq: 5, at: 9_000, name: "slide.set", patch: { current_slide_index: 2 } });
    socket.receive({ type: "interactions", participant_id: "me", polls: [], tallies: null, questions: [], chat: [], chat_more: false, next_ask_at: null });
    socket.receive({ type: "polls", polls: [viewerPoll("p1")] });
    expect(changes.map((change) => change.type)).toEqual(["snapshot", "events", "polls", "polls"]);
    expect(changes[1]).toEqual({ type: "events", events: [expect.objectContaining({ seq: 5, at: 9_000 })], liveSince: 500, replayed: false });
    expect(changes[3]).toMatchObject({ type: "polls", snapshot: false, polls: [expect.objectContaining({ poll: expect.objectContaining({ id: "p1" }) })] });
  });
});

describe("fetchOlderChat", () => {
  it("leaves a 401 to a public page when asked (no global login handling)", async () => {
    const navigate = vi.fn();
    installGlobalErrorHandler({ resetUser: vi.fn(), loginPath: () => "/login", currentPath: () => "/w/x", navigate, reloadRoot: vi.fn() });
    fakeServer({ "GET /api/webcasts/w1/chat-messages": () => json({ message: "expired", code: "unauthenticated", requestId: "r" }, 401) });
    const error = await fetchOlderChat("w1", "m1", "tok", { globalErrors: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(navigate).not.toHaveBeenCalled();
    await fetchOlderChat("w1", "m1").catch(() => undefined);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
