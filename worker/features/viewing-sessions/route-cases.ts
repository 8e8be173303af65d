import { env } from "cloudflare:workers";
import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { mintRoomToken } from "../webcast-room/room-token.ts";
import { insertWebcast } from "../webcasts/testing.ts";

/**
 * The viewing sessions' rows of the route × role × tenant matrix (worker/test/route-matrix.ts).
 * The device calls answer whoever holds a room token, signed in or not (the same-origin check and
 * the XSRF token still apply); the summary is webcasts.view's (organizers, admins, owners).
 * Each call gets a fresh live webcast in a fresh copy of "Demo Events".
 */
const STAFF_READ = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

async function liveSession(start: boolean) {
  const webcast = await insertWebcast(await cloneDemoEvents(), { state: "live" });
  const viewerId = `guest:${crypto.randomUUID()}`;
  const token = await mintRoomToken(env, { webcast_uid: webcast.id, viewer_id: viewerId });
  const id = crypto.randomUUID();
  if (start) {
    // Started 30 s ago, so the beat is not one ignored as too soon.
    const then = Date.now() - 30_000;
    await env.DB.prepare("INSERT INTO viewing_sessions (id, organization_id, webcast_id, viewer_id, kind, started_at, last_seen_at) VALUES (?, ?, ?, ?, 'live', ?, ?)")
      .bind(id, webcast.organization_id, webcast.id, viewerId, then, then)
      .run();
  }
  return { base: `/api/watch/${webcast.id}/viewing-sessions`, id, headers: { Authorization: `Bearer ${token}` } };
}

export const VIEWING_SESSION_ROUTE_CASES: RouteCase[] = [
  {
    route: "POST /api/watch/:id/viewing-sessions",
    request: async () => {
      const { base, id, headers } = await liveSession(false);
      return { path: base, method: "POST", json: { id, kind: "live" }, headers };
    },
    expect: { others: 201 },
  },
  {
    route: "POST /api/watch/:id/viewing-sessions/:sessionId/heartbeat",
    request: async () => {
      const { base, id, headers } = await liveSession(true);
      return { path: `${base}/${id}/heartbeat`, method: "POST", headers };
    },
    expect: { others: 204 },
  },
  {
    route: "POST /api/watch/:id/viewing-sessions/:sessionId/end",
    request: async () => {
      const { base, id, headers } = await liveSession(true);
      return { path: `${base}/${id}/end`, method: "POST", headers };
    },
    expect: { others: 204 },
  },
  {
    route: "GET /api/webcasts/:id/viewing-sessions/summary",
    request: async () => ({ path: `/api/webcasts/${(await insertWebcast(await cloneDemoEvents())).id}/viewing-sessions/summary` }),
    expect: { ...STAFF_READ, others: 200 },
  },
];
