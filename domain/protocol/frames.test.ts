import { describe, expect, it } from "vitest";
import { ROOM_COMMAND_TYPES, type RoomCommand } from "../webcast-room/commands.ts";
import { initialLiveState } from "../webcast-room/live-state.ts";
import { ROOM_ERROR_CODES, ROOM_ERROR_MESSAGES } from "../webcast-room/messages.ts";
import type { ClientMessage } from "./client-messages.ts";
import { PROTOCOL_ERROR_CODES, errorFrame } from "./errors.ts";
import { PING_FRAME, PONG_FRAME, encodeFrame, parseClientFrame, parseServerFrame } from "./frames.ts";
import type { ServerMessage, WelcomeMessage } from "./server-messages.ts";
import { MAX_CLIENT_ID_LENGTH, MAX_FRAME_BYTES, PROTOCOL_VERSION } from "./version.ts";

const bytes = (text: string): ArrayBuffer => {
  const view = new TextEncoder().encode(text);
  const buffer = new ArrayBuffer(view.byteLength);
  new Uint8Array(buffer).set(view);
  return buffer;
};

describe("parseClientFrame", () => {
  it("parses each client message", () => {
    expect(parseClientFrame(JSON.stringify({ type: "hello", protocolVersion: 2, clientId: "tab-1" }), "en")).toEqual({
      ok: true,
      message: { type: "hello", protocolVersion: 2, clientId: "tab-1" },
    });
    expect(parseClientFrame(PING_FRAME, "en")).toEqual({ ok: true, message: { type: "ping" } });
    expect(parseClientFrame(JSON.stringify({ type: "ping", id: "p-1" }), "en")).toEqual({ ok: true, message: { type: "ping", id: "p-1" } });
  });

  it("parses a hello resuming from the last sequence the client holds", () => {
    expect(parseClientFrame(JSON.stringify({ type: "hello", protocolVersion: PROTOCOL_VERSION, clientId: "tab-1", since: 41 }), "en")).toEqual({
      ok: true,
      message: { type: "hello", protocolVersion: PROTOCOL_VERSION, clientId: "tab-1", since: 41 },
    });
    expect(parseClientFrame(JSON.stringify({ type: "hello", protocolVersion: 2, since: 0 }), "en")).toEqual({
      ok: true,
      message: { type: "hello", protocolVersion: 2, since: 0 },
    });
    for (const since of [-1, 1.5, "4"]) {
      expect(parseClientFrame(JSON.stringify({ type: "hello", protocolVersion: 2, since }), "en"), String(since)).toMatchObject({
        ok: false,
        error: { code: "invalid_message", errors: { since: [expect.any(String)] } },
      });
    }
  });

  it("parses a command frame with its command id, for every command type", () => {
    const commands: RoomCommand[] = [
      { type: "control.prepare" },
      { type: "control.start" },
      { type: "control.stop" },
      { type: "control.rtmp.activate" },
      { type: "control.vmr.activate" },
      { type: "control.focus", target: "webcast", option: "in_15s" },
      { type: "control.conference-layout", layout: "adaptive" },
      { type: "conference.connect", speaker_uuid: "spk-1", connection_type: "teams", protocol: "mssip" },
      { type: "control.dial-out", protocol: "h323", destination: "10.0.0.1" },
      { type: "slide.set", index: 12 },
      { type: "scene.set", layout: "presentation-only" },
      { type: "polling.set", kind: "poll", id: "0199aaaa-0000-7000-8000-000000000001", action: "show_results" },
      { type: "toggle.set", name: "anonymous_questions", enabled: false },
      { type: "room.reset", keep_start: true },
      { type: "poll.vote", poll_id: "0199aaaa-0000-7000-8000-000000000001", option_ids: ["o-1"] },
      { type: "question.ask", text: "Quand ?", anonymous: false },
      { type: "question.moderate", question_id: "q-1", action: { type: "answer", answer: "Demain." } },
      { type: "question.patch", question_id: "q-1", patch: { answered: true, pushed_to_speakers: false } },
      { type: "question.upvote", question_id: "q-1", upvoted: true },
      { type: "chat.send", body: "Bonjour", target_id: "user:7", target_name: "Pablo" },
      { type: "chat.delete", message_id: "m-1" },
    ];
    expect(commands.map((command) => command.type).sort()).toEqual([...ROOM_COMMAND_TYPES].sort());
    for (const command of commands) {
      const frame = { type: "command", id: `cmd-${command.type}`, command };
      expect(parseClientFrame(encodeFrame(frame as ClientMessage), "en"), command.type).toEqual({ ok: true, message: frame });
    }
  });

  it("refuses an unknown command type, a bad command field or a missing id with field errors", () => {
    expect(parseClientFrame(JSON.stringify({ type: "command", id: "c1", command: { type: "slide.explode" } }), "en")).toEqual({
      ok: false,
      error: { type: "error", code: "invalid_message", message: "This message is invalid.", errors: { "command.type": ["This field is invalid."] } },
    });
    expect(parseClientFrame(JSON.stringify({ type: "command", id: "c1", command: { type: "slide.set", index: -1 } }), "fr")).toEqual({
      ok: false,
      error: { type: "error", code: "invalid_message", message: "Ce message est invalide.", errors: { "command.index": ["Ce champ doit être supérieur ou égal à 0."] } },
    });
    expect(parseClientFrame(JSON.stringify({ type: "command", command: { type: "control.start" } }), "fr")).toMatchObject({
      ok: false,
      error: { code: "invalid_message", errors: { id: ["Ce champ est obligatoire"] } },
    });
    expect(parseClientFrame(JSON.stringify({ type: "command", id: "c1" }), "en")).toMatchObject({
      ok: false,
      error: { code: "invalid_message", errors: { command: ["This field is required"] } },
    });
    expect(parseClientFrame(JSON.stringify({ type: "command", id: "x".repeat(MAX_CLIENT_ID_LENGTH + 1), command: { type: "control.start" } }), "en")).toMatchObject({
      ok: false,
      error: { code: "invalid_message", errors: { id: [expect.any(String)] } },
    });
  });

  it("refuses unknown fields in a command (its objects are strict), naming them", () => {
    expect(parseClientFrame(JSON.stringify({ type: "command", id: "c1", command: { type: "slide.set", index: 1, force: true } }), "en")).toEqual({
      ok: false,
      error: { type: "error", code: "invalid_message", message: "This message is invalid.", errors: { command: ["Unknown field: force."] } },
    });
    expect(parseClientFrame(JSON.stringify({ type: "command", id: "c1", command: { type: "control.stop", now: 1 } }), "fr")).toMatchObject({
      ok: false,
      error: { errors: { command: ["Champ inconnu : now."] } },
    });
  });

  it("accepts binary frames holding UTF-8 JSON", () => {
    expect(parseClientFrame(bytes(JSON.stringify({ type: "ping", id: "é" })), "en")).toEqual({ ok: true, message: { type: "ping", id: "é" } });
  });

  it("refuses invalid JSON and invalid UTF-8 with a localized error frame", () => {
    expect(parseClientFrame("{nope", "en")).toEqual({
      ok: false,
      error: { type: "error", code: "invalid_json", message: "This message is not valid JSON." },
    });
    expect(parseClientFrame("{nope", "fr")).toEqual({
      ok: false,
      error: { type: "error", code: "invalid_json", message: "Ce message n'est pas du JSON valide." },
    });
    const invalidUtf8 = new Uint8Array([0x7b, 0xff, 0x7d]).buffer;
    expect(parseClientFrame(invalidUtf8, "en")).toMatchObject({ ok: false, error: { code: "invalid_json" } });
  });

  it("refuses an unknown type or a bad field with field errors", () => {
    const unknown = parseClientFrame(JSON.stringify({ type: "room.announce", text: "Doors open" }), "en");
    expect(unknown.ok).toBe(false);
    if (unknown.ok) return;
    expect(unknown.error.code).toBe("invalid_message");
    expect(Object.keys(unknown.error.errors ?? {})).toEqual(["type"]);

    expect(parseClientFrame("null", "en")).toMatchObject({ ok: false, error: { code: "invalid_message" } });
    expect(parseClientFrame(JSON.stringify({ type: "hello", protocolVersion: 1.5 }), "en")).toMatchObject({
      ok: false,
      error: { code: "invalid_message", errors: { protocolVersion: [expect.any(String)] } },
    });
  });

  it("refuses frames over MAX_FRAME_BYTES, counting UTF-8 bytes, before parsing", () => {
    const padding = (size: number, char: string) => JSON.stringify({ type: "ping", id: "x" }).replace("x", char.repeat(size));
    const fits = `{"type":"ping","pad":"${"a".repeat(MAX_FRAME_BYTES - 30)}"}`;
    expect(new TextEncoder().encode(fits).byteLength).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    expect(parseClientFrame(fits, "en")).toEqual({ ok: true, message: { type: "ping" } });

    // 6,000 "é" are 6,000 UTF-16 units but 12,000 bytes; 9,000 are over the limit in bytes only.
    const multiByte = padding(9_000, "é");
    expect(multiByte.length).toBeLessThan(MAX_FRAME_BYTES);
    expect(parseClientFrame(multiByte, "en")).toEqual({
      ok: false,
      error: { type: "error", code: "frame_too_large", message: "This message is too large." },
    });
    expect(parseClientFrame(`"${"a".repeat(MAX_FRAME_BYTES)}"`, "en")).toMatchObject({ ok: false, error: { code: "frame_too_large" } });
    expect(parseClientFrame(new ArrayBuffer(MAX_FRAME_BYTES + 1), "en")).toMatchObject({ ok: false, error: { code: "frame_too_large" } });
  });

  it("defaults to French, like every other server text", () => {
    expect(parseClientFrame("{")).toMatchObject({ ok: false, error: { message: "Ce message n'est pas du JSON valide." } });
  });
});

describe("parseServerFrame / encodeFrame", () => {
  const NOW = 1_750_000_000_000;
  const snapshot = initialLiveState(
    { state: "upcoming", is_premiere: false, is_test: false, poster_overlay: false, question_wall: true, anonymous_questions: false, speakers_see_stats: false },
    NOW,
  );

  it("round-trips a welcome with a snapshot, and one with the missed events", () => {
    const fresh: WelcomeMessage = { type: "welcome", protocolVersion: PROTOCOL_VERSION, connectionId: "c1", role: "producer", seq: 7, snapshot, missed: [] };
    expect(parseServerFrame(encodeFrame(fresh))).toEqual({ ok: true, message: fresh });
    const resumed: WelcomeMessage = {
      type: "welcome",
      protocolVersion: PROTOCOL_VERSION,
      connectionId: "c2",
      role: "viewer",
      seq: 9,
      snapshot: null,
      missed: [
        { seq: 8, at: NOW + 1, name: "slide.set", patch: { current_slide_index: 2, last_activity_at: NOW + 1 } },
        { seq: 9, at: NOW + 2, name: "presence", patch: { speakers_connected: [3] } },
      ],
    };
    expect(parseServerFrame(encodeFrame(resumed))).toEqual({ ok: true, message: resumed });
  });

  it("round-trips an event, an ack (with and without a result) and an error naming its command", () => {
    const messages: ServerMessage[] = [
      { type: "event", seq: 12, at: NOW, name: "scene.set", patch: { current_scene_layout: "video-only", last_activity_at: NOW } },
      { type: "event", seq: 13, at: NOW, name: "phase.reset", patch: { phase: "upcoming", current_polling: { type: "none", id: null, status: -1 }, focus: null } },
      { type: "ack", id: "cmd-1", seq: 12 },
      { type: "ack", id: "cmd-2", seq: 12, result: false },
      { type: "ack", id: "cmd-3", seq: 13, result: { uuid: "u", speaker_uuid: "s" } },
      errorFrame("going_live_unavailable", "en", undefined, "cmd-4"),
      errorFrame("invalid_message", "fr", { "command.index": ["Ce champ doit être supérieur ou égal à 0."] }, "cmd-5"),
      { type: "reload", reason: "protocol_outdated", protocolVersion: PROTOCOL_VERSION },
      { type: "pong", id: "p-1" },
      { type: "stats", live_viewers: 950, peak_viewers: 1_000 },
      {
        type: "events",
        events: [
          { seq: 14, at: NOW, name: "slide.set", patch: { current_slide_index: 4 } },
          { seq: 15, at: NOW, name: "slide.set", patch: { current_slide_index: 5 } },
        ],
      },
    ];
    for (const message of messages) expect(parseServerFrame(encodeFrame(message)), message.type).toEqual({ ok: true, message });
    expect(parseServerFrame(PONG_FRAME)).toEqual({ ok: true, message: { type: "pong" } });
  });

  it("rejects anything else", () => {
    expect(parseServerFrame("{")).toEqual({ ok: false });
    expect(parseServerFrame(JSON.stringify({ type: "stats", live_viewers: -1, peak_viewers: 0 }))).toEqual({ ok: false });
    // A batch holds at least two events (one goes as an `event`).
    expect(parseServerFrame(JSON.stringify({ type: "events", events: [{ seq: 1, at: NOW, name: "x", patch: {} }] }))).toEqual({ ok: false });
    expect(parseServerFrame(JSON.stringify({ type: "welcome" }))).toEqual({ ok: false });
    // The v1 welcome (a revision and an announcement) is not a v2 one.
    expect(parseServerFrame(JSON.stringify({ type: "welcome", protocolVersion: 1, connectionId: "c1", state: { revision: 2 } }))).toEqual({ ok: false });
    expect(parseServerFrame(JSON.stringify({ type: "event", seq: 0, at: NOW, name: "x", patch: {} }))).toEqual({ ok: false });
    expect(parseServerFrame(JSON.stringify({ type: "event", seq: 1, at: NOW, name: "x", patch: { phase: "exploded" } }))).toEqual({ ok: false });
    expect(parseServerFrame(JSON.stringify({ type: "error", code: "not_a_code", message: "?" }))).toEqual({ ok: false });
  });
});

describe("errorFrame", () => {
  it("gives a refused command's room error in English and French, with its command id", () => {
    for (const code of ROOM_ERROR_CODES) {
      expect(errorFrame(code, "en", undefined, "cmd-1"), code).toEqual({ type: "error", code, message: ROOM_ERROR_MESSAGES[code].en, id: "cmd-1" });
      expect(errorFrame(code, "fr"), code).toEqual({ type: "error", code, message: ROOM_ERROR_MESSAGES[code].fr });
    }
  });
  it("says SPEC §8's going-live text word for word", () => {
    expect(errorFrame("going_live_unavailable", "en").message).toBe("Going live temporarily not possible. Please retry in one minute");
    expect(errorFrame("going_live_unavailable", "fr").message).toBe("Passage en direct temporairement impossible. Veuillez réessayer dans une minute");
  });
  it("falls back to English in a language without its own text", () => {
    expect(errorFrame("not_allowed", "de").message).toBe(ROOM_ERROR_MESSAGES.not_allowed.en);
  });
  it("lists every room code among the protocol's codes", () => {
    for (const code of ROOM_ERROR_CODES) expect(PROTOCOL_ERROR_CODES).toContain(code);
  });
});
