import { type Context, Hono } from "hono";
import { LOCALE_HEADER, ROOM_ACTOR_HEADER } from "../../../durable/headers.ts";
import { webcastRoomStub } from "../../../durable/stubs.ts";
import type { ErrorCode } from "../../../domain/errors/codes.ts";
import { permissionWebcast } from "../../../domain/permissions/can.ts";
import { tenantRefusal } from "../../../domain/permissions/tenancy.ts";
import { type LocalizedText, localized } from "../../../domain/validation/localized.ts";
import { type RoomActor, staffRoomActor } from "../../../domain/webcast-room/actor.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { isWebsocketUpgrade } from "../../http/origin.ts";
import { pathWebcast } from "../webcasts/guards.ts";
import { findWebcast } from "../webcasts/service.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { verifyRoomToken } from "./room-token.ts";

// There is no 426 in the error catalogue (SPEC §8): a plain HTTP request gets a 400 that says why.
const UPGRADE_REQUIRED: LocalizedText = {
  en: "This address only accepts websocket connections (Upgrade: websocket).",
  fr: "Cette adresse n'accepte que les connexions websocket (Upgrade: websocket).",
};

/**
 * The staff actor of the path's webcast (control-room calls and the room socket): 401 signed out,
 * 404 for an unknown uid or another tenant's webcast, 403 for a member who neither produces nor
 * speaks in it (domain/webcast-room/actor.ts `staffRoomActor`, SPEC §6 through `canForWebcast`).
 */
export async function staffActorOf(c: Context<AppEnv>): Promise<{ uid: string; actor: RoomActor }> {
  const user = requireUser(c);
  const found = await pathWebcast(c);
  const actor = staffRoomActor(user, permissionWebcast(found.row, found.speakers), c.var.locale);
  if (!actor) throw new ApiError(tenantRefusal(user, found.row.organization_id));
  return { uid: found.row.id, actor };
}

/**
 * A viewer's actor from a room token (`?token=`, room-token.ts): 401 when forged, expired or for
 * another webcast (one answer for all three), 404 when the webcast is gone since it was issued.
 */
async function viewerActorOf(c: Context<AppEnv>, token: string): Promise<{ uid: string; actor: RoomActor }> {
  const uid = c.req.param("id") ?? "";
  const payload = UUID_V7.test(uid) ? await verifyRoomToken(c.env, token, uid) : null;
  if (!payload) throw new ApiError("unauthenticated");
  if (!(await findWebcast(db(c.env.DB), uid))) throw new ApiError("not_found");
  return { uid, actor: { role: "viewer", user_id: null, viewer_id: payload.viewer_id, grants: [], locale: c.var.locale } };
}

/**
 * GET /api/webcasts/:id/room: opens the webcast's realtime room (protocol in domain/protocol).
 * Everything is decided here, before any socket exists, each refusal in the SPEC §8 shape in the
 * caller's language: an upgrade from another origin never gets here (403 in the same-origin
 * middleware, worker/http/origin.ts); a plain request gets 400; then who is calling — a room
 * token (`?token=`, viewers and guests) or the session (staff: producer or speaker of this
 * webcast) — and the Durable Object gets the upgrade with the actor it must trust
 * (ROOM_ACTOR_HEADER), never the caller's cookies or token. The room may still answer 409 (a
 * test webcast is full): passed on in the same shape.
 */
export const webcastRoom = new Hono<AppEnv>().get("/:id/room", async (c) => {
  if (!isWebsocketUpgrade(c.req.raw)) {
    throw new ApiError("bad_request", { message: localized(UPGRADE_REQUIRED, c.var.locale) });
  }
  const token = c.req.query("token");
  const { uid, actor } = token !== undefined && token !== "" ? await viewerActorOf(c, token) : await staffActorOf(c);
  const headers = new Headers(c.req.raw.headers);
  headers.delete("Cookie");
  headers.delete("Authorization");
  headers.set(ROOM_ACTOR_HEADER, JSON.stringify(actor));
  headers.set(LOCALE_HEADER, c.var.locale);
  const url = new URL(c.req.url);
  url.pathname = `/api/webcasts/${uid}/room`;
  url.search = "";
  const response = await webcastRoomStub(c.env, uid).fetch(url.toString(), { headers });
  if (response.status === 101 || response.ok) return response;
  throw await roomRefusal(response);
});

const ROOM_REFUSAL_CODE: Partial<Record<number, ErrorCode>> = { 400: "bad_request", 401: "unauthenticated", 403: "forbidden", 404: "not_found", 409: "conflict" };

/** The room's own refusal of an upgrade (409 `{message}` when a test webcast is full, 404 when the webcast is gone), in the SPEC §8 shape. */
async function roomRefusal(response: Response): Promise<ApiError> {
  const body = await response.json<{ message?: unknown }>().catch(() => ({ message: undefined }));
  const message = typeof body.message === "string" ? body.message : undefined;
  return new ApiError(ROOM_REFUSAL_CODE[response.status] ?? "server_error", message ? { message } : {});
}
