import type { AskerState } from "../../domain/questions/ask.ts";
import type { Question } from "../../domain/questions/record.ts";
import { queueOutbox } from "./outbox.ts";

/**
 * The room's questions (issue #16), in its own SQLite database (migrations.ts 0002_interactions):
 * each question as it now is, each viewer's upvotes, each asker's last question (the 10 s wait).
 * The rules are domain/questions'; the object (webcast-room.ts) calls these in the transaction of
 * the change, and every write queues its outbox row for D1 (outbox.ts).
 */

/** The questions the room keeps sending on join: the newest this many (older ones: GET questions). */
export const QUESTIONS_ON_JOIN = 500;

export function findQuestion(sql: SqlStorage, id: string): Question | null {
  const row = sql.exec<{ record: string }>("SELECT record FROM questions WHERE id = ?", id).toArray()[0];
  return row ? (JSON.parse(row.record) as Question) : null;
}

/** The newest questions first (ids are UUIDv7: id order is asking order). */
export function recentQuestions(sql: SqlStorage, limit = QUESTIONS_ON_JOIN): Question[] {
  return sql
    .exec<{ record: string }>("SELECT record FROM questions ORDER BY id DESC LIMIT ?", limit)
    .toArray()
    .map((row) => JSON.parse(row.record) as Question);
}

export function saveQuestion(sql: SqlStorage, question: Question): void {
  sql.exec("INSERT INTO questions (id, record) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET record = excluded.record", question.id, JSON.stringify(question));
  queueOutbox(sql, { kind: "question", key: question.id, value: question });
}

export function askerState(sql: SqlStorage, askerId: string): AskerState {
  const row = sql.exec<{ last_asked_at: number }>("SELECT last_asked_at FROM askers WHERE asker_id = ?", askerId).toArray()[0];
  return { last_asked_at: row?.last_asked_at ?? null };
}

export function saveAsker(sql: SqlStorage, askerId: string, state: AskerState): void {
  if (state.last_asked_at === null) return;
  sql.exec("INSERT INTO askers (asker_id, last_asked_at) VALUES (?, ?) ON CONFLICT (asker_id) DO UPDATE SET last_asked_at = excluded.last_asked_at", askerId, state.last_asked_at);
}

export function hasUpvoted(sql: SqlStorage, questionId: string, voterId: string): boolean {
  return sql.exec("SELECT 1 FROM question_upvotes WHERE question_id = ? AND voter_id = ?", questionId, voterId).toArray().length > 0;
}

/** The questions a voter upvotes. */
export function upvotedBy(sql: SqlStorage, voterId: string): Set<string> {
  return new Set(
    sql
      .exec<{ question_id: string }>("SELECT question_id FROM question_upvotes WHERE voter_id = ?", voterId)
      .toArray()
      .map((row) => row.question_id),
  );
}

export function addUpvote(sql: SqlStorage, questionId: string, voterId: string, at: number): void {
  sql.exec("INSERT OR IGNORE INTO question_upvotes (question_id, voter_id, upvoted_at) VALUES (?, ?, ?)", questionId, voterId, at);
  queueOutbox(sql, { kind: "upvote", key: `${questionId} ${voterId}`, value: { question_id: questionId, voter_id: voterId, upvoted_at: at } });
}

export function removeUpvote(sql: SqlStorage, questionId: string, voterId: string): void {
  sql.exec("DELETE FROM question_upvotes WHERE question_id = ? AND voter_id = ?", questionId, voterId);
  queueOutbox(sql, { kind: "upvote", key: `${questionId} ${voterId}`, value: { question_id: questionId, voter_id: voterId, upvoted_at: null } });
}

/** POST questions/disable-sms: whether SMS questions are refused (a flag of the room). */
export function smsDisabled(sql: SqlStorage): boolean {
  return sql.exec<{ value: string }>("SELECT value FROM flags WHERE name = 'sms_disabled'").toArray()[0]?.value === "true";
}

export function saveSmsDisabled(sql: SqlStorage, disabled: boolean): void {
  sql.exec("INSERT INTO flags (name, value) VALUES ('sms_disabled', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value", String(disabled));
}
