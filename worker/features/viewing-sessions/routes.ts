import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { PLAYBACK_MESSAGES } from "../../../domain/viewer-page/playback-messages.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { VIEWING_SESSION_ID, startViewingSessionBody } from "../../../domain/viewer-page/viewing-sessions.ts";
import { type RateLimit, enforceRateLimits } from "../../auth/rate-limit.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody } from "../../http/validators.ts";
import { bearerPass } from "../viewer-access/pass.ts";
import { type RoomTokenPayload, verifyRoomToken } from "../webcast-room/room-token.ts";
import { webcastGuard } from "../webcasts/guards.ts";
import { endSession, heartbeat, startSession, summaryOf } from "./service.ts";

/**
 * Viewing sessions (domain/viewer-page/viewing-sessions.ts, docs/webcasts-api.md "Viewing
 * sessions"), mounted at /api. The device's calls sit under /api/watch/{id} beside the viewer
 * page's: authenticated by the room token (no session of the app), and, as every POST, behind the
 * same-origin check and the XSRF token of the browser's pre-session (worker/auth/csrf.ts). The
 * staff's summary sits under /api/webcasts/{uid} and needs `webcasts.view`.
 */

/** Starts per viewer and webcast: a reload or a replay restarted is one; a looping client is not 30. */
export const VIEWING_START_LIMIT = { limit: 30, windowMs: 10 * 60_000 } as const satisfies RateLimit;
/** Longest room token read from a body (one is ~300 characters). */
const MAX_BODY_TOKEN = 4_000;

/** Who each request's token names (kept beside the request, as the slides' audience reads are). */
const roomViewers = new WeakMap<Request, RoomTokenPayload>();

export function roomViewerOf(c: Context<AppEnv>): RoomTokenPayload {
  const payload = roomViewers.get(c.req.raw);
  if (!payload) throw new ApiError("unauthenticated");
  return payload;
}

/**
 * The room token of the path's webcast, from `Authorization: Bearer`, else `?token=`, else (the
 * end call only, whose page may be closing) a text/plain body holding just the token. Forged,
 * expired, another webcast's or missing: one 401 (the viewer's "reload the page" message). Also the
 * credential of the viewer page's other room-token reads (worker/features/viewer-resources).
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

/** The path's session id: a malformed one is simply not found. */
function sessionIdOf(value: string | undefined): string {
  if (value === undefined || !VIEWING_SESSION_ID.test(value)) throw new ApiError("not_found");
  return value;
}

export const viewingSessionRoutes = new Hono<AppEnv>()
  /** POST /api/watch/{id}/viewing-sessions `{ id, kind }` → 201 `{ data: ViewingSession }` (the same start again: the same answer). */
  .post("/watch/:id/viewing-sessions", roomViewer({ bodyToken: false }), jsonBody(() => startViewingSessionBody), async (c) => {
    const { webcast_uid, viewer_id } = roomViewerOf(c);
    await enforceRateLimits(c, [{ key: `viewing-start:${webcast_uid}:${viewer_id}`, rule: VIEWING_START_LIMIT }]);
    return c.json({ data: await startSession(c.env, webcast_uid, viewer_id, c.req.valid("json"), c.var.locale) }, 201);
  })
  /** POST …/viewing-sessions/{sessionId}/heartbeat → 204; 409 once the session is over (start a new one). */
  .post("/watch/:id/viewing-sessions/:sessionId/heartbeat", roomViewer({ bodyToken: false }), async (c) => {
    const { webcast_uid, viewer_id } = roomViewerOf(c);
    await heartbeat(c.env, webcast_uid, viewer_id, sessionIdOf(c.req.param("sessionId")), c.var.locale);
    return c.body(null, 204);
  })
  /** POST …/viewing-sessions/{sessionId}/end → 204, again and again. */
  .post("/watch/:id/viewing-sessions/:sessionId/end", roomViewer({ bodyToken: true }), async (c) => {
    const { webcast_uid, viewer_id } = roomViewerOf(c);
    await endSession(c.env, webcast_uid, viewer_id, sessionIdOf(c.req.param("sessionId")));
    return c.body(null, 204);
  })
  /** GET /api/webcasts/{uid}/viewing-sessions/summary → `{ data: ViewingSummary }` (webcasts.view). */
  .get("/webcasts/:id/viewing-sessions/summary", webcastGuard("webcasts.view"), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ data: await summaryOf(c.env, c.req.param("id")) }, 200);
  });
