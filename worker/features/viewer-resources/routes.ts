import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env.ts";
import { query } from "../../http/validators.ts";
import { roomViewer, roomViewerOf } from "../webcast-room/room-viewer.ts";
import { resourcesForViewerOf } from "./service.ts";

/**
 * The viewer page's resources (issue #19 item 4, docs/viewer-page.md "Resources"), mounted at
 * /api/watch next to the sign-in and playback calls:
 *
 *   GET /api/watch/{webcastId}/resources?token=<room token>[&language=en]   (or Authorization: Bearer <room token>)
 *     → { data: ViewerResource[] } (domain/viewer-page/resources.ts)
 *
 * The room token is the credential (checked before any database read): missing, forged, expired
 * or another webcast's is one 401 in the SPEC §8 shape. With the attendee option `view_resources`
 * off the answer is an empty list (not a 403): the page hides the section from the same option,
 * and a list fetched while the organizer turns it off simply empties. Never cached: signed URLs.
 */
export const viewerResourceRoutes = new Hono<AppEnv>().get(
  "/:id/resources",
  roomViewer({ bodyToken: false }),
  query(z.object({ token: z.string().max(4_000).optional(), language: z.string().max(16).optional() })),
  async (c) => {
    const { webcast_uid } = roomViewerOf(c);
    c.header("Cache-Control", "no-store");
    return c.json({ data: await resourcesForViewerOf(c.env, webcast_uid, c.req.valid("query").language, Date.now()) }, 200);
  },
);
