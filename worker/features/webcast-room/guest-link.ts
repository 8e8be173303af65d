import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";
import { guardedStaff, staffGuard, staffOfWebcast } from "./interaction-calls.ts";
import { mintRoomToken } from "./room-token.ts";

/**
 * The audience preview the control room offers (docs/webcasts-api.md "Control room"): a room token
 * for a fresh guest of the webcast (`guest:<uuid>`), so a producer can open the viewers' page
 * (`/live/{uid}?token=`) in another tab and see and use it as a guest: vote, ask, chat. Two hours:
 * a rehearsal and the show. The guest is nobody's account: each link is a new guest.
 */

/** How long a preview link opens the room. */
export const GUEST_LINK_TTL_SECONDS = 2 * 60 * 60;

export const guestLinkRoutes = new Hono<AppEnv>()
  /** POST …/room/guest-link → 201 `{ token, expires_at }` (not wrapped: web/features/webcast-room/interaction-api.ts reads it so); control_room.manage for the webcast. */
  .post("/:id/room/guest-link", staffGuard((c) => staffOfWebcast(c, c.req.param("id") ?? "", "control_room.manage")), async (c) => {
    const { webcast } = await guardedStaff(c);
    const now = Date.now();
    const token = await mintRoomToken(c.env, { webcast_uid: webcast.row.id, viewer_id: `guest:${crypto.randomUUID()}` }, GUEST_LINK_TTL_SECONDS, now);
    const expires_at = new Date((Math.floor(now / 1000) + GUEST_LINK_TTL_SECONDS) * 1000).toISOString();
    return c.json({ token, expires_at }, 201);
  });
