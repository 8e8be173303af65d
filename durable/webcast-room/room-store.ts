import { RESUME_WINDOW, type RoomEvent } from "../../domain/protocol/index.ts";
import { type LiveState, type RoomMirror, liveStateSchema } from "../../domain/webcast-room/live-state.ts";
import type { AdvanceLimits, RoomChange, Timecode } from "../../domain/webcast-room/reduce.ts";

/**
 * The room's own SQLite database (migrations.ts): synchronous calls on `ctx.storage.sql`. Every
 * write of one change happens inside one `transactionSync`, and the Durable Object's output gate
 * holds back every message the object sends (socket frames, RPC answers) until the writes made
 * before it are durable: an `ack` or an `event` sent after `record` can never announce a change a
 * crash then loses.
 */

/** What the room last wrote to the webcast's D1 row (or read from it, when someone else wrote it). */
export type Mirrored = RoomMirror;

export interface RoomRow {
  webcastUid: string;
  organizationId: number;
  seq: number;
  state: LiveState;
  limits: AdvanceLimits;
  mirrored: Mirrored;
}

/** A stored acknowledgement: what a repeated command id gets again. */
export interface StoredAck {
  seq: number;
  result?: unknown;
}

/** Acknowledged command ids are kept this long (a client retries within seconds, at most minutes)… */
export const ACK_RETENTION_MS = 24 * 60 * 60_000;
/** …and at most this many, whatever their age. */
export const ACK_MAX = 5_000;

/** Live-state fields added after rooms were first stored, with the value an older room starts with. */
const ADDED_FIELDS: Partial<LiveState> = { speakers_see_stats: false, premiere_retry_at: null };

type RawRoom = { webcast_uid: string; organization_id: number; seq: number; state: string; limits: string; mirrored: string };

export function loadRoom(sql: SqlStorage): RoomRow | null {
  const row = sql.exec<RawRoom>("SELECT webcast_uid, organization_id, seq, state, limits, mirrored FROM room WHERE id = 1").toArray()[0];
  if (!row) return null;
  return {
    webcastUid: row.webcast_uid,
    organizationId: row.organization_id,
    seq: row.seq,
    // Written by this code only; parsed so a stored state that no longer matches the schema fails
    // loudly. Fields added since a room was stored start at their defaults.
    state: liveStateSchema.parse({ ...ADDED_FIELDS, ...(JSON.parse(row.state) as object) }),
    limits: JSON.parse(row.limits) as AdvanceLimits,
    mirrored: JSON.parse(row.mirrored) as Mirrored,
  };
}

export function insertRoom(sql: SqlStorage, room: RoomRow): void {
  sql.exec(
    "INSERT INTO room (id, webcast_uid, organization_id, seq, state, limits, mirrored) VALUES (1, ?, ?, ?, ?, ?, ?)",
    room.webcastUid,
    room.organizationId,
    room.seq,
    JSON.stringify(room.state),
    JSON.stringify(room.limits),
    JSON.stringify(room.mirrored),
  );
}

export function saveLimits(sql: SqlStorage, limits: AdvanceLimits): void {
  sql.exec("UPDATE room SET limits = ? WHERE id = 1", JSON.stringify(limits));
}

/** The state alone, for a change that is no event (the audience figures). Call inside a transaction with what goes with it. */
export function saveState(sql: SqlStorage, state: LiveState): void {
  sql.exec("UPDATE room SET state = ? WHERE id = 1", JSON.stringify(state));
}

export function saveMirrored(sql: SqlStorage, mirrored: Mirrored): void {
  sql.exec("UPDATE room SET mirrored = ? WHERE id = 1", JSON.stringify(mirrored));
}

/** What one applied command or alarm step writes, in the caller's transaction. */
export interface Recorded {
  state: LiveState;
  /** The new sequence (unchanged when `events` is empty). */
  seq: number;
  events: RoomEvent[];
}

/**
 * Appends `changes` as numbered events (seq + 1, + 2, …), stores the state, the timecode of the
 * first event, and drops the events that fell out of the resume window. Call inside `transactionSync`.
 */
export function recordChanges(sql: SqlStorage, previousSeq: number, state: LiveState, changes: readonly RoomChange[], at: number, timecode?: Timecode): Recorded {
  let seq = previousSeq;
  const events: RoomEvent[] = [];
  for (const change of changes) {
    seq += 1;
    events.push({ seq, at, name: change.name, patch: change.patch });
    sql.exec("INSERT INTO events (seq, at, name, patch) VALUES (?, ?, ?, ?)", seq, at, change.name, JSON.stringify(change.patch));
  }
  const first = events[0];
  if (timecode && first) {
    const mediaMs = state.live_since === null ? null : Math.max(0, at - state.live_since);
    sql.exec("INSERT INTO timecodes (seq, at, media_ms, kind, value) VALUES (?, ?, ?, ?, ?)", first.seq, at, mediaMs, timecode.kind, timecode.value);
  }
  sql.exec("UPDATE room SET seq = ?, state = ? WHERE id = 1", seq, JSON.stringify(state));
  if (events.length > 0) sql.exec("DELETE FROM events WHERE seq <= ?", seq - RESUME_WINDOW);
  return { state, seq, events };
}

/**
 * The events after `since`, when the log still holds every one of them (null when the client is
 * too far behind, or ahead of the room: it then gets a snapshot).
 */
export function eventsSince(sql: SqlStorage, since: number, seq: number): RoomEvent[] | null {
  if (since > seq) return null;
  if (since === seq) return [];
  const rows = sql
    .exec<{ seq: number; at: number; name: string; patch: string }>("SELECT seq, at, name, patch FROM events WHERE seq > ? ORDER BY seq", since)
    .toArray();
  if (rows.length !== seq - since || rows[0]?.seq !== since + 1) return null;
  return rows.map((row) => ({ seq: row.seq, at: row.at, name: row.name, patch: JSON.parse(row.patch) as RoomEvent["patch"] }));
}

export function findAck(sql: SqlStorage, actorKey: string, commandId: string): StoredAck | null {
  const row = sql.exec<{ seq: number; result: string | null }>("SELECT seq, result FROM acks WHERE actor_key = ? AND command_id = ?", actorKey, commandId).toArray()[0];
  if (!row) return null;
  return row.result === null ? { seq: row.seq } : { seq: row.seq, result: JSON.parse(row.result) as unknown };
}

/** Stores an acknowledgement and trims the old ones. Call inside the change's `transactionSync`. */
export function storeAck(sql: SqlStorage, actorKey: string, commandId: string, ack: StoredAck, now: number): void {
  sql.exec(
    "INSERT INTO acks (actor_key, command_id, seq, result, at) VALUES (?, ?, ?, ?, ?)",
    actorKey,
    commandId,
    ack.seq,
    ack.result === undefined ? null : JSON.stringify(ack.result),
    now,
  );
  sql.exec("DELETE FROM acks WHERE at < ?", now - ACK_RETENTION_MS);
  sql.exec("DELETE FROM acks WHERE rowid IN (SELECT rowid FROM acks ORDER BY at DESC, rowid DESC LIMIT -1 OFFSET ?)", ACK_MAX);
}

/** The audience of the current minute: who is there now, and the most viewers seen in it. */
export function recordAudience(sql: SqlStorage, now: number, viewers: number, speakers: number): void {
  sql.exec(
    `INSERT INTO audience (minute, viewers, speakers, peak) VALUES (?, ?, ?, ?)
     ON CONFLICT (minute) DO UPDATE SET viewers = excluded.viewers, speakers = excluded.speakers, peak = max(audience.peak, excluded.viewers)`,
    Math.floor(now / 60_000),
    viewers,
    speakers,
    viewers,
  );
}
