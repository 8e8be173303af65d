import { describe, expect, it } from "vitest";
import { EMPTY_ROOM_STATE, PROTOCOL_VERSION, type RoomState } from "../../domain/protocol/index.ts";
import { type Session, handleMessage } from "./handlers.ts";

const fresh: Session = { connectionId: "c1", protocolVersion: null, clientId: null, locale: "en" };
const greeted: Session = { ...fresh, protocolVersion: PROTOCOL_VERSION };
const at = { now: 1_700_000_000_000 };

describe("handleMessage: hello", () => {
  it("welcomes a client speaking the current version with the whole state", () => {
    const state: RoomState = { revision: 3, announcement: { text: "Hi", connectionId: "c0", sentAt: 1 } };
    const result = handleMessage(state, { type: "hello", protocolVersion: PROTOCOL_VERSION, clientId: "tab-1" }, fresh, at);
    expect(result).toEqual({
      state,
      broadcasts: [],
      reply: { type: "welcome", protocolVersion: PROTOCOL_VERSION, connectionId: "c1", state },
      session: { connectionId: "c1", protocolVersion: PROTOCOL_VERSION, clientId: "tab-1", locale: "en" },
    });
    expect(result.state).toBe(state);
  });

  it("sends an older client a reload and closes it cleanly", () => {
    const result = handleMessage(EMPTY_ROOM_STATE, { type: "hello", protocolVersion: PROTOCOL_VERSION - 1 }, fresh, at);
    expect(result.reply).toEqual({ type: "reload", reason: "protocol_outdated", protocolVersion: PROTOCOL_VERSION });
    expect(result.close).toEqual({ code: 1000, reason: "protocol_outdated" });
    expect(result.session).toBeUndefined();
  });

  it("refuses a newer client and closes it", () => {
    const result = handleMessage(EMPTY_ROOM_STATE, { type: "hello", protocolVersion: PROTOCOL_VERSION + 1 }, { ...fresh, locale: "fr" }, at);
    expect(result.reply).toMatchObject({ type: "error", code: "protocol_unsupported", message: expect.stringMatching(/^Ce serveur/) });
    expect(result.close).toEqual({ code: 1000, reason: "protocol_unsupported" });
  });

  it("refuses a second hello", () => {
    const result = handleMessage(EMPTY_ROOM_STATE, { type: "hello", protocolVersion: PROTOCOL_VERSION }, greeted, at);
    expect(result.reply).toMatchObject({ type: "error", code: "hello_repeated" });
    expect(result.session).toBeUndefined();
  });
});

describe("handleMessage: before hello", () => {
  it.each([{ type: "ping" as const }, { type: "room.announce" as const, text: "Hi" }])("refuses $type and changes nothing", (message) => {
    const result = handleMessage(EMPTY_ROOM_STATE, message, fresh, at);
    expect(result).toEqual({
      state: EMPTY_ROOM_STATE,
      broadcasts: [],
      reply: { type: "error", code: "hello_required", message: "Say hello before sending anything else." },
    });
  });
});

describe("handleMessage: after hello", () => {
  it("answers ping with pong, echoing the id", () => {
    expect(handleMessage(EMPTY_ROOM_STATE, { type: "ping", id: "7" }, greeted, at).reply).toEqual({ type: "pong", id: "7" });
    expect(handleMessage(EMPTY_ROOM_STATE, { type: "ping" }, greeted, at).reply).toEqual({ type: "pong" });
  });

  it("stores an announcement, bumps the revision and broadcasts it", () => {
    const result = handleMessage({ revision: 4, announcement: null }, { type: "room.announce", text: "Doors open" }, greeted, at);
    const announcement = { text: "Doors open", connectionId: "c1", sentAt: at.now };
    expect(result).toEqual({
      state: { revision: 5, announcement },
      broadcasts: [{ type: "room.announced", revision: 5, announcement }],
      reply: null,
    });
  });
});
