import { VIEWER_PASS_TTL_DAYS } from "../../../domain/viewer-page/api.ts";
import { base64url, derivedHmacKey, fromBase64url } from "../../auth/tokens.ts";
import type { Env } from "../../env.ts";

/**
 * A viewer's pass (docs/viewer-page.md "The pass"): what a device keeps after signing in to a
 * webcast's page and trades for room tokens (POST /api/watch/{id}/room-token). Stateless and signed:
 *
 *   base64url(JSON {w, v, g, exp}) "." base64url(HMAC-SHA256(key, PASS_LABEL + "." + payload part))
 *
 * The key is derived from APP_KEY by HKDF under its own label (like room-token.ts and the
 * invitation links), so a pass never verifies as a room token, an invitation or a CSRF token.
 * Signing out forgets it on the device; a deleted viewer's pass stops working at its next trade
 * (the route checks the viewer still exists); rotating APP_KEY ends every pass.
 */

export interface ViewerPass {
  /** The webcast's id. */
  w: string;
  /** The viewer's id, or a guest's `guest:<uuid>`. */
  v: string;
  /** A guest (no viewer row). */
  g: boolean;
  /** Expiry, epoch seconds. */
  exp: number;
}

export const PASS_LABEL = "igo-viewer-pass.v1";
const MAX_PASS_LENGTH = 1_024;
const encoder = new TextEncoder();
const signedText = (body: string) => encoder.encode(`${PASS_LABEL}.${body}`);

/** A pass for `viewerId` in `webcastId`, VIEWER_PASS_TTL_DAYS from `now` (ms); with its expiry (ISO). */
export async function mintPass(env: Pick<Env, "APP_KEY">, webcastId: string, viewerId: string, guest: boolean, now = Date.now()): Promise<{ pass: string; expiresAt: string }> {
  const exp = Math.floor(now / 1000) + VIEWER_PASS_TTL_DAYS * 24 * 60 * 60;
  const payload: ViewerPass = { w: webcastId, v: viewerId, g: guest, exp };
  const body = base64url(encoder.encode(JSON.stringify(payload)));
  const signature = await crypto.subtle.sign("HMAC", await derivedHmacKey(env.APP_KEY, PASS_LABEL), signedText(body));
  return { pass: `${body}.${base64url(new Uint8Array(signature))}`, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The pass's payload when ours (signature, constant time), for `webcastId` and not expired at `now`; null otherwise. */
export async function verifyPass(env: Pick<Env, "APP_KEY">, pass: string, webcastId: string, now = Date.now()): Promise<ViewerPass | null> {
  if (pass.length > MAX_PASS_LENGTH) return null;
  const [body, signature, ...rest] = pass.split(".");
  if (!body || !signature || rest.length > 0) return null;
  const signatureBytes = fromBase64url(signature);
  if (!signatureBytes || signatureBytes.length !== 32) return null;
  if (!(await crypto.subtle.verify("HMAC", await derivedHmacKey(env.APP_KEY, PASS_LABEL), signatureBytes, signedText(body)))) return null;
  const bytes = fromBase64url(body);
  if (!bytes) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    return null;
  }
  if (!isPass(payload) || payload.w !== webcastId || payload.exp * 1000 <= now) return null;
  return payload;
}

function isPass(value: unknown): value is ViewerPass {
  if (typeof value !== "object" || value === null) return false;
  const { w, v, g, exp } = value as Record<string, unknown>;
  return typeof w === "string" && typeof v === "string" && typeof g === "boolean" && g === v.startsWith("guest:") && typeof exp === "number" && Number.isSafeInteger(exp);
}

/** The pass of `Authorization: Bearer <pass>`, or null. */
export function bearerPass(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? "");
  return match?.[1] ?? null;
}
