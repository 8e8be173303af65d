import type { Permission } from "../permissions/permissions.ts";
import type { WebcastApiStatus, WebcastRow } from "./record.ts";
import { ON_AIR_STATES } from "./status.ts";

/**
 * SPEC §2 and §3 "Featured webcasts: next, last", and the home screen's "your webcasts" order.
 * Pure: the worker answers GET /api/webcasts/featured with it, and the browser computes the same
 * over the webcasts in IndexedDB when it is offline. No authorization here: callers pass only the
 * webcasts the user may see (`FEATURED_PERMISSION` in the webcast's organization).
 */

/** Who sees a webcast on the home screen: anyone who may see the organization's sessions. */
export const FEATURED_PERMISSION: Permission = "sessions.view";

/** States before or during the show: such a webcast can be "next" until its scheduled end. */
export const NEXT_STATES: ReadonlySet<WebcastApiStatus> = new Set<WebcastApiStatus>(["upcoming", "resetting", "pre_loop", ...ON_AIR_STATES]);

/** States after the show (SPEC §4 interface "after (archived)"): such a webcast can be "last". */
export const ENDED_STATES: ReadonlySet<WebcastApiStatus> = new Set<WebcastApiStatus>(["archived", "end_loop"]);

/** What the selection reads of a webcast. */
export type FeaturedCandidate = Pick<WebcastRow, "id" | "state" | "event_start_date_time" | "duration">;

export interface Featured<T> {
  next: T | null;
  last: T | null;
}

const MINUTE_MS = 60_000;

export function startOf(webcast: Pick<WebcastRow, "event_start_date_time">): number {
  return Date.parse(webcast.event_start_date_time);
}

/** Scheduled end in epoch milliseconds: start + duration (SPEC §3 event_end_date_time). */
export function endOf(webcast: Pick<WebcastRow, "event_start_date_time" | "duration">): number {
  return startOf(webcast) + webcast.duration * MINUTE_MS;
}

/**
 * Can be "next": before or during the show, and either on air (a late show is still next) or not
 * past its scheduled end (an upcoming webcast whose time went by without a show is not).
 */
export function isNextCandidate(webcast: FeaturedCandidate, now: number): boolean {
  if (!NEXT_STATES.has(webcast.state)) return false;
  return ON_AIR_STATES.has(webcast.state) || endOf(webcast) > now;
}

/** Can be "last": the show is over (archived or playing its closing loop). Canceled ones never count. */
export function isLastCandidate(webcast: FeaturedCandidate): boolean {
  return ENDED_STATES.has(webcast.state);
}

/** Soonest start first; the id (UUIDv7, time-ordered) breaks ties so every side picks the same. */
function bySoonest(a: FeaturedCandidate, b: FeaturedCandidate): number {
  return startOf(a) - startOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * next = the soonest webcast that is upcoming, starting or live and not yet ended; last = the most
 * recent one that ended (archived). Either is null when there is none.
 */
export function featuredWebcasts<T extends FeaturedCandidate>(webcasts: readonly T[], now: number): Featured<T> {
  let next: T | null = null;
  let last: T | null = null;
  for (const webcast of webcasts) {
    if (isNextCandidate(webcast, now) && (next === null || bySoonest(webcast, next) < 0)) next = webcast;
    if (isLastCandidate(webcast) && (last === null || bySoonest(webcast, last) > 0)) last = webcast;
  }
  return { next, last };
}

/**
 * The home screen's "your webcasts" (SPEC §2): those still to come or on air, soonest first, then
 * the others (ended, canceled, or never held), most recent first; at most `limit`.
 */
export function homeWebcasts<T extends FeaturedCandidate>(webcasts: readonly T[], now: number, limit: number): T[] {
  const coming = webcasts.filter((webcast) => isNextCandidate(webcast, now)).sort(bySoonest);
  const past = webcasts.filter((webcast) => !isNextCandidate(webcast, now)).sort((a, b) => bySoonest(b, a));
  return [...coming, ...past].slice(0, limit);
}
