import { describe, expect, it } from "vitest";
import { PING_FRAME, PONG_FRAME, encodeFrame, parseClientFrame, parseServerFrame } from "./frames.ts";
import { MAX_ANNOUNCEMENT_LENGTH, MAX_FRAME_BYTES, PROTOCOL_VERSION } from "./version.ts";

const bytes = (text: string): ArrayBuffer => {
  const view = new TextEncoder().encode(text);
  const buffer = new ArrayBuffer(view.byteLength);
  new Uint8Array(buffer).set(view);
  return buffer;
};

describe("parseClientFrame", () => {
  it("parses each client message and trims announcement text", () => {
    expect(parseClientFrame(JSON.stringify({ type: "hello", protocolVersion: 1, clientId: "tab-1" }), "en")).toEqual({
      ok: true,
      message: { type: "hello", protocolVersion: 1, clientId: "tab-1" },
    });
    expect(parseClientFrame(PING_FRAME, "en")).toEqual({ ok: true, message: { type: "ping" } });
    expect(parseClientFrame(JSON.stringify({ type: "room.announce", text: "  Doors open  " }), "en")).toEqual({
      ok: true,
      message: { type: "room.announce", text: "Doors open" },
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
    const unknown = parseClientFrame(JSON.stringify({ type: "room.explode" }), "en");
    expect(unknown.ok).toBe(false);
    if (unknown.ok) return;
    expect(unknown.error.code).toBe("invalid_message");
    expect(Object.keys(unknown.error.errors ?? {})).toEqual(["type"]);

    const blank = parseClientFrame(JSON.stringify({ type: "room.announce", text: "   " }), "fr");
    expect(blank).toMatchObject({ ok: false, error: { code: "invalid_message", message: "Ce message est invalide." } });
    if (blank.ok) return;
    expect(blank.error.errors?.text).toEqual(["Ce champ est obligatoire"]);

    const long = parseClientFrame(JSON.stringify({ type: "room.announce", text: "x".repeat(MAX_ANNOUNCEMENT_LENGTH + 1) }), "en");
    expect(long).toMatchObject({ ok: false, error: { code: "invalid_message", errors: { text: [`This field may not be longer than ${MAX_ANNOUNCEMENT_LENGTH} characters.`] } } });

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
  it("round-trips a server message and rejects anything else", () => {
    const welcome = {
      type: "welcome" as const,
      protocolVersion: PROTOCOL_VERSION,
      connectionId: "c1",
      state: { revision: 2, announcement: { text: "Hi", connectionId: "c1", sentAt: 5 } },
    };
    expect(parseServerFrame(encodeFrame(welcome))).toEqual({ ok: true, message: welcome });
    expect(parseServerFrame(PONG_FRAME)).toEqual({ ok: true, message: { type: "pong" } });
    expect(parseServerFrame("{")).toEqual({ ok: false });
    expect(parseServerFrame(JSON.stringify({ type: "welcome" }))).toEqual({ ok: false });
  });
});
