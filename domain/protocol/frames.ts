import { type UiLocale, messageLocale } from "../i18n/locales.ts";
import { validate } from "../validation/parse.ts";
import { type ClientMessage, clientMessageSchema } from "./client-messages.ts";
import { errorFrame } from "./errors.ts";
import { type ErrorMessage, type ServerMessage, serverMessageSchema } from "./server-messages.ts";
import { MAX_FRAME_BYTES } from "./version.ts";

/**
 * Exact keep-alive frames. The room registers them as a runtime auto-response, so a client can
 * ping without waking a hibernated room (and before hello). Keep them byte-identical.
 */
export const PING_FRAME = JSON.stringify({ type: "ping" });
export const PONG_FRAME = JSON.stringify({ type: "pong" });

export type ParsedFrame<T> = { ok: true; message: T } | { ok: false; error: ErrorMessage };

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const encoder = new TextEncoder();

/** UTF-8 size without encoding when the UTF-16 length already decides (1–3 bytes per unit). */
function exceedsFrameLimit(raw: string): boolean {
  if (raw.length > MAX_FRAME_BYTES) return true;
  if (raw.length * 3 <= MAX_FRAME_BYTES) return false;
  return encoder.encode(raw).byteLength > MAX_FRAME_BYTES;
}

function frameText(raw: string | ArrayBuffer): { ok: true; text: string } | { ok: false; tooLarge: boolean } {
  if (typeof raw === "string") return exceedsFrameLimit(raw) ? { ok: false, tooLarge: true } : { ok: true, text: raw };
  if (raw.byteLength > MAX_FRAME_BYTES) return { ok: false, tooLarge: true };
  try {
    return { ok: true, text: decoder.decode(raw) };
  } catch {
    return { ok: false, tooLarge: false };
  }
}

/**
 * Parses one inbound websocket frame (text, or binary holding UTF-8 JSON) into a client message.
 * Never throws: a refused frame comes back as the `error` frame to send, in `locale`.
 * Run by the room (the authority) on every frame; no authorization here.
 */
export function parseClientFrame(raw: string | ArrayBuffer, locale: UiLocale = messageLocale(undefined)): ParsedFrame<ClientMessage> {
  const text = frameText(raw);
  if (!text.ok) return { ok: false, error: errorFrame(text.tooLarge ? "frame_too_large" : "invalid_json", locale) };
  let json: unknown;
  try {
    json = JSON.parse(text.text);
  } catch {
    return { ok: false, error: errorFrame("invalid_json", locale) };
  }
  const result = validate(clientMessageSchema, json, locale);
  return result.ok ? { ok: true, message: result.data } : { ok: false, error: errorFrame("invalid_message", locale, result.errors) };
}

/** Client side: parses a server frame; anything unexpected is reported, never thrown. */
export function parseServerFrame(raw: string): { ok: true; message: ServerMessage } | { ok: false } {
  try {
    const result = serverMessageSchema.safeParse(JSON.parse(raw));
    return result.success ? { ok: true, message: result.data } : { ok: false };
  } catch {
    return { ok: false };
  }
}

/** The one way frames are serialized, so both sides agree on the wire format. */
export function encodeFrame(message: ServerMessage | ClientMessage): string {
  return JSON.stringify(message);
}
