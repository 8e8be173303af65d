import { type JsonTokenKind, signJsonToken, verifyJsonToken } from "../../auth/tokens.ts";
import type { Env } from "../../env.ts";

/**
 * Short-lived signed URLs for private R2 objects (issue #17 point 5, docs/media.md "Serving
 * files"). The URL is the credential: `<video src>`, pdf.js or a download link fetch it without a
 * session, so a route that hands one out authorizes first. A token binds the exact key (a URL
 * never opens another object), the expiry, and the download name and type it is served with:
 *
 *   token = base64url(JSON {k, e, n?, t?}) "." base64url(HMAC-SHA256(file key, first part))
 *
 * The HMAC key is derived from APP_KEY by HKDF with a label of its own, so it never equals APP_KEY
 * nor any other key made from it (CSRF tokens sign with APP_KEY itself).
 */

/** Default and longest life of a URL, in seconds. */
export const FILE_URL_TTL = { default_s: 15 * 60, max_s: 24 * 60 * 60 } as const;

/** The path a token is served at (worker/app.ts mounts worker/features/files/routes.ts there). */
export const FILES_PATH = "/api/files/";

/** What a token carries: key, expiry (Unix seconds), download name (attachment when set), content type. */
export interface FilePayload {
  k: string;
  e: number;
  n?: string;
  t?: string;
}

export interface SignFileOptions {
  key: string;
  /** Served as an attachment under this name; without it, inline. */
  download_name?: string;
  /** Overrides the object's stored content type. */
  content_type?: string;
  /** Life of the URL in seconds: 15 minutes by default, at most 24 hours. */
  expires_in_s?: number;
}

const HKDF_LABEL = "igo signed file urls v1";



/** Life in seconds: the default when absent, within 1 s … 24 h. */
function lifeOf(expiresIn: number | undefined): number {
  const seconds = Math.floor(expiresIn ?? FILE_URL_TTL.default_s);
  return Math.min(FILE_URL_TTL.max_s, Math.max(1, Number.isFinite(seconds) ? seconds : FILE_URL_TTL.default_s));
}

/**
 * `/api/files/<token>` for `options.key`, valid from `now` (ms) for `expires_in_s`. Caller: a route
 * that has authorized the user to read that object.
 */
export async function signFileUrl(env: Pick<Env, "APP_KEY">, options: SignFileOptions, now: number = Date.now()): Promise<string> {
  const payload: FilePayload = { k: options.key, e: Math.floor(now / 1000) + lifeOf(options.expires_in_s) };
  if (options.download_name) payload.n = options.download_name;
  if (options.content_type) payload.t = options.content_type;
  return `${FILES_PATH}${await signJsonToken(env.APP_KEY, FILE_TOKEN, payload)}`;
}

/** Longest token read (a key, a name and a type fit well under it). */
const FILE_TOKEN: JsonTokenKind = { label: HKDF_LABEL, labelInSignedText: false, maxLength: 4096 };

/**
 * The payload of a token whose signature holds (checked in constant time by WebCrypto) and which
 * has not expired at `now` (ms); null otherwise, whatever the reason.
 */
export async function verifyFileToken(env: Pick<Env, "APP_KEY">, token: string, now: number = Date.now()): Promise<FilePayload | null> {
  const payload = await verifyJsonToken(env.APP_KEY, FILE_TOKEN, token);
  if (!isPayload(payload) || payload.e * 1000 <= now) return null;
  return payload;
}

function isPayload(value: unknown): value is FilePayload {
  if (typeof value !== "object" || value === null) return false;
  const { k, e, n, t } = value as Record<string, unknown>;
  return typeof k === "string" && k !== "" && typeof e === "number" && Number.isSafeInteger(e) && (n === undefined || typeof n === "string") && (t === undefined || typeof t === "string");
}
