import type { RoomActor } from "../webcast-room/actor.ts";

/**
 * The one id a person goes by in a webcast's interactions (a chat message's `sender_id` and
 * `target_id`, a question's asker, an upvoter): `user:<id>` for staff, the viewer's id for a
 * registered viewer, `guest:<uuid>` for a guest with a room token. The three never collide (a
 * viewer id is a UUID; the others carry a prefix). The room lists the ids of the sockets it
 * holds with this same function, so "connected" means the same thing everywhere. An actor with
 * neither id (roomActorSchema does not forbid it; the worker never makes one) is a bug: it
 * throws rather than share an id.
 */
export function participantId(actor: Pick<RoomActor, "user_id" | "viewer_id">): string {
  if (actor.user_id !== null) return `user:${actor.user_id}`;
  // Never a shared fallback: two nameless actors under one id would read each other's private messages.
  if (actor.viewer_id === null) throw new Error("A room actor has a user id or a viewer id.");
  return actor.viewer_id;
}
