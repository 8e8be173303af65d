import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_FRAME_BYTES, PING_FRAME, PROTOCOL_VERSION } from "../../domain/protocol/index.ts";
import { webcastRoomStub } from "../stubs.ts";
import { MIGRATIONS, migrate } from "./migrations.ts";
import { closeAllSockets, joinRoom, openRoom } from "./testing.ts";
import type { WebcastRoom } from "./webcast-room.ts";

// Each test uses its own webcast id, so rooms (and their storage) never leak between tests.
afterEach(closeAllSockets);

describe("WebcastRoom over websockets", () => {
  it("welcomes each client and broadcasts an announcement to every greeted client", async () => {
    const { socket: alice, welcome } = await joinRoom("101");
    expect(welcome).toEqual({ type: "welcome", protocolVersion: PROTOCOL_VERSION, connectionId: expect.any(String), state: { revision: 0, announcement: null } });
    const { socket: bob, welcome: bobWelcome } = await joinRoom("101");
    expect(bobWelcome.connectionId).not.toBe(welcome.connectionId);
    const lurker = await openRoom("101"); // connected but no hello: gets no broadcast

    alice.send({ type: "room.announce", text: "  Doors open in 5 minutes " });
    const expected = {
      type: "room.announced",
      revision: 1,
      announcement: { text: "Doors open in 5 minutes", connectionId: welcome.connectionId, sentAt: expect.any(Number) },
    };
    expect(await alice.next()).toEqual(expected);
    expect(await bob.next()).toEqual(expected);
    await lurker.expectSilence();

    const { welcome: late } = await joinRoom("101");
    expect(late.state).toEqual({ revision: 1, announcement: expected.announcement });
  });

  it("answers invalid JSON, an unknown type and an oversized frame with an error frame and changes nothing", async () => {
    const { socket: alice } = await joinRoom("102", { "Accept-Language": "en" });
    const { socket: bob } = await joinRoom("102");
    alice.send({ type: "room.announce", text: "Before" });
    await alice.next();
    await bob.next();

    alice.send("{not json");
    expect(await alice.next()).toEqual({ type: "error", code: "invalid_json", message: "This message is not valid JSON." });
    alice.send({ type: "room.explode", text: "Boom" });
    expect(await alice.next()).toMatchObject({ type: "error", code: "invalid_message", errors: { type: [expect.any(String)] } });
    alice.send({ type: "room.announce", text: "x".repeat(MAX_FRAME_BYTES) });
    expect(await alice.next()).toEqual({ type: "error", code: "frame_too_large", message: "This message is too large." });
    alice.send({ type: "room.announce", text: "" });
    expect(await alice.next()).toMatchObject({ type: "error", code: "invalid_message", errors: { text: [expect.any(String)] } });

    await bob.expectSilence();
    const { welcome } = await joinRoom("102");
    expect(welcome.state).toMatchObject({ revision: 1, announcement: { text: "Before" } });
  });

  it("speaks the language of the upgrade request (French by default)", async () => {
    const socket = await openRoom("103");
    socket.send("[");
    expect(await socket.next()).toEqual({ type: "error", code: "invalid_json", message: "Ce message n'est pas du JSON valide." });
  });

  it("refuses messages before hello, but answers the keep-alive ping at the transport level", async () => {
    const socket = await openRoom("104", { "Accept-Language": "en" });
    socket.send({ type: "room.announce", text: "Sneaky" });
    expect(await socket.next()).toEqual({ type: "error", code: "hello_required", message: "Say hello before sending anything else." });
    socket.send({ type: "ping", id: "1" });
    expect(await socket.next()).toMatchObject({ type: "error", code: "hello_required" });
    // The reducer would refuse this too: only the runtime auto-response can answer it.
    socket.send(PING_FRAME);
    expect(await socket.next()).toEqual({ type: "pong" });

    socket.send({ type: "hello", protocolVersion: PROTOCOL_VERSION });
    expect(await socket.next()).toMatchObject({ type: "welcome", state: { revision: 0, announcement: null } });
    socket.send({ type: "ping", id: "2" });
    expect(await socket.next()).toEqual({ type: "pong", id: "2" });
    socket.send({ type: "hello", protocolVersion: PROTOCOL_VERSION });
    expect(await socket.next()).toMatchObject({ type: "error", code: "hello_repeated" });
  });

  it("sends an outdated client a reload frame and closes it cleanly", async () => {
    const socket = await openRoom("105");
    socket.send({ type: "hello", protocolVersion: PROTOCOL_VERSION - 1 });
    expect(await socket.next()).toEqual({ type: "reload", reason: "protocol_outdated", protocolVersion: PROTOCOL_VERSION });
    expect(await socket.closed).toEqual({ code: 1000, reason: "protocol_outdated" });
  });

  it("gives a reconnecting client the same state after the object was evicted", async () => {
    const { socket } = await joinRoom("106");
    socket.send({ type: "room.announce", text: "Survives eviction" });
    const announced = await socket.next();
    const before = await runInDurableObject(webcastRoomStub(env, "106"), (instance: WebcastRoom) => instance);

    await abortAllDurableObjects();
    await socket.closed; // the aborted object dropped its sockets

    const { welcome } = await joinRoom("106");
    const stub = webcastRoomStub(env, "106"); // stubs from before the abort are broken
    const after = await runInDurableObject(stub, (instance: WebcastRoom) => instance);
    expect(after).not.toBe(before); // a new instance, which could only have read the state from SQLite
    expect(announced.type).toBe("room.announced");
    if (announced.type !== "room.announced") return;
    expect(welcome.state).toEqual({ revision: 1, announcement: announced.announcement });
    const row = await runInDurableObject(stub, (_instance, state) => state.storage.sql.exec("SELECT revision, announcement_text FROM room_state").one());
    expect(row).toEqual({ revision: 1, announcement_text: "Survives eviction" });
  });
});

describe("WebcastRoom storage migrations", () => {
  it("applies the list once and throws when an applied migration changed or disappeared", async () => {
    const stub = webcastRoomStub(env, "107");
    await runInDurableObject(stub, (_instance, state) => {
      const ids = state.storage.sql.exec<{ id: string }>("SELECT id FROM room_migrations ORDER BY rowid").toArray().map((row) => row.id);
      expect(ids).toEqual(MIGRATIONS.map((migration) => migration.id));
      expect(migrate(state.storage)).toEqual([]);

      const [first, ...rest] = MIGRATIONS;
      if (!first) throw new Error("no migrations");
      expect(() => migrate(state.storage, [{ ...first, sql: `${first.sql}\n-- edited` }, ...rest])).toThrow(/changed/);
      expect(() => migrate(state.storage, [])).toThrow(/no longer defined/);

      const appended = [...MIGRATIONS, { id: "9999_test_only", sql: "CREATE TABLE test_only (id INTEGER PRIMARY KEY)" }];
      expect(migrate(state.storage, appended)).toEqual(["9999_test_only"]);
      expect(migrate(state.storage, appended)).toEqual([]);
    });
  });
});
