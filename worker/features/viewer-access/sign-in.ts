import type { Context } from "hono";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { accessMethods } from "../../../domain/viewer-page/access.ts";
import type { SignInBody, SignInMethod, ViewerAccess } from "../../../domain/viewer-page/api.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import { normalizedEmail } from "../../../domain/viewers/rules.ts";
import { clearAttempts, clientAddress } from "../../auth/rate-limit.ts";
import { type Throttle, type ThrottleCheck, forgiveAttempt, throttle } from "../../auth/throttle.ts";
import { safeEqual } from "../../auth/tokens.ts";
import type { AppEnv, Env } from "../../env.ts";
import { verifyInvitationToken } from "../invitations/token.ts";
import { providerForEmail } from "../sso/service.ts";
import { ROOM_TOKEN_TTL_SECONDS, mintRoomToken } from "../webcast-room/room-token.ts";
import { codeByPin, codeByToken, consumeCode } from "./codes.ts";
import { mintPass } from "./pass.ts";
import { type WatchContext, accessFacts } from "./public-webcast.ts";
import { accessKey, addViewer, checkEntry, checkWebcastPassword, markRegistered, refusal, viewerByEmail, viewerById, viewerPasswordMatches } from "./service.ts";

/**
 * POST /api/watch/{id}/sign-in (docs/viewer-page.md "Sign-in"). Order: the method must be one the
 * webcast offers (403), the attempt is claimed against the throttles (429), the webcast password
 * (422), the method's own proof (401 for a link, 422 on the field for a typed secret), then the
 * private list and the segments (403). A one-use code is spent last, so a refusal by a gate does
 * not burn the viewer's link.
 */

const MINUTE = 60_000;

/** Failed sign-ins (docs/viewer-page.md "Throttles"): growing delays, never a lockout. */
export const SIGN_IN_THROTTLES = {
  /** One e-mail on one webcast, whatever the address: 5 failures free, then 1 s, 2 s… up to 15 min (a PIN is 1 in a million). */
  email: { free: 5, maxDelayMs: 15 * MINUTE, memoryMs: 60 * MINUTE },
  /** One address on one webcast, whatever the e-mail or method: 20 free, then up to 15 min. */
  address: { free: 20, maxDelayMs: 15 * MINUTE, memoryMs: 60 * MINUTE },
} as const satisfies Record<string, Throttle>;

const emailOf = (body: SignInBody): string | null => ("email" in body ? normalizedEmail(body.email) : null);

export function signInKeys(webcastId: string, email: string | null, address: string) {
  return { email: email === null ? null : `watch:${webcastId}:email:${email}`, address: `watch:${webcastId}:ip:${address}` };
}

interface Identified {
  viewer: ViewerRow | null;
  /** A one-use code to spend once the gates passed. */
  codeId?: string;
  guestName?: string;
}

export async function signIn(c: Context<AppEnv>, context: WatchContext, body: SignInBody): Promise<ViewerAccess> {
  const locale = c.var.locale;
  const env = c.env;
  const methods = accessMethods(accessFacts(context));
  if (!methods.includes(body.method)) {
    if (body.method === "guest") throw refusal("forbidden", "guests_not_allowed", locale);
    throw refusal("forbidden", context.row.sso_required ? "sso_required" : "method_unavailable", locale);
  }
  const keys = signInKeys(context.row.id, emailOf(body), clientAddress(c));
  const checks: ThrottleCheck[] = [{ key: keys.address, rule: SIGN_IN_THROTTLES.address }];
  if (keys.email) checks.push({ key: keys.email, rule: SIGN_IN_THROTTLES.email });
  await throttle(c, checks);

  await checkWebcastPassword(env, context, body.webcast_password, locale);
  const found = await identify(c, context, body, locale);
  checkEntry(context, found.viewer, locale);
  if (found.codeId && !(await consumeCode(env, found.codeId))) throw refusal("unauthenticated", "magic_link_expired", locale);
  if (found.viewer && body.method !== "control_number" && body.method !== "password") await markRegistered(env, context.row, found.viewer, locale);

  await Promise.all([keys.email ? clearAttempts(env.DB, keys.email) : Promise.resolve(), forgiveAttempt(env.DB, keys.address)]);
  return access(env, context, found, body.method);
}

async function identify(c: Context<AppEnv>, context: WatchContext, body: SignInBody, locale: UiLocale): Promise<Identified> {
  const env = c.env;
  const webcastId = context.row.id;
  switch (body.method) {
    case "magic_link": {
      const code = await codeByToken(env, webcastId, body.token);
      const viewer = code ? await viewerById(env, webcastId, code.viewer_id) : undefined;
      if (!code || !viewer) throw refusal("unauthenticated", "magic_link_expired", locale);
      return { viewer, codeId: code.id };
    }
    case "pin": {
      const viewer = await viewerByEmail(env, webcastId, body.email);
      const code = viewer ? await codeByPin(env, webcastId, viewer.id, body.pin.trim()) : null;
      if (!viewer || !code) throw refusal("validation_failed", "wrong_pin", locale, "pin");
      return { viewer, codeId: code.id };
    }
    case "invite": {
      const payload = await verifyInvitationToken(env, body.token);
      const viewer = payload && payload.w === webcastId ? await viewerById(env, webcastId, payload.v) : undefined;
      if (!viewer) throw refusal("unauthenticated", "invite_invalid", locale);
      return { viewer };
    }
    case "control_number": {
      const viewer = await viewerByEmail(env, webcastId, body.email);
      const given = body.control_number.trim();
      const stored = viewer?.control_number ?? null;
      if (!viewer || stored === null || given === "" || !safeEqual(stored.toLowerCase(), given.toLowerCase())) {
        throw refusal("validation_failed", "wrong_control_number", locale, "control_number");
      }
      return { viewer };
    }
    case "password": {
      const viewer = await viewerByEmail(env, webcastId, body.email);
      if (!(await viewerPasswordMatches(env, viewer?.id, body.password)) || !viewer) throw refusal("validation_failed", "wrong_password", locale, "password");
      return { viewer };
    }
    case "sso":
      return { viewer: await ssoViewer(c, context, locale) };
    case "guest":
      return { viewer: null, guestName: body.name?.trim().replace(/\s+/g, " ") || (locale === "fr" ? "Invité" : "Guest") };
  }
}

/**
 * The viewer of the app session's user (the page went through /api/sso/start first). With SSO
 * required, the user must be vouched for by the webcast's organization: a member of it, or an
 * e-mail of a domain its provider serves. A private webcast lets in its listed viewers only; a
 * public one adds the user as a registered viewer (createViewer: the viewer limit applies).
 */
async function ssoViewer(c: Context<AppEnv>, context: WatchContext, locale: UiLocale): Promise<ViewerRow> {
  const user = c.var.auth;
  if (!user) throw refusal("unauthenticated", "sso_session_missing", locale);
  const organizationId = context.row.organization_id;
  if (context.row.sso_required && !user.accounts.some((account) => account.id === organizationId)) {
    const provider = await providerForEmail(c.env.DB, user.email);
    if (provider?.organizationId !== organizationId) throw refusal("forbidden", "sso_wrong_organization", locale);
  }
  const listed = await viewerByEmail(c.env, context.row.id, user.email);
  if (listed) return listed;
  if (context.row.privacy === "private") throw refusal("forbidden", "not_on_list", locale);
  // A newcomer has no tags: on a segmented webcast they would be added only to be refused.
  if (context.segmentNames.length > 0) throw refusal("forbidden", "segment_refused", locale);
  return addViewer(c.env, context.row, { name: user.name, email: user.email, tags: [] }, locale);
}

/** The pass and a first room token of a signed-in viewer or guest. */
async function access(env: Env, context: WatchContext, found: Identified, method: SignInMethod): Promise<ViewerAccess> {
  const webcastId = context.row.id;
  const guest = found.viewer === null;
  const viewerId = found.viewer?.id ?? `guest:${crypto.randomUUID()}`;
  // What the pass is judged against again at each trade (service.ts `checkPassStillGood`).
  const { pass, expiresAt } = await mintPass(env, webcastId, viewerId, guest, { method, key: await accessKey(env, context) });
  return {
    pass,
    pass_expires_at: expiresAt,
    viewer: { id: viewerId, name: found.viewer?.name ?? found.guestName ?? "", guest },
    ...(await roomTokenGrant(env, webcastId, viewerId)),
  };
}

/** A fresh room token for the viewer (ROOM_TOKEN_TTL_SECONDS). */
export async function roomTokenGrant(env: Env, webcastId: string, viewerId: string, now = Date.now()) {
  return {
    room_token: await mintRoomToken(env, { webcast_uid: webcastId, viewer_id: viewerId }, ROOM_TOKEN_TTL_SECONDS, now),
    expires_at: new Date(now + ROOM_TOKEN_TTL_SECONDS * 1000).toISOString(),
  };
}
