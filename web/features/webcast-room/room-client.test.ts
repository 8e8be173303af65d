import { afterEach, describe, expect, it } from "vitest";
import type { ClientMessage } from "../../../domain/protocol/client-messages.ts";
import { encodeFrame } from "../../../domain/protocol/frames.ts";
import { PROTOCOL_VERSION } from "../../../domain/protocol/version.ts";
import type { ServerMessage } from "../../../domain/protocol/server-messages.ts";
import { PENDING_MAX_AGE_MS, type KeyValueStorage, pendingStorageKey, storedPendingCommands } from "./pending-store.ts";
import { RoomClient, type RoomSocket } from "./room-client.ts";
import { chatMessage, interactionsFrame, viewerPoll } from "./interaction-fixtures.ts";
import { liveFixture } from "./test-support.ts";

/** A socket the test drives: what the client writes, and the room's frames on demand. */
class FakeSocket implements RoomSocket {
  sent: ClientMessage[] = [];
  connected = false;
  private listeners = new Map<string, ((event: { data: unknown }) => void)[]>();
  addEventListener(type: string, listener: (event: { data: unknown }) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private emit(type: string, data?: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  send(data: string): void {
    if (this.connected) this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close(): void {
    this.connected = false;
  }
  reconnect(): void {}
  open(): void {
    this.connected = true;
    this.emit("open");
  }
  receive(message: ServerMessage): void {
    this.emit("message", encodeFrame(message));
  }
  commands() {
    return this.sent.filter((message): message is Extract<ClientMessage, { type: "command" }> => message.type === "command");
  }
}

/** Web Storage in a Map (what two page loads of the same browser share). */
class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const welcome = (seq: number): ServerMessage => ({ type: "welcome", protocolVersion: PROTOCOL_VERSION, connectionId: "c", role: "producer", seq, snapshot: liveFixture({ phase: "live" }), missed: [] });

const opened: RoomClient[] = [];
afterEach(() => {
  for (const client of opened.splice(0)) client.stop();
});

function openClient(storage: KeyValueStorage, options: { uid?: string; userId?: number; now?: () => number } = {}) {
  const socket = new FakeSocket();
  let next = 0;
  const pendingStore = storedPendingCommands({ userId: options.userId ?? 7, uid: options.uid ?? "w1", storage, ...(options.now ? { now: options.now } : {}) });
  const client = new RoomClient({ uid: options.uid ?? "w1", socketFactory: () => socket, pendingStore, pingIntervalMs: 0, newId: () => `cmd-${(next += 1)}-${Math.random()}` });
  client.start();
  opened.push(client);
  return { client, socket };
}

describe("pending commands kept on the device", () => {
  it("restores what was not answered when the page closed, and sends it after the welcome with the same ids", () => {
    const storage = new MemoryStorage();
    const first = openClient(storage);
    first.socket.open();
    first.socket.receive(welcome(3));
    // The network drops; two changes are made, then the tab closes.
    first.socket.close();
    const slide = first.client.send({ type: "slide.set", index: 4 });
    const scene = first.client.send({ type: "scene.set", layout: "video-only" });
    expect(first.socket.commands()).toEqual([]);
    first.client.stop();

    // The control room opened again in the same browser.
    const second = openClient(storage);
    expect(second.client.store.pending.map((item) => item.id)).toEqual([slide, scene]);
    expect(second.client.store.restored).toEqual([slide, scene]);
    second.socket.open();
    // Nothing before the welcome: hello first, from scratch (no state to resume).
    expect(second.socket.sent).toEqual([{ type: "hello", protocolVersion: PROTOCOL_VERSION, clientId: expect.any(String) }]);
    second.socket.receive(welcome(5));
    expect(second.socket.commands()).toEqual([
      { type: "command", id: slide, command: { type: "slide.set", index: 4 } },
      { type: "command", id: scene, command: { type: "scene.set", layout: "video-only" } },
    ]);

    // Acknowledged or refused: gone from the device too.
    second.socket.receive({ type: "event", seq: 6, at: 1, name: "slide.set", patch: { current_slide_index: 4 } });
    second.socket.receive({ type: "ack", id: slide, seq: 6 });
    second.socket.receive({ type: "error", code: "wrong_phase", message: "Not now.", id: scene });
    expect(second.client.store.pending).toEqual([]);
    expect(storage.items.size).toBe(0);
    second.client.stop();
    expect(openClient(storage).client.store.pending).toEqual([]);
  });

  it("keeps each user's and each webcast's queue apart", () => {
    const storage = new MemoryStorage();
    const { client } = openClient(storage, { uid: "w1", userId: 7 });
    client.send({ type: "control.start" });
    client.stop();
    expect([...storage.items.keys()]).toEqual([pendingStorageKey(7, "w1")]);
    expect(openClient(storage, { uid: "w1", userId: 8 }).client.store.pending).toEqual([]);
    expect(openClient(storage, { uid: "w2", userId: 7 }).client.store.pending).toEqual([]);
    expect(openClient(storage, { uid: "w1", userId: 7 }).client.store.pending).toEqual([{ id: expect.any(String), command: { type: "control.start" } }]);
  });

  it("drops what is too old or unreadable, and keeps the queue of another tab of the same room", () => {
    const storage = new MemoryStorage();
    let now = 1_000_000_000;
    const tabA = openClient(storage, { now: () => now });
    const old = tabA.client.send({ type: "slide.set", index: 1 });
    now += PENDING_MAX_AGE_MS - 1;
    const tabB = openClient(storage, { now: () => now });
    const recent = tabB.client.send({ type: "slide.set", index: 2 });
    // Both tabs' commands are on the device: B adding its own kept A's.
    expect(openClient(storage, { now: () => now }).client.store.pending.map((item) => item.id)).toEqual([old, recent]);

    now += 2;
    const key = pendingStorageKey(7, "w1");
    const stored = JSON.parse(storage.getItem(key) ?? "[]") as unknown[];
    storage.setItem(key, JSON.stringify([...stored, { id: "x", command: { type: "slide.explode" }, at: now }, "junk"]));
    expect(openClient(storage, { now: () => now }).client.store.pending.map((item) => item.id)).toEqual([recent]);
    expect((JSON.parse(storage.getItem(key) ?? "[]") as { id: string }[]).map((entry) => entry.id)).toEqual([recent]);

    storage.setItem(key, "{not json");
    expect(openClient(storage, { now: () => now }).client.store.pending).toEqual([]);
  });

  it("works without storage (disabled or failing): the queue lives in the page", () => {
    const failing: KeyValueStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    const { client, socket } = openClient(failing);
    const id = client.send({ type: "control.prepare" });
    socket.open();
    socket.receive(welcome(1));
    expect(socket.commands().map((message) => message.id)).toEqual([id]);
  });
});

describe("interactions", () => {
  it("connects a viewer with the room token in the socket URL, no session needed", () => {
    const urls: string[] = [];
    const client = new RoomClient({ uid: "w 1", token: "tok/en", socketFactory: (url) => (urls.push(url), new FakeSocket()), pingIntervalMs: 0 });
    client.start();
    opened.push(client);
    expect(urls).toEqual([`ws://${location.host}/api/webcasts/w%201/room?token=tok%2Fen`]);
  });

  it("keeps the interactions in the store and answers request() with the ack's result or the refusal", async () => {
    const socket = new FakeSocket();
    let next = 0;
    const client = new RoomClient({ uid: "w1", socketFactory: () => socket, pingIntervalMs: 0, newId: () => `id-${(next += 1)}`, now: () => 1_000 });
    client.start();
    opened.push(client);
    socket.open();
    socket.receive(welcome(1));
    socket.receive(interactionsFrame({ polls: [viewerPoll("p1")] }));
    expect(client.store.interactions?.polls).toHaveLength(1);

    const vote = client.request({ type: "poll.vote", poll_id: "p1", option_ids: ["p1-a"] });
    const ask = client.request({ type: "question.ask", text: "Too soon?", anonymous: false });
    expect(socket.commands().map((frame) => frame.id)).toEqual(["id-2", "id-3"]);
    socket.receive({ type: "ack", id: "id-2", seq: 1, result: { poll_id: "p1", option_ids: ["p1-a"] } });
    socket.receive({ type: "error", id: "id-3", code: "question_wait", message: "Wait 4 seconds.", retry_after_ms: 4_000 });
    await expect(vote).resolves.toEqual({ ok: true, result: { poll_id: "p1", option_ids: ["p1-a"] } });
    await expect(ask).resolves.toEqual({ ok: false, code: "question_wait", message: "Wait 4 seconds.", retry_after_ms: 4_000 });
    expect(client.store.interactions?.polls[0]?.ballot).toEqual(["p1-a"]);
    expect(client.store.interactions?.next_ask_at).toBe(5_000);
    expect(client.store.pending).toEqual([]);
  });

  it("queues an interaction made offline and sends it once welcomed", async () => {
    const socket = new FakeSocket();
    const client = new RoomClient({ uid: "w1", socketFactory: () => socket, pingIntervalMs: 0, newId: () => "only" });
    client.start();
    opened.push(client);
    const sent = client.request({ type: "chat.send", body: "hi" });
    socket.open();
    expect(socket.commands()).toEqual([]);
    socket.receive(welcome(1));
    expect(socket.commands()).toEqual([{ type: "command", id: "only", command: { type: "chat.send", body: "hi" } }]);
    socket.receive({ type: "ack", id: "only", seq: 1, result: { message: chatMessage("m1", { body: "hi" }), warning: null } });
    await expect(sent).resolves.toMatchObject({ ok: true });
  });
});
