import type { Ballot } from "../../domain/polls/ballots.ts";
import type { PollStatus } from "../../domain/polls/live.ts";
import type { ChatMessage } from "../../domain/chat/record.ts";
import type { Question } from "../../domain/questions/record.ts";

/**
 * What a webcast's room owes D1 (issue #16 "where the truth lives"). The room's own storage is the
 * authority while it runs: each accepted vote, question, upvote, chat message or poll status is
 * stored there first, in the same transaction as an outbox row naming what D1 must be told. The
 * outbox is then written to D1 in batches (`WebcastRoomObject.flushOutbox`), right after the
 * change, one batch at a time (what changes meanwhile goes in the next), retried by the alarm
 * when D1 fails. Every write is by
 * key (an upsert, or a delete by key), so a batch written twice (a crash between D1's commit and
 * the outbox's deletion) leaves D1 the same: idempotent, nothing lost, nothing doubled.
 *
 * One row per (kind, key): a question changed five times before the flush is written once, as it
 * last was.
 */
export type OutboxEntry =
  /** A voter's ballot for a poll now (key `poll_id voter_key`): upsert poll_ballots. */
  | { kind: "ballot"; key: string; value: Ballot & { seq: number } }
  /** An accepted ballot in the room's order (key: its seq): insert-or-ignore poll_ballot_log. */
  | { kind: "ballot_log"; key: string; value: Ballot & { seq: number } }
  /** A poll's live status (key: poll id): polls.status, with a sync entry so devices see the badge. */
  | { kind: "poll_status"; key: string; value: { poll_id: string; status: PollStatus } }
  /** A question as it now is (key: id): upsert questions. */
  | { kind: "question"; key: string; value: Question }
  /** An upvote added (`upvoted_at`) or removed (null) (key `question_id voter_id`). */
  | { kind: "upvote"; key: string; value: { question_id: string; voter_id: string; upvoted_at: number | null } }
  /** A chat message as it now is (key: id): upsert chat_messages. */
  | { kind: "chat"; key: string; value: ChatMessage };

export type OutboxKind = OutboxEntry["kind"];

/** The order kinds are written in one batch: a question before its upvotes (a foreign key). */
export const OUTBOX_ORDER: readonly OutboxKind[] = ["question", "upvote", "chat", "ballot", "ballot_log", "poll_status"];

/** A failed write is tried again this much later (by the alarm, which survives an eviction), doubling each time up to 5 minutes… */
export const OUTBOX_RETRY_MS = 5_000;
/** …this many times in a row; then the outbox waits for the room's next change, alarm or §7 read. */
export const OUTBOX_MAX_RETRIES = 8;
/** At most this many rows per D1 batch. */
export const OUTBOX_BATCH = 200;

/**
 * The rows of `entries` in OUTBOX_ORDER, each kind in the order given: what one D1 batch writes.
 * The worker's writer (worker/features/webcast-room/interaction-writes.ts) runs them in this order.
 */
export function orderedForWrite(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return OUTBOX_ORDER.flatMap((kind) => entries.filter((entry) => entry.kind === kind));
}

// ---------------------------------------------------------------------------------------------
// Storage (the room's SQLite, migrations.ts 0002_interactions). Call inside the change's transaction.

/**
 * Adds or replaces what D1 must be told of one key (the latest value wins). `version` grows with
 * every write (the outbox is small: it is emptied every second), so a batch read before a change
 * does not remove the change once written.
 */
export function queueOutbox(sql: SqlStorage, entry: OutboxEntry): void {
  sql.exec(
    `INSERT INTO outbox (kind, key, version, value) VALUES (?, ?, (SELECT coalesce(max(version), 0) + 1 FROM outbox), ?)
     ON CONFLICT (kind, key) DO UPDATE SET version = excluded.version, value = excluded.value`,
    entry.kind,
    entry.key,
    JSON.stringify(entry.value),
  );
}

export interface PendingOutbox {
  entries: OutboxEntry[];
  /** Each entry's version when read: only those still at it are removed once written. */
  versions: { kind: string; key: string; version: number }[];
}

export function pendingOutbox(sql: SqlStorage, limit = OUTBOX_BATCH): PendingOutbox {
  const rows = sql.exec<{ kind: string; key: string; version: number; value: string }>("SELECT kind, key, version, value FROM outbox ORDER BY version LIMIT ?", limit).toArray();
  return {
    entries: rows.map((row) => ({ kind: row.kind, key: row.key, value: JSON.parse(row.value) }) as OutboxEntry),
    versions: rows.map(({ kind, key, version }) => ({ kind, key, version })),
  };
}

/** Removes the written entries, except those changed since they were read (they go in the next batch). */
export function clearOutbox(sql: SqlStorage, written: PendingOutbox["versions"]): void {
  for (const { kind, key, version } of written) sql.exec("DELETE FROM outbox WHERE kind = ? AND key = ? AND version = ?", kind, key, version);
}

export function outboxSize(sql: SqlStorage): number {
  return sql.exec<{ n: number }>("SELECT count(*) AS n FROM outbox").one().n;
}
