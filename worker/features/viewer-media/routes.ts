import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../env.ts";
import { query } from "../../http/validators.ts";
import { roomViewer, roomViewerOf } from "../webcast-room/room-viewer.ts";
import { playbackOf } from "./service.ts";

/**
 * The viewer page's media (issue #19, docs/media.md "Playback on the viewer page"), mounted at
 * /api/watch next to the sign-in calls:
 *
 *   GET /api/watch/{webcastId}/playback?token=<room token> → { data: PlaybackData } (domain/viewer-page/playback.ts)
 *
 * The room token is the credential (a viewer's or a guest's, minted at sign-in and renewed by the
 * page every few minutes): no session, no database read before it is checked. Missing, forged,
 * expired or another webcast's: one 401 in the SPEC §8 shape. Never cached: the answer holds
 * signed URLs and the room's live_since.
 */
export const viewerMediaRoutes = new Hono<AppEnv>().get("/:id/playback", query(z.object({ token: z.string().max(4_000).optional() })), roomViewer({ bodyToken: false }), async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json({ data: await playbackOf(c.env, roomViewerOf(c).webcast_uid, Date.now()) }, 200);
});
