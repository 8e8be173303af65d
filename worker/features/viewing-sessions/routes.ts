import { Hono } from "hono";
import { VIEWING_SESSION_ID, startViewingSessionBody } from "../../../domain/viewer-page/viewing-sessions.ts";
import { type RateLimit, enforceRateLimits } from "../../auth/rate-limit.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody } from "../../http/validators.ts";
import { roomViewer, roomViewerOf } from "../webcast-room/room-viewer.ts";
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
