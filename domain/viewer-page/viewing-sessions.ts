import { z } from "zod";
import type { LocalizedText } from "../validation/localized.ts";
import type { WebcastApiStatus } from "../webcasts/record.ts";
import { statusGroupOf } from "../webcasts/status.ts";

/**
 * Viewing sessions (issue #19, docs/webcasts-api.md "Viewing sessions"): one device playing one
 * webcast, live or on demand, from its first frame to its end, kept alive by heartbeats. They are
 * what SPEC §3's `live_viewing_sessions_count` / `vod_viewing_sessions_count` count. Pure rules:
 * the worker (worker/features/viewing-sessions) applies them as the authority, the viewer page
 * reads the intervals from here. Who may: the holder of a room token of the webcast, for their own
 * sessions only (the worker checks the token and the session's viewer); the counts are read by
 * members holding `webcasts.view`.
 *
 *   POST /api/watch/{webcastId}/viewing-sessions                  StartViewingSessionBody → 201 { data: ViewingSession }
 *   POST /api/watch/{webcastId}/viewing-sessions/{id}/heartbeat   (no body) → 204; 409 once the session is over
 *   POST /api/watch/{webcastId}/viewing-sessions/{id}/end         (no body, or the room token as text/plain) → 204
 *   GET  /api/webcasts/{uid}/viewing-sessions/summary             → { data: ViewingSummary }
 */

export const VIEWING_SESSION_KINDS = ["live", "vod"] as const;
export type ViewingSessionKind = (typeof VIEWING_SESSION_KINDS)[number];

/** How often a playing device beats. */
export const VIEWING_HEARTBEAT_S = 30;
/**
 * A session without a beat for this long is over, and its end is its last beat: three beats
 * missed (a tab frozen in the background, a lost network, a killed app) before it stops counting.
 */
export const VIEWING_SESSION_TIMEOUT_S = 3 * VIEWING_HEARTBEAT_S;
/** Beats closer than this to the last one change nothing (a cheap guard against a looping client). */
export const VIEWING_HEARTBEAT_MIN_GAP_S = VIEWING_HEARTBEAT_S / 2;

const TIMEOUT_MS = VIEWING_SESSION_TIMEOUT_S * 1000;

/**
 * A session id is made by the device (`crypto.randomUUID()`), so a start sent twice (a retry
 * after a lost answer) applies once. Any RFC 9562 UUID, in lower case as browsers make them.
 */
export const VIEWING_SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** POST …/viewing-sessions: the device's id for the session and what it plays. Heartbeat and end take no JSON body. */
export const startViewingSessionBody = z.strictObject({
  id: z.string().regex(VIEWING_SESSION_ID),
  kind: z.enum(VIEWING_SESSION_KINDS),
});
export type StartViewingSessionBody = z.infer<typeof startViewingSessionBody>;

/** The answer to a start: the session and the beat the device keeps. `started_at` is ISO. */
export interface ViewingSession {
  id: string;
  kind: ViewingSessionKind;
  started_at: string;
  heartbeat_s: number;
}

/**
 * The kind of session a webcast in `state` admits: `live` while its show runs (the "live" status
 * group: starting, pre-show loop, live, premiering, stopping, end loop, so a page a few seconds
 * behind the state is not refused), `vod` once archived (the replay), none before the show or
 * when canceled. Whether a replay file exists is the replay's own gate, not the session's.
 */
export function sessionKind(state: WebcastApiStatus): ViewingSessionKind | null {
  const group = statusGroupOf({ state });
  if (group === "live") return "live";
  if (group === "after") return "vod";
  return null;
}

/** The states in which sessions of `kind` may start and beat (for the worker's SQL). */
export function statesOfKind(kind: ViewingSessionKind, states: readonly WebcastApiStatus[]): WebcastApiStatus[] {
  return states.filter((state) => sessionKind(state) === kind);
}

/** A stored session's times (epoch ms), as the table keeps them. */
export interface SessionTimes {
  started_at: number;
  last_seen_at: number;
  ended_at: number | null;
}

/** Whether the session still runs at `now`: not ended and beaten within the timeout. */
export function isSessionOpen(session: SessionTimes, now: number): boolean {
  return session.ended_at === null && now - session.last_seen_at <= TIMEOUT_MS;
}

/** What a heartbeat at `now` does: extends the session, is ignored (too soon), or is refused (over). */
export function heartbeatOutcome(session: SessionTimes, now: number): "extend" | "ignore" | "over" {
  if (!isSessionOpen(session, now)) return "over";
  return now - session.last_seen_at < VIEWING_HEARTBEAT_MIN_GAP_S * 1000 ? "ignore" : "extend";
}

/**
 * The `ended_at` an end call at `now` records: now while the session runs, its last beat when it
 * had already timed out (the timeout ended it there). Nothing changes for an ended session.
 */
export function endedAt(session: SessionTimes, now: number): number {
  if (session.ended_at !== null) return session.ended_at;
  return now - session.last_seen_at <= TIMEOUT_MS ? Math.max(now, session.last_seen_at) : session.last_seen_at;
}

/**
 * How long the session was watched: to its end, or to its last beat while it runs or after it
 * timed out. Applied when reading, so no sweep has to close forgotten sessions.
 */
export function watchedMs(session: SessionTimes): number {
  return Math.max(0, (session.ended_at ?? session.last_seen_at) - session.started_at);
}

/** GET /api/webcasts/{uid}/viewing-sessions/summary. Minutes to one decimal. */
export interface ViewingSummary {
  live_viewing_sessions_count: number;
  vod_viewing_sessions_count: number;
  live_minutes: number;
  vod_minutes: number;
  /** Distinct viewers (registered or guests) with at least one session of either kind. */
  unique_viewers: number;
}

/** The summary from per-kind totals (sessions and `watchedMs` summed) and the distinct viewers. */
export function viewingSummary(totals: readonly { kind: ViewingSessionKind; sessions: number; watched_ms: number }[], uniqueViewers: number): ViewingSummary {
  const of = (kind: ViewingSessionKind) => totals.find((total) => total.kind === kind) ?? { sessions: 0, watched_ms: 0 };
  const minutes = (ms: number) => Math.round(ms / 6_000) / 10;
  return {
    live_viewing_sessions_count: of("live").sessions,
    vod_viewing_sessions_count: of("vod").sessions,
    live_minutes: minutes(of("live").watched_ms),
    vod_minutes: minutes(of("vod").watched_ms),
    unique_viewers: uniqueViewers,
  };
}

/** The calls' refusals (409), said in the request's language; the page acts on the status, not the text. */
export const VIEWING_SESSION_MESSAGES = {
  /** Heartbeat on an ended or timed-out session: the device starts a new one. */
  session_over: { en: "This viewing session is over: start a new one.", fr: "Cette session de visionnement est terminée : commencez-en une nouvelle." },
  /** A kind the webcast's state does not admit (live while archived, anything before the show). */
  kind_mismatch: {
    en: "This webcast cannot be watched this way right now.",
    fr: "Ce webcast ne peut pas être regardé de cette façon en ce moment.",
  },
  /** The id is another viewer's session, or this viewer's session of another kind. */
  id_taken: { en: "This viewing session id is already used: make a new one.", fr: "Cet identifiant de session de visionnement est déjà utilisé : créez-en un nouveau." },
} as const satisfies Record<string, LocalizedText>;
