import { z } from "zod";
import { UI_LOCALES } from "../i18n/locales.ts";
import { type PermissionSubject, type PermissionWebcast, canForWebcast } from "../permissions/can.ts";
import { PRODUCER_PERMISSIONS, type Permission } from "../permissions/permissions.ts";
import type { RoomCommandType } from "./commands.ts";

/**
 * Who holds a socket (or makes a control-room call) in a webcast's room: decided once by the
 * worker before the upgrade, kept in the socket's attachment so it survives hibernation, and read
 * by the reducer for every command.
 * - `producer`: holds control_room.manage for the webcast (organizer, admin, owner of its
 *   organization, super admin, or its producer speaker);
 * - `speaker`: speaks in the webcast without producing it; follows the room;
 * - `viewer`: a viewer or a guest with a room token (worker/features/webcast-room/room-token.ts).
 */
export const ROOM_ROLES = ["producer", "speaker", "viewer"] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];

export const roomActorSchema = z.object({
  role: z.enum(ROOM_ROLES),
  /** A staff member's user id; null for a viewer or guest. */
  user_id: z.number().int().positive().nullable(),
  /** A registered viewer's id, or a guest's id (`guest:<uuid>`); null for staff. */
  viewer_id: z.string().min(1).max(80).nullable(),
  /** The producer permissions (SPEC §6) the actor holds for this webcast, from `canForWebcast`. */
  grants: z.array(z.enum([...PRODUCER_PERMISSIONS] as [Permission, ...Permission[]])),
  locale: z.enum(UI_LOCALES),
});
export type RoomActor = z.infer<typeof roomActorSchema>;

/** One key per person, whatever their sockets: the scope of their command ids. */
export function actorKey(actor: Pick<RoomActor, "user_id" | "viewer_id">): string {
  return actor.user_id !== null ? `user:${actor.user_id}` : `viewer:${actor.viewer_id ?? "?"}`;
}

/**
 * The room role of a signed-in user for a webcast, or null when they may not enter (members who
 * neither produce nor speak, other tenants): SPEC §6 through `canForWebcast`.
 */
export function staffRoomActor(
  user: PermissionSubject & { id: number },
  webcast: PermissionWebcast,
  locale: RoomActor["locale"],
): RoomActor | null {
  const grants = [...PRODUCER_PERMISSIONS].filter((permission) => canForWebcast(user, permission, webcast));
  const role: RoomRole | null = grants.includes("control_room.manage") ? "producer" : webcast.speakers.some((speaker) => speaker.id === user.id) ? "speaker" : null;
  if (role === null) return null;
  return { role, user_id: user.id, viewer_id: null, grants, locale };
}

/**
 * The permission each command needs (SPEC §6: a producer speaker or the organizer runs the room,
 * its polls and questions). Null: anyone in the room may send it (a vote, a question, an upvote, a
 * chat message); its feature's rules then decide (domain/polls/ballots.ts `castBallot`…).
 */
export const COMMAND_PERMISSION: Record<RoomCommandType, Permission | null> = {
  "control.prepare": "control_room.manage",
  "control.start": "control_room.manage",
  "control.stop": "control_room.manage",
  "control.rtmp.activate": "control_room.manage",
  "control.vmr.activate": "control_room.manage",
  "control.focus": "control_room.manage",
  "control.conference-layout": "control_room.manage",
  "conference.connect": "control_room.manage",
  "control.dial-out": "control_room.manage",
  "slide.set": "slides.manage",
  "scene.set": "control_room.manage",
  "polling.set": "polls.manage",
  "toggle.set": "control_room.manage",
  "room.reset": "control_room.manage",
  "poll.vote": null,
  "question.ask": null,
  "question.upvote": null,
  "question.moderate": "questions.manage",
  "question.patch": "questions.manage",
  "chat.send": null,
  "chat.delete": "questions.manage",
};

/** Whether the actor may run a command of this type. */
export function roomCan(actor: Pick<RoomActor, "grants">, type: RoomCommandType): boolean {
  const permission = COMMAND_PERMISSION[type];
  return permission === null || actor.grants.includes(permission);
}
