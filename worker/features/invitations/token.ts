import { type JsonTokenKind, signJsonToken, verifyJsonToken } from "../../auth/tokens.ts";
import type { Env } from "../../env.ts";

/**
 * A viewer's personal invitation link (docs/viewers-api.md "Personal link"):
 * `<origin>/w/<webcast uid>?invite=<token>`, where
 *
 *   token = base64url(JSON {v: viewer id, w: webcast id, i: issued at (Unix s)}) "." base64url(HMAC-SHA256)
 *
 * The HMAC key is derived from APP_KEY by HKDF with a label of its own (the approach of
 * worker/features/files/signed-urls.ts, another label), so it equals neither APP_KEY nor the key of
 * file URLs. The link has no expiry of its own: it is good while the viewer exists in that
 * webcast (deleting the viewer revokes it; rotating APP_KEY revokes every link). `i` lets a later
 * rule refuse links issued before some date (a reset of the webcast's links) without a new format.
 */

const HKDF_LABEL = "igo viewer invitation links v1";
/** Two UUIDs and a number fit well under 512 characters. */
const INVITATION_TOKEN: JsonTokenKind = { label: HKDF_LABEL, labelInSignedText: false, maxLength: 512 };

export interface InvitationPayload {
  /** The viewer's id. */
  v: string;
  /** The webcast's id (its uid). */
  w: string;
  /** Issued at, Unix seconds. */
  i: number;
}



/** A signed token naming the viewer and the webcast, issued at `now` (ms). */
export async function signInvitationToken(env: Pick<Env, "APP_KEY">, viewerId: string, webcastId: string, now: number = Date.now()): Promise<string> {
  const payload: InvitationPayload = { v: viewerId, w: webcastId, i: Math.floor(now / 1000) };
  return signJsonToken(env.APP_KEY, INVITATION_TOKEN, payload);
}

/** The viewer's personal link to the webcast's page. */
export async function invitationLink(env: Pick<Env, "APP_KEY">, origin: string, viewerId: string, webcastId: string): Promise<string> {
  return `${origin}/w/${webcastId}?invite=${await signInvitationToken(env, viewerId, webcastId)}`;
}

/** The payload of a token whose signature holds (checked in constant time by WebCrypto); null otherwise, whatever the reason. */
export async function verifyInvitationToken(env: Pick<Env, "APP_KEY">, token: string): Promise<InvitationPayload | null> {
  const payload = await verifyJsonToken(env.APP_KEY, INVITATION_TOKEN, token);
  const { v, w, i } = (payload ?? {}) as Record<string, unknown>;
  return typeof v === "string" && typeof w === "string" && typeof i === "number" && Number.isSafeInteger(i) ? { v, w, i } : null;
}
