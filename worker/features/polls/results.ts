import { asc, eq } from "drizzle-orm";
import type { Ballot } from "../../../domain/polls/ballots.ts";
import { pollsInListOrder } from "../../../domain/polls/export.ts";
import type { PollRow, PollingSeriesRow } from "../../../domain/polls/record.ts";
import { type PollResults, pollResults, recount } from "../../../domain/polls/tally.ts";
import type { Db } from "../../db/client.ts";
import { pollBallotLog, pollBallots } from "../../db/schema/index.ts";

/**
 * A webcast's poll results as D1 holds them (the ballots the room wrote, `poll_ballots`): the votes
 * tab, the polls export and the ballot log export read them here, after the room's flush
 * (worker/features/webcast-room/interaction-calls.ts `flushInteractions`). Recounted with the
 * room's own rules (domain/polls/tally.ts), so these numbers are the ones the room showed.
 * Callers authorize (polls.manage; the ballot log: webcasts.update).
 */

/** A poll's results with what the votes tab shows beside them. */
export type PollResultsResource = PollResults & Pick<PollRow, "title" | "status" | "series_id"> & { series_title: string | null };

/** The webcast's current ballots (one per voter and poll). */
export async function webcastBallots(database: Db, webcastId: string): Promise<Ballot[]> {
  const rows = await database.select().from(pollBallots).where(eq(pollBallots.webcast_id, webcastId));
  return rows.map(({ poll_id, voter_key, option_ids, weight, cast_at, seq }) => ({ poll_id, voter_key, option_ids, weight, cast_at, seq }));
}

/** Each poll's results, by poll id. */
export function resultsByPoll(polls: readonly PollRow[], ballots: readonly Ballot[]): Map<string, PollResults> {
  const byPoll = new Map<string, Ballot[]>();
  for (const ballot of ballots) byPoll.set(ballot.poll_id, [...(byPoll.get(ballot.poll_id) ?? []), ballot]);
  return new Map(polls.map((poll) => [poll.id, pollResults(poll, recount(poll, byPoll.get(poll.id) ?? []))]));
}

/** The results of every poll of the webcast, in list order (polls outside any series, then each series'). */
export function resultsInListOrder(polls: readonly PollRow[], series: readonly PollingSeriesRow[], ballots: readonly Ballot[]): PollResultsResource[] {
  const results = resultsByPoll(polls, ballots);
  return pollsInListOrder(polls, series).flatMap(({ series_title, poll }) => {
    const counted = results.get(poll.id);
    return counted ? [{ ...counted, title: poll.title, status: poll.status, series_id: poll.series_id, series_title }] : [];
  });
}

/** The auditable log of the webcast's ballots, in the room's order. */
export async function ballotLog(database: Db, webcastId: string): Promise<(Ballot & { seq: number })[]> {
  const rows = await database.select().from(pollBallotLog).where(eq(pollBallotLog.webcast_id, webcastId)).orderBy(asc(pollBallotLog.seq));
  return rows.map(({ poll_id, voter_key, option_ids, weight, cast_at, seq }) => ({ poll_id, voter_key, option_ids, weight, cast_at, seq }));
}
