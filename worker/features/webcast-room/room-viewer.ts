import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { PLAYBACK_MESSAGES } from "../../../domain/viewer-page/playback-messages.ts";
import { localized } from "../../../domain/validation/localized.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { bearerPass } from "../viewer-access/pass.ts";
import { type RoomTokenPayload, verifyRoomToken } from "./room-token.ts";

/**
 * The room token as the credential of the viewer page's calls under /api/watch/{id} (playback,
 * resources, viewing sessions): no session of the app, a 5-minute token minted at sign-in.
 */
/** Longest room token read from a body (one is ~300 characters). */
const MAX_BODY_TOKEN = 4_000;

/** Who each request's token names (kept beside the request, as the slides' audience reads are). */
const roomViewers = new WeakMap<Request, RoomTokenPayload>();

/** The room token's payload `roomViewer` checked for this request. */
export function roomViewerOf(c: Context<AppEnv>): RoomTokenPayload {
  const payload = roomViewers.get(c.req.raw);
  if (!payload) throw new ApiError("unauthenticated");
  return payload;
}

/**
 * The room token of the path's webcast, from `Authorization: Bearer`, else `?token=`, else (the
 * end call only, whose page may be closing) a text/plain body holding just the token. Forged,
 * expired, another webcast's or missing: one 401 (the viewer's "reload the page" message).
 */
export const roomViewer = (options: { bodyToken: boolean }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    let token = bearerPass(c.req.header("Authorization")) ?? c.req.query("token") ?? null;
    if (!token && options.bodyToken && (c.req.header("Content-Type") ?? "").toLowerCase().startsWith("text/plain")) {
      const text = (await c.req.text()).trim();
      token = text.length > 0 && text.length <= MAX_BODY_TOKEN ? text : null;
    }
    const payload = token ? await verifyRoomToken(c.env, token, c.req.param("id") ?? "") : null;
    if (!payload) throw new ApiError("unauthenticated", { message: localized(PLAYBACK_MESSAGES.token_invalid, c.var.locale) });
    roomViewers.set(c.req.raw, payload);
    await next();
  });

