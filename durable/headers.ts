/**
 * What the worker and the Durable Objects agree on, in the one place both import: the headers the
 * worker sets on a request it forwards to an object (after authenticating and authorizing it), and
 * the close codes a socket may report but never send.
 */

/** The signed-in user the worker checked (organization sync's poke channel). */
export const SYNC_USER_HEADER = "X-Sync-User";
/** The organization the worker checked the user belongs to (organization sync's poke channel). */
export const SYNC_ORGANIZATION_HEADER = "X-Sync-Organization";
/**
 * Who opens a webcast room's socket, as the worker authenticated and authorized them: a JSON
 * `RoomActor` (domain/webcast-room/actor.ts). The room trusts it: only the worker reaches it.
 */
export const ROOM_ACTOR_HEADER = "X-Room-Actor";
/** The language of the texts an object sends (error frames), as the worker resolved it. */
export const LOCALE_HEADER = "X-Locale";

/** Close codes the runtime reports but that must never be sent back (TOOLCHAIN gotcha 7). */
export const RESERVED_CLOSE_CODES: ReadonlySet<number> = new Set([1005, 1006, 1015]);
