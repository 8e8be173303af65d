import type { WebcastRow } from "./record.ts";
import { isOnAir } from "./status.ts";
import { statusGroupOf } from "./status.ts";

/**
 * What the webcast dashboard (/webcasts/{uid}/dashboard, SPEC §2) says: when it starts, what it
 * holds and what to do next. Pure, from the synced rows (works offline).
 */

/** SPEC §9 "Starting soon thresholds: under 10 and under 60 minutes". */
export const STARTING_SOON_MINUTES = [10, 60] as const;

export type StartingSoon = "under_10" | "under_60" | null;

/** Whether an upcoming webcast starts within 10 or 60 minutes of `now`. */
export function startingSoon(webcast: Pick<WebcastRow, "event_start_date_time" | "state">, now: number): StartingSoon {
  if (statusGroupOf(webcast) !== "upcoming") return null;
  const minutes = (Date.parse(webcast.event_start_date_time) - now) / 60_000;
  if (minutes < 0) return null;
  if (minutes < STARTING_SOON_MINUTES[0]) return "under_10";
  if (minutes < STARTING_SOON_MINUTES[1]) return "under_60";
  return null;
}

export interface WebcastCounts {
  speakers: number;
  producers: number;
  polls: number;
  resources: number;
  embed_apps: number;
  segments: number;
  streaming_outputs: number;
  viewers: number | null;
}

/** A next action and the edit tab where it is done. */
export type NextAction = "choose_source" | "add_speakers" | "choose_producer" | "add_polls" | "add_resources" | "set_branding" | "add_viewers";

/**
 * The next actions of a webcast still to come, most important first: the source (without it
 * nothing can be broadcast), speakers and a producer (who runs the control room), then content
 * (polls, resources), branding and the audience. `viewers` null = not known on this device (the
 * user does not manage viewers): no viewer action then. Nothing for a webcast on air or past.
 */
export function nextActions(webcast: WebcastRow, counts: WebcastCounts): NextAction[] {
  if (statusGroupOf(webcast) !== "upcoming" || isOnAir(webcast)) return [];
  const actions: NextAction[] = [];
  if (webcast.source_type === null) actions.push("choose_source");
  if (counts.speakers === 0) actions.push("add_speakers");
  else if (counts.producers === 0) actions.push("choose_producer");
  if (counts.polls === 0) actions.push("add_polls");
  if (counts.resources === 0) actions.push("add_resources");
  if (webcast.logo_key === null && webcast.title_color === null && webcast.theme === "go") actions.push("set_branding");
  if (counts.viewers === 0 && webcast.privacy === "private") actions.push("add_viewers");
  return actions;
}
