import type { Env } from "../worker/env.ts";

/**
 * The only place Durable Object ids are derived from names, so a name scheme never drifts between
 * callers. Callers authorize before asking for a stub.
 */
export function webcastRoomStub(env: Pick<Env, "WEBCAST_ROOM">, webcastId: string) {
  return env.WEBCAST_ROOM.get(env.WEBCAST_ROOM.idFromName(`webcast:${webcastId}`));
}
