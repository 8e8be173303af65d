import type { Env } from "../../env.ts";
import { type JsonTokenKind, signJsonToken, verifyJsonToken } from "../../auth/tokens.ts";

/**
 * Room tokens: what lets a viewer or a guest (no session of this app) open a webcast's room
 * (GET /api/webcasts/{uid}/room?token=…). Short-lived and signed, so the room route checks them
 * without a database read:
 *
 *   base64url(JSON payload) "." base64url(HMAC-SHA256(key, "igo-room-token.v1." + payload part))
 *
 * The key is derived from APP_KEY with HKDF-SHA256 under its own label (ROOM_TOKEN_LABEL), so a
 * room token can never pass for a CSRF token (worker/auth/csrf.ts signs with APP_KEY itself) nor
 * the reverse, and no new secret is needed. Verification uses `crypto.subtle.verify` (constant
 * time). Issued by the viewer side (who may watch is decided there); checked here.
 */

export interface RoomTokenPayload {
  /** The webcast uid the token opens, and no other. */
  webcast_uid: string;
  /** A registered viewer's id, or a guest's id (`guest:<uuid>`). */
  viewer_id: string;
  role: "viewer";
  /** Expiry, epoch seconds. */
  exp: number;
}

/** The HKDF `info` (and the signed prefix): changing it invalidates every token in flight. */
export const ROOM_TOKEN_LABEL = "igo-room-token.v1";
/** Default life of a room token: long enough to open (and reopen) the socket, short enough to be useless when leaked. */
export const ROOM_TOKEN_TTL_SECONDS = 5 * 60;
const VIEWER_ID = /^(?:guest:[0-9a-f-]{36}|[A-Za-z0-9_-]{1,64})$/;
/** Longest token accepted before any crypto runs: a payload is ~150 bytes. */
const ROOM_TOKEN: JsonTokenKind = { label: ROOM_TOKEN_LABEL, labelInSignedText: true, maxLength: 1_024 };

/** A token for `payload`'s viewer, valid `ttlSeconds` from now (`now`: epoch ms, for tests). */
export async function mintRoomToken(
  env: Pick<Env, "APP_KEY">,
  payload: Omit<RoomTokenPayload, "exp" | "role">,
  ttlSeconds: number = ROOM_TOKEN_TTL_SECONDS,
  now: number = Date.now(),
): Promise<string> {
  const full: RoomTokenPayload = { webcast_uid: payload.webcast_uid, viewer_id: payload.viewer_id, role: "viewer", exp: Math.floor(now / 1000) + ttlSeconds };
  return signJsonToken(env.APP_KEY, ROOM_TOKEN, full);
}

/**
 * The token's payload when it is ours (signature), for `webcastUid`, and not expired at `now`
 * (epoch ms); null otherwise (the route answers 401 without saying which).
 */
export async function verifyRoomToken(env: Pick<Env, "APP_KEY">, token: string, webcastUid: string, now: number = Date.now()): Promise<RoomTokenPayload | null> {
  const payload = await verifyJsonToken(env.APP_KEY, ROOM_TOKEN, token);
  if (!isPayload(payload)) return null;
  if (payload.webcast_uid !== webcastUid) return null;
  if (payload.exp * 1000 <= now) return null;
  return payload;
}

function isPayload(value: unknown): value is RoomTokenPayload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.webcast_uid === "string" &&
    typeof v.viewer_id === "string" &&
    VIEWER_ID.test(v.viewer_id) &&
    v.role === "viewer" &&
    typeof v.exp === "number" &&
    Number.isInteger(v.exp)
  );
}
