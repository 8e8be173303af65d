import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ErrorCode } from "../../../domain/errors/codes.ts";
import { permissionWebcast } from "../../../domain/permissions/can.ts";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { tenantRefusal } from "../../../domain/permissions/tenancy.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { type LocalizedText, localized } from "../../../domain/validation/localized.ts";
import { type RoomActor, staffRoomActor } from "../../../domain/webcast-room/actor.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { type FoundWebcast, findWebcast } from "../webcasts/service.ts";
import { type CommandAnswer, roomRpc } from "./control-routes.ts";

/**
 * What the interaction calls of SPEC §7 (questions, chat, poll results: worker/features/questions,
 * chat, polls) share: the staff actor of a webcast found by uid (the path's, or a question's or
 * message's webcast), a room command run as that actor with its refusal in the SPEC §8 shape, and
 * the flush that makes D1 hold what the room accepted before a read.
 */

export interface StaffOfWebcast {
  webcast: FoundWebcast;
  actor: RoomActor;
}

/**
 * The signed-in user's staff actor in the webcast `uid` (domain/webcast-room/actor.ts
 * `staffRoomActor`): 401 signed out, 404 unknown (or malformed) uid or another tenant's webcast,
 * 403 for a member who neither produces nor speaks in it, and 403 when `permission` is given and
 * the actor does not hold it for this webcast (saying `refusal` when given).
 */
export async function staffOfWebcast(c: Context<AppEnv>, uid: string, permission?: Permission, refusal?: LocalizedText): Promise<StaffOfWebcast> {
  const user = requireUser(c);
  const webcast = UUID_V7.test(uid) ? await findWebcast(db(c.env.DB), uid) : undefined;
  if (!webcast) throw new ApiError("not_found");
  const actor = staffRoomActor(user, permissionWebcast(webcast.row, webcast.speakers), c.var.locale);
  if (!actor) throw new ApiError(tenantRefusal(user, webcast.row.organization_id));
  if (permission !== undefined && !actor.grants.includes(permission)) throw new ApiError("forbidden", refusal ? { message: localized(refusal, c.var.locale) } : {});
  return { webcast, actor };
}

const REFUSAL_CODE: Record<number, ErrorCode> = { 400: "bad_request", 403: "forbidden", 404: "not_found", 409: "conflict", 422: "validation_failed", 423: "locked", 429: "too_many_attempts" };

/** Runs `command` in the webcast's room as `actor`; a refusal throws in the SPEC §8 shape (its message in the actor's language). */
export async function runAs(c: Context<AppEnv>, uid: string, actor: RoomActor, command: RoomCommand): Promise<Extract<CommandAnswer, { ok: true }>> {
  const answer = await roomRpc(c.env, uid).command(uid, actor, command, null);
  if (answer.ok) return answer;
  if (answer.retry_after_ms !== undefined) c.header("Retry-After", String(Math.max(1, Math.ceil(answer.retry_after_ms / 1_000))));
  throw new ApiError(REFUSAL_CODE[answer.status] ?? "conflict", { message: answer.message, ...(answer.errors ? { errors: answer.errors } : {}) });
}

/** Makes D1 hold every interaction the webcast's room accepted (a no-op when it never had a room). */
export function flushInteractions(c: Context<AppEnv>, uid: string): Promise<void> {
  return roomRpc(c.env, uid).flushInteractions(uid);
}

// The staff check runs before the body or query is read (an outsider learns nothing from a 422);
// the handler reuses what it found.
const found = new WeakMap<Request, Promise<StaffOfWebcast>>();

/** A middleware deciding who calls (`resolve`, e.g. `staffOfWebcast`); the handler reads it back with `guardedStaff`. */
export function staffGuard(resolve: (c: Context<AppEnv>) => Promise<StaffOfWebcast>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const staff = resolve(c);
    found.set(c.req.raw, staff);
    await staff;
    await next();
  });
}

/** What the route's `staffGuard` found. */
export function guardedStaff(c: Context<AppEnv>): Promise<StaffOfWebcast> {
  const staff = found.get(c.req.raw);
  if (!staff) throw new Error("guardedStaff: the route has no staffGuard");
  return staff;
}
