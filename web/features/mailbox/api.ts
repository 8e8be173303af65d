import type { InferResponseType } from "hono/client";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";

/** One e-mail of the local outbox (GET /api/dev/mail, docs/identity-api.md "Local only"). */
export type LocalMail = InferResponseType<typeof api.api.dev.mail.$get, 200>["data"][number];

/** Newest first. 404 outside local mode (the screen then says "not available"). */
export async function fetchLocalMail(signal?: AbortSignal): Promise<LocalMail[]> {
  const { data } = await unwrap(api.api.dev.mail.$get(undefined, signal ? { init: { signal } } : undefined), { global: false });
  return data;
}

export type TextPart = { kind: "text"; text: string } | { kind: "link"; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/** Splits a plain-text e-mail into text and http(s) links, so links can be clicked. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index;
    // A sentence's final period or comma is not part of the link.
    const href = match[0].replace(/[.,;:!?]+$/, "");
    if (index > last) parts.push({ kind: "text", text: text.slice(last, index) });
    parts.push({ kind: "link", href });
    last = index + href.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/** A link of the app itself opens in-app (same tab); others in a new tab. */
export function isSameOrigin(href: string, origin: string = globalThis.location?.origin ?? ""): boolean {
  try {
    return new URL(href).origin === origin;
  } catch {
    return false;
  }
}
