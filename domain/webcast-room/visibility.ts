import type { RoomEvent } from "../protocol/server-messages.ts";
import type { RoomActor } from "./actor.ts";
import { type LiveState, STATS_FIELDS, type VisibleLiveState } from "./live-state.ts";

/**
 * What each person in a room may see of its live state (SPEC §6 "Speakers may see stats if
 * allowed"): the room sends the audience figures (STATS_FIELDS) to whoever runs the room, to a
 * speaker when the webcast's `speakers_see_stats` is on, and never to viewers. Enforced by the
 * room when it sends (snapshots, events, resumed events), not by the screens.
 *
 * An event whose every field is hidden still reaches everyone, with an empty patch: its sequence
 * number keeps each client's count gap-free (room-state.ts resumes on a gap).
 */

/** `full`: every field; `no_stats`: all but the audience figures. */
export type RoomAudience = "full" | "no_stats";

export function audienceOf(actor: Pick<RoomActor, "role" | "grants">, state: Pick<LiveState, "speakers_see_stats">): RoomAudience {
  if (actor.grants.includes("control_room.manage")) return "full";
  if (actor.role === "speaker" && state.speakers_see_stats) return "full";
  return "no_stats";
}

const HIDDEN: Record<RoomAudience, ReadonlySet<string>> = { full: new Set(), no_stats: new Set(STATS_FIELDS) };

/** Whether `patch` holds a field `audience` may not see (so its frame must be cut for it). */
export function hidesFrom(patch: Partial<LiveState>, audience: RoomAudience): boolean {
  const hidden = HIDDEN[audience];
  return hidden.size > 0 && Object.keys(patch).some((key) => hidden.has(key));
}

function without<T extends object>(value: T, hidden: ReadonlySet<string>): T {
  if (hidden.size === 0) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !hidden.has(key))) as T;
}

export function visibleState(state: LiveState, audience: RoomAudience): VisibleLiveState {
  return without(state, HIDDEN[audience]);
}

/**
 * The event as `audience` receives it. When the event turns the audience figures on for the
 * speakers (`speakers_see_stats` becomes true), their patch carries the current figures from
 * `state` (the state after the event), which they did not hold.
 */
export function visibleEvent(event: RoomEvent, audience: RoomAudience, state: LiveState): RoomEvent {
  if (audience === "full" && event.patch.speakers_see_stats === true) {
    return { ...event, patch: { ...event.patch, live_viewers: state.live_viewers, peak_viewers: state.peak_viewers } };
  }
  if (!hidesFrom(event.patch, audience)) return event;
  return { ...event, patch: without(event.patch, HIDDEN[audience]) };
}
