/**
 * The deck's signed URL (docs/media.md "Serving files"): a credential that dies. Its expiry is read
 * from the token itself (`/api/files/<base64url JSON {k, e, …}>.<signature>`, `e` in Unix seconds),
 * so a device knows when to ask for a new one without another field in the answer. A URL whose
 * token cannot be read is taken to live the shortest life the server gives (15 minutes).
 */

/** Asked for again this long before it dies (opening a large deck takes a while). */
export const NEAR_EXPIRY_MS = 10 * 60_000;
const SHORTEST_LIFE_MS = 15 * 60_000;

/** When the URL stops opening its file (epoch ms), or null when its token cannot be read. */
export function signedUrlExpiry(url: string): number | null {
  const token = url.split("/api/files/")[1]?.split(/[?#]/)[0];
  const payload = token?.split(".")[0];
  if (!payload || !/^[A-Za-z0-9_-]+$/.test(payload)) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/") + "=".repeat((4 - (payload.length % 4)) % 4)));
    const expiry = typeof json === "object" && json !== null && "e" in json ? json.e : undefined;
    return typeof expiry === "number" && Number.isFinite(expiry) ? expiry * 1000 : null;
  } catch {
    return null;
  }
}

interface KnownUrl {
  url: string;
  expires_at: number;
}

/** The URLs this page was given, by deck version: the control room's tabs and thumbnails share them. */
const known = new Map<string, KnownUrl>();

/** Keeps `url` for the deck version `key` (fetched at `now`). */
export function rememberUrl(key: string, url: string, now: number = Date.now()): void {
  known.set(key, { url, expires_at: signedUrlExpiry(url) ?? now + SHORTEST_LIFE_MS });
}

/** The URL kept for `key` while it has more than NEAR_EXPIRY_MS to live, else null. */
export function freshUrl(key: string, now: number = Date.now()): string | null {
  const found = known.get(key);
  return found && found.expires_at - now > NEAR_EXPIRY_MS ? found.url : null;
}

/** The URL kept for `key` even when near expiry or dead (offline: a deck pdf.js already holds opens without it). */
export function lastUrl(key: string): string | null {
  return known.get(key)?.url ?? null;
}
