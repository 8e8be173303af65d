import type { Ballot } from "../../domain/polls/ballots.ts";
import type { PollStatus } from "../../domain/polls/live.ts";
import type { PollRow } from "../../domain/polls/record.ts";
import { queueOutbox } from "./outbox.ts";

/**
 * The room's polls (issue #16), in its own SQLite database (migrations.ts 0002_interactions): the
 * webcast's polls as last read from D1 with the live status the room gives them, each voter's
 * ballot, and the log of every accepted ballot numbered in order (`seq`, the tally's clock:
 * domain/polls/tally.ts). The rules are domain/polls'; the object (webcast-room.ts) calls these in
 * the transaction of the change, with its outbox rows (outbox.ts).
 */

type RawPoll = { record: string; status: PollStatus };

/** The polls in the webcast's order, each with its live status. */
export function loadPolls(sql: SqlStorage): PollRow[] {
  return sql
    .exec<RawPoll>("SELECT record, status FROM polls ORDER BY position, id")
    .toArray()
    .map((row) => ({ ...(JSON.parse(row.record) as PollRow), status: row.status }));
}

/**
 * The webcast's polls as D1 holds them now: new ones come in with their stored status, edited
 * ones keep the live status the room gave them, deleted ones leave (their ballots stay, for the
 * log). Returns the polls as the room now has them.
 */
export function replacePolls(sql: SqlStorage, rows: readonly PollRow[]): PollRow[] {
  const live = new Map(loadPolls(sql).map((poll) => [poll.id, poll.status]));
  sql.exec("DELETE FROM polls");
  for (const row of rows) {
    sql.exec("INSERT INTO polls (id, position, status, record) VALUES (?, ?, ?, ?)", row.id, row.position, live.get(row.id) ?? row.status, JSON.stringify(row));
  }
  return loadPolls(sql);
}

/** A poll's new live status, and D1 told (the organizer's devices show the badge). */
export function savePollStatus(sql: SqlStorage, pollId: string, status: PollStatus): void {
  sql.exec("UPDATE polls SET status = ? WHERE id = ?", status, pollId);
  queueOutbox(sql, { kind: "poll_status", key: pollId, value: { poll_id: pollId, status } });
}

type RawBallot = { poll_id: string; voter_key: string; option_ids: string; weight: number; cast_at: number; seq: number };

const ballotOf = (row: RawBallot): Ballot & { seq: number } => ({
  poll_id: row.poll_id,
  voter_key: row.voter_key,
  option_ids: JSON.parse(row.option_ids) as string[],
  weight: row.weight,
  cast_at: row.cast_at,
  seq: row.seq,
});

export function findBallot(sql: SqlStorage, pollId: string, voterKey: string): (Ballot & { seq: number }) | null {
  const row = sql.exec<RawBallot>("SELECT * FROM ballots WHERE poll_id = ? AND voter_key = ?", pollId, voterKey).toArray()[0];
  return row ? ballotOf(row) : null;
}

export function ballotsOfPoll(sql: SqlStorage, pollId: string): (Ballot & { seq: number })[] {
  return sql.exec<RawBallot>("SELECT * FROM ballots WHERE poll_id = ? ORDER BY seq", pollId).toArray().map(ballotOf);
}

/** A voter's choices, per poll. */
export function ballotsOfVoter(sql: SqlStorage, voterKey: string): Map<string, string[]> {
  return new Map(
    sql
      .exec<{ poll_id: string; option_ids: string }>("SELECT poll_id, option_ids FROM ballots WHERE voter_key = ?", voterKey)
      .toArray()
      .map((row) => [row.poll_id, JSON.parse(row.option_ids) as string[]]),
  );
}

/**
 * Stores an accepted ballot: numbered in the log (its seq), made the voter's ballot for the poll,
 * and both queued for D1. Returns the ballot with its seq.
 */
export function storeBallot(sql: SqlStorage, ballot: Ballot): Ballot & { seq: number } {
  const optionIds = JSON.stringify(ballot.option_ids);
  const { seq } = sql
    .exec<{ seq: number }>(
      "INSERT INTO ballot_log (poll_id, voter_key, option_ids, weight, cast_at) VALUES (?, ?, ?, ?, ?) RETURNING seq",
      ballot.poll_id,
      ballot.voter_key,
      optionIds,
      ballot.weight,
      ballot.cast_at,
    )
    .one();
  const stored = { ...ballot, seq };
  sql.exec(
    `INSERT INTO ballots (poll_id, voter_key, option_ids, weight, cast_at, seq) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (poll_id, voter_key) DO UPDATE SET option_ids = excluded.option_ids, weight = excluded.weight, cast_at = excluded.cast_at, seq = excluded.seq`,
    ballot.poll_id,
    ballot.voter_key,
    optionIds,
    ballot.weight,
    ballot.cast_at,
    seq,
  );
  queueOutbox(sql, { kind: "ballot", key: `${ballot.poll_id} ${ballot.voter_key}`, value: stored });
  queueOutbox(sql, { kind: "ballot_log", key: String(seq), value: stored });
  return stored;
}
