import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { localized } from "../../../domain/validation/localized.ts";
import {
  type StartViewingSessionBody,
  VIEWING_HEARTBEAT_MIN_GAP_S,
  VIEWING_HEARTBEAT_S,
  VIEWING_SESSION_MESSAGES,
  VIEWING_SESSION_TIMEOUT_S,
  type ViewingSession,
  type ViewingSessionKind,
  type ViewingSummary,
  heartbeatOutcome,
  sessionKind,
  statesOfKind,
  viewingSummary,
} from "../../../domain/viewer-page/viewing-sessions.ts";
import { WEBCAST_API_STATUSES, type WebcastApiStatus } from "../../../domain/webcasts/record.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";

/**
 * Viewing sessions in D1 (`viewing_sessions`, docs/webcasts-api.md "Viewing sessions"). The rules
 * are domain/viewer-page/viewing-sessions.ts; the SQL here applies the same ones in one statement
 * where a race could slip between a read and a write (a beat and an end, two starts). Callers:
 * the routes, after the room token named the viewer (`viewerId`) and the webcast.
 */

const TIMEOUT_MS = VIEWING_SESSION_TIMEOUT_S * 1000;
const MIN_GAP_MS = VIEWING_HEARTBEAT_MIN_GAP_S * 1000;
/** Per kind, the webcast states that admit it, as JSON for `json_each` (sessionKind, once). */
const STATES_OF: Record<ViewingSessionKind, string> = {
  live: JSON.stringify(statesOfKind("live", WEBCAST_API_STATUSES)),
  vod: JSON.stringify(statesOfKind("vod", WEBCAST_API_STATUSES)),
};

interface StoredSession {
  id: string;
  webcast_id: string;
  viewer_id: string;
  kind: ViewingSessionKind;
  started_at: number;
  last_seen_at: number;
  ended_at: number | null;
}

const conflict = (key: keyof typeof VIEWING_SESSION_MESSAGES, locale: UiLocale) => new ApiError("conflict", { message: localized(VIEWING_SESSION_MESSAGES[key], locale) });

/** The viewer's own session of this webcast; other viewers' sessions are as unknown (404). */
async function ownSession(env: Env, webcastId: string, viewerId: string, sessionId: string): Promise<StoredSession & { state: WebcastApiStatus }> {
  const row = await env.DB.prepare(
    `SELECT s.id, s.webcast_id, s.viewer_id, s.kind, s.started_at, s.last_seen_at, s.ended_at, w.state
       FROM viewing_sessions s JOIN webcasts w ON w.id = s.webcast_id
      WHERE s.id = ?1 AND s.webcast_id = ?2 AND s.viewer_id = ?3`,
  )
    .bind(sessionId, webcastId, viewerId)
    .first<StoredSession & { state: WebcastApiStatus }>();
  if (!row) throw new ApiError("not_found");
  return row;
}

const answer = (row: Pick<StoredSession, "id" | "kind" | "started_at">): ViewingSession => ({
  id: row.id,
  kind: row.kind,
  started_at: new Date(row.started_at).toISOString(),
  heartbeat_s: VIEWING_HEARTBEAT_S,
});

/**
 * Starts the session (201). 404 for a webcast gone, 409 `kind_mismatch` for a kind its state does
 * not admit (sessionKind), 409 `id_taken` for an id already used by another viewer, webcast or
 * kind. The same start again answers the stored session and changes nothing (ON CONFLICT DO NOTHING).
 */
export async function startSession(env: Env, webcastId: string, viewerId: string, body: StartViewingSessionBody, locale: UiLocale, now = Date.now()): Promise<ViewingSession> {
  const webcast = await env.DB.prepare("SELECT organization_id, state FROM webcasts WHERE id = ?1").bind(webcastId).first<{ organization_id: number; state: WebcastApiStatus }>();
  if (!webcast) throw new ApiError("not_found");
  if (sessionKind(webcast.state) !== body.kind) throw conflict("kind_mismatch", locale);
  const inserted = await env.DB.prepare(
    `INSERT INTO viewing_sessions (id, organization_id, webcast_id, viewer_id, kind, started_at, last_seen_at, ended_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, NULL) ON CONFLICT(id) DO NOTHING`,
  )
    .bind(body.id, webcast.organization_id, webcastId, viewerId, body.kind, now)
    .run();
  if (inserted.meta.changes === 1) return answer({ id: body.id, kind: body.kind, started_at: now });
  const stored = await env.DB.prepare("SELECT id, webcast_id, viewer_id, kind, started_at FROM viewing_sessions WHERE id = ?1").bind(body.id).first<StoredSession>();
  if (!stored || stored.webcast_id !== webcastId || stored.viewer_id !== viewerId || stored.kind !== body.kind) throw conflict("id_taken", locale);
  return answer(stored);
}

/**
 * A beat: one UPDATE moves `last_seen_at` when the session runs, its kind still fits the webcast's
 * state and the last beat is at least VIEWING_HEARTBEAT_MIN_GAP_S old. Only when it changes
 * nothing is the session read, to tell why: 404 unknown (or another viewer's), 409 `session_over`
 * (ended or timed out: never revived), 409 `kind_mismatch` (the show ended under a live session),
 * else a beat too soon, ignored (204 all the same).
 */
export async function heartbeat(env: Env, webcastId: string, viewerId: string, sessionId: string, locale: UiLocale, now = Date.now()): Promise<void> {
  const updated = await env.DB.prepare(
    `UPDATE viewing_sessions SET last_seen_at = ?4
      WHERE id = ?1 AND webcast_id = ?2 AND viewer_id = ?3 AND ended_at IS NULL
        AND ?4 - last_seen_at BETWEEN ?5 AND ?6
        AND (SELECT w.state FROM webcasts w WHERE w.id = ?2) IN (SELECT value FROM json_each(CASE kind WHEN 'live' THEN ?7 ELSE ?8 END))`,
  )
    .bind(sessionId, webcastId, viewerId, now, MIN_GAP_MS, TIMEOUT_MS, STATES_OF.live, STATES_OF.vod)
    .run();
  if (updated.meta.changes === 1) return;
  const session = await ownSession(env, webcastId, viewerId, sessionId);
  const outcome = heartbeatOutcome(session, now);
  if (outcome === "over") throw conflict("session_over", locale);
  if (sessionKind(session.state) !== session.kind) throw conflict("kind_mismatch", locale);
}

/**
 * Ends the session: `ended_at` = now, or its last beat when it had already timed out (the SQL form
 * of domain `endedAt`). Idempotent: an ended session keeps its end (204 again); 404 unknown or
 * another viewer's.
 */
export async function endSession(env: Env, webcastId: string, viewerId: string, sessionId: string, now = Date.now()): Promise<void> {
  const updated = await env.DB.prepare(
    `UPDATE viewing_sessions SET ended_at = CASE WHEN ?4 - last_seen_at <= ?5 THEN MAX(?4, last_seen_at) ELSE last_seen_at END
      WHERE id = ?1 AND webcast_id = ?2 AND viewer_id = ?3 AND ended_at IS NULL`,
  )
    .bind(sessionId, webcastId, viewerId, now, TIMEOUT_MS)
    .run();
  // Nothing changed: already ended (fine), or not this viewer's session of this webcast (404).
  if (updated.meta.changes === 0) await ownSession(env, webcastId, viewerId, sessionId);
}

/**
 * The webcast's sessions summed (GET …/viewing-sessions/summary): counts per kind, minutes watched
 * (each session to its end, else its last beat: the timeout applied when reading, no sweep) and
 * distinct viewers. Two reads over viewing_sessions_webcast_idx (webcast_id, kind).
 */
export async function summaryOf(env: Env, webcastId: string): Promise<ViewingSummary> {
  const [totals, unique] = await env.DB.batch([
    env.DB.prepare(
      `SELECT kind, COUNT(*) AS sessions, COALESCE(SUM(MAX(0, COALESCE(ended_at, last_seen_at) - started_at)), 0) AS watched_ms
         FROM viewing_sessions WHERE webcast_id = ?1 GROUP BY kind`,
    ).bind(webcastId),
    env.DB.prepare("SELECT COUNT(DISTINCT viewer_id) AS viewers FROM viewing_sessions WHERE webcast_id = ?1").bind(webcastId),
  ]);
  const rows = (totals?.results ?? []) as { kind: ViewingSessionKind; sessions: number; watched_ms: number }[];
  const viewers = ((unique?.results ?? []) as { viewers: number }[])[0]?.viewers ?? 0;
  return viewingSummary(rows, viewers);
}
