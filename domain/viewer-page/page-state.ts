import { STARTING_SOON_MINUTES, type StartingSoon } from "../webcasts/dashboard.ts";
import type { PublicWebcast } from "./api.ts";

/**
 * Which state the public webcast page shows (SPEC §2 "Public webcast page states: not started,
 * live, ended, canceled, replay pending or expired"; §4 "A premiere shows live as premiering";
 * §9 starting-soon thresholds and page auto-refresh). Pure: the page calls it with the server's
 * clock as it estimates it (`server_now` plus the time since the fetch), so a device whose clock
 * is off still counts down right. No authorization: the page is public.
 */

export const VIEWER_PAGE_KINDS = ["not_started", "live", "premiering", "ended", "canceled", "replay_pending", "replay_available", "replay_expired"] as const;
export type ViewerPageKind = (typeof VIEWER_PAGE_KINDS)[number];

export interface ViewerPageState {
  kind: ViewerPageKind;
  /** Not started and within 60 or 10 minutes of the start (STARTING_SOON_MINUTES, the dashboard's thresholds). */
  soon: StartingSoon;
  /** Not started: milliseconds left until the scheduled start, 0 once it went by ("starting any moment"); null otherwise or when the schedule is hidden. */
  startsInMs: number | null;
  /**
   * The first epoch millisecond at which this result changes by time alone (a threshold crossed,
   * the start reached, the replay expired), so the page sets one timer instead of polling every
   * second; null when only the server can change it (the page refetches then).
   */
  nextChangeAt: number | null;
}

/**
 * SPEC §9 "Page auto-refresh after 5 s": while the page waits for a change only the server makes
 * (the show starts or ends, the replay is ready), it fetches the webcast again this often.
 */
export const PAGE_AUTO_REFRESH_MS = 5_000;

const MINUTE_MS = 60_000;
const UNDER_10_MS = STARTING_SOON_MINUTES[0] * MINUTE_MS;
const UNDER_60_MS = STARTING_SOON_MINUTES[1] * MINUTE_MS;

const settled = (kind: ViewerPageKind): ViewerPageState => ({ kind, soon: null, startsInMs: null, nextChangeAt: null });

/** Epoch milliseconds of an ISO date, or null when it is missing or unreadable. */
function timeOf(iso: string | null): number | null {
  const at = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isFinite(at) ? at : null;
}

/**
 * Before the show: the countdown and the "starting soon" badge (under 60 then under 10 minutes,
 * strictly, as on the dashboard). Past the start with no show yet: "starting any moment", not
 * ended, since a late producer may still start it.
 */
function notStarted(start: string | null, now: number): ViewerPageState {
  const at = timeOf(start);
  if (at === null) return settled("not_started");
  const left = at - now;
  if (left <= 0) return { kind: "not_started", soon: "under_10", startsInMs: 0, nextChangeAt: null };
  if (left < UNDER_10_MS) return { kind: "not_started", soon: "under_10", startsInMs: left, nextChangeAt: at };
  // left < T ⇔ now > at − T: the first millisecond past it.
  if (left < UNDER_60_MS) return { kind: "not_started", soon: "under_60", startsInMs: left, nextChangeAt: at - UNDER_10_MS + 1 };
  return { kind: "not_started", soon: null, startsInMs: left, nextChangeAt: at - UNDER_60_MS + 1 };
}

/** After the show: the replay as the server reports it; an available replay expires at `expires_at` without a refetch. */
function afterShow(replay: PublicWebcast["replay"], now: number): ViewerPageState {
  if (replay.status === "none") return settled("ended");
  if (replay.status === "pending") return settled("replay_pending");
  const expiresAt = timeOf(replay.expires_at);
  if (replay.status === "expired" || (expiresAt !== null && now >= expiresAt)) return settled("replay_expired");
  return { ...settled("replay_available"), nextChangeAt: expiresAt };
}

/**
 * The page's state at `now` (epoch ms). API states (SPEC §4): upcoming and resetting are not
 * started; starting and pre_loop (the producer pressed start, the opening loop plays) are not
 * started, "starting any moment" whatever the schedule says; live, stopping and end_loop are live
 * (premiering for a premiere) until the server archives the webcast; archived shows the replay's
 * state; an unknown state counts as upcoming (SPEC §4 "defaults to upcoming when unknown").
 */
export function viewerPageState(webcast: Pick<PublicWebcast, "state" | "is_premiere" | "start" | "end" | "replay">, now: number): ViewerPageState {
  switch (webcast.state) {
    case "starting":
    case "pre_loop":
      return { kind: "not_started", soon: "under_10", startsInMs: 0, nextChangeAt: null };
    case "live":
    case "stopping":
    case "end_loop":
      return settled(webcast.is_premiere ? "premiering" : "live");
    case "premiering":
      return settled("premiering");
    case "archived":
      return afterShow(webcast.replay, now);
    case "canceled":
      return settled("canceled");
    default:
      return notStarted(webcast.start, now);
  }
}

/** A countdown's parts (SPEC §9 time units); the web words them in the viewer's language. */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * `ms` as whole days, hours, minutes and seconds, rounded up so that the countdown shows 0 only
 * once the start is reached (999 ms left reads "1 s"). Negative or unreadable: all 0. Days are
 * not folded into years: a page counting down over a year away shows the date instead.
 */
export function countdownParts(ms: number): CountdownParts {
  const total = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1_000) : 0;
  return { days: Math.floor(total / 86_400), hours: Math.floor(total / 3_600) % 24, minutes: Math.floor(total / 60) % 60, seconds: total % 60 };
}
