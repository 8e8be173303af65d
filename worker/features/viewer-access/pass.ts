import { SIGN_IN_METHODS, type SignInMethod, VIEWER_PASS_TTL_DAYS } from "../../../domain/viewer-page/api.ts";
import { type JsonTokenKind, signJsonToken, verifyJsonToken } from "../../auth/tokens.ts";
import type { Env } from "../../env.ts";

/**
 * A viewer's pass (docs/viewer-page.md "The pass"): what a device keeps after signing in to a
 * webcast's page and trades for room tokens (POST /api/watch/{id}/room-token). Stateless and signed:
 *
 *   base64url(JSON {w, v, g, exp}) "." base64url(HMAC-SHA256(key, PASS_LABEL + "." + payload part))
 *
 * The key is derived from APP_KEY by HKDF under its own label (like room-token.ts and the
 * invitation links), so a pass never verifies as a room token, an invitation or a CSRF token.
 * Signing out forgets it on the device; rotating APP_KEY ends every pass. Each trade judges the
 * pass again against the webcast as it is now (routes.ts `room-token`): a deleted viewer, a method
 * no longer offered (`m`), the private list, the segments, and a password set or changed since
 * (`k`, the fingerprint of the password the viewer entered with) end it.
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
  /** How the viewer signed in (absent from passes given before 2026-11-27). */
  m?: SignInMethod;
  /** The webcast password's fingerprint when they entered (service.ts `accessKey`); "" or absent: none. */
  k?: string;
}

/** What a pass records of the sign-in that gave it. */
export interface PassGrant {
  method?: SignInMethod;
  key?: string;
}

export const PASS_LABEL = "igo-viewer-pass.v1";
const PASS: JsonTokenKind = { label: PASS_LABEL, labelInSignedText: true, maxLength: 1_024 };

/** A pass for `viewerId` in `webcastId`, VIEWER_PASS_TTL_DAYS from `now` (ms); with its expiry (ISO). */
export async function mintPass(env: Pick<Env, "APP_KEY">, webcastId: string, viewerId: string, guest: boolean, grant: PassGrant = {}, now = Date.now()): Promise<{ pass: string; expiresAt: string }> {
  const exp = Math.floor(now / 1000) + VIEWER_PASS_TTL_DAYS * 24 * 60 * 60;
  const payload: ViewerPass = { w: webcastId, v: viewerId, g: guest, exp, ...(grant.method ? { m: grant.method } : {}), ...(grant.key ? { k: grant.key } : {}) };
  return { pass: await signJsonToken(env.APP_KEY, PASS, payload), expiresAt: new Date(exp * 1000).toISOString() };
}

/** The pass's payload when ours (signature, constant time), for `webcastId` and not expired at `now`; null otherwise. */
export async function verifyPass(env: Pick<Env, "APP_KEY">, pass: string, webcastId: string, now = Date.now()): Promise<ViewerPass | null> {
  const payload = await verifyJsonToken(env.APP_KEY, PASS, pass);
  if (!isPass(payload) || payload.w !== webcastId || payload.exp * 1000 <= now) return null;
  return payload;
}

function isPass(value: unknown): value is ViewerPass {
  if (typeof value !== "object" || value === null) return false;
  const { w, v, g, exp, m, k } = value as Record<string, unknown>;
  const method = m === undefined || (typeof m === "string" && (SIGN_IN_METHODS as readonly string[]).includes(m));
  return typeof w === "string" && typeof v === "string" && typeof g === "boolean" && g === v.startsWith("guest:") && typeof exp === "number" && Number.isSafeInteger(exp) && method && (k === undefined || typeof k === "string");
}

/** The pass of `Authorization: Bearer <pass>`, or null. */
export function bearerPass(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? "");
  return match?.[1] ?? null;
}
