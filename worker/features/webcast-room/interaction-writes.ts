import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { organizationSyncStub } from "../../../durable/stubs.ts";
import { type OutboxEntry, orderedForWrite } from "../../../durable/webcast-room/outbox.ts";
import { db } from "../../db/client.ts";
import { chatMessages, pollBallotLog, pollBallots, polls, questionUpvotes, questions, syncChanges } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { dropSuperseded } from "../sync/change-log.ts";

/**
 * Writes what a webcast's room owes D1 (durable/webcast-room/outbox.ts) in ONE D1 batch, in
 * `orderedForWrite` order (a question before its upvotes), every statement by key so that the
 * same entries written twice (a crash between D1's commit and the outbox's deletion) leave D1 the
 * same:
 * - ballot, question, chat: upsert by key (the row as the room last held it; a ballot never goes
 *   back to an older `seq`);
 * - ballot_log: insert-or-ignore on (webcast, seq): the log is append-only;
 * - upvote: added (`upvoted_at`) = upsert, removed (null) = delete by key;
 * - poll_status: `polls.status` of the webcast's poll, and, when it changed, a `put` of the poll in
 *   the change log (its older entry dropped) so the organization's devices see the badge, then a
 *   poke (like room-host.ts `writeWebcastFields`; a failed poke is only logged).
 * Called by the room (worker/durable-objects.ts) with entries of its own webcast; a failure throws
 * and the room retries the batch later.
 */
export async function writeInteractions(env: Pick<Env, "DB" | "ORGANIZATION_SYNC">, organizationId: number, webcastUid: string, entries: OutboxEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const database = db(env.DB);
  const statements: BatchItem<"sqlite">[] = [];
  /** Index in `statements` of each poll status's change-log insert (its RETURNING rows). */
  const logged: number[] = [];
  const now = new Date().toISOString();
  for (const entry of orderedForWrite(entries)) {
    switch (entry.kind) {
      case "question": {
        const row = { ...entry.value, organization_id: organizationId, webcast_id: webcastUid };
        statements.push(database.insert(questions).values(row).onConflictDoUpdate({ target: questions.id, set: excludedOf(questions, Object.keys(row), ["id"]) }));
        break;
      }
      case "upvote": {
        const { question_id, voter_id, upvoted_at } = entry.value;
        if (upvoted_at === null) {
          statements.push(database.delete(questionUpvotes).where(and(eq(questionUpvotes.question_id, question_id), eq(questionUpvotes.voter_id, voter_id), eq(questionUpvotes.webcast_id, webcastUid))));
        } else {
          statements.push(
            database
              .insert(questionUpvotes)
              .values({ question_id, voter_id, upvoted_at, webcast_id: webcastUid })
              .onConflictDoUpdate({ target: [questionUpvotes.question_id, questionUpvotes.voter_id], set: { upvoted_at: sql.raw(`excluded."upvoted_at"`) } }),
          );
        }
        break;
      }
      case "chat": {
        const row = { ...entry.value, organization_id: organizationId, webcast_id: webcastUid };
        statements.push(database.insert(chatMessages).values(row).onConflictDoUpdate({ target: chatMessages.id, set: excludedOf(chatMessages, Object.keys(row), ["id"]) }));
        break;
      }
      case "ballot": {
        const { poll_id, voter_key, option_ids, weight, cast_at, seq } = entry.value;
        statements.push(
          database
            .insert(pollBallots)
            .values({ poll_id, voter_key, option_ids, weight, cast_at, seq, organization_id: organizationId, webcast_id: webcastUid })
            .onConflictDoUpdate({
              target: [pollBallots.poll_id, pollBallots.voter_key],
              set: excludedOf(pollBallots, ["option_ids", "weight", "cast_at", "seq"], []),
              // A ballot never goes back to an older one (a stale batch written late).
              setWhere: sql`excluded."seq" >= ${pollBallots.seq}`,
            }),
        );
        break;
      }
      case "ballot_log": {
        const { poll_id, voter_key, option_ids, weight, cast_at, seq } = entry.value;
        statements.push(database.insert(pollBallotLog).values({ webcast_id: webcastUid, seq, organization_id: organizationId, poll_id, voter_key, option_ids, weight, cast_at }).onConflictDoNothing());
        break;
      }
      case "poll_status": {
        const { poll_id, status } = entry.value;
        const differs = and(eq(polls.id, poll_id), eq(polls.webcast_id, webcastUid), sql`${polls.status} IS NOT ${status}`);
        // Logged first: its condition reads the status before the update (writeWebcastFields).
        logged.push(statements.length);
        statements.push(
          database
            .insert(syncChanges)
            .select(sql`SELECT NULL, ${polls.organization_id}, 'polls', ${polls.id}, 'put', CURRENT_TIMESTAMP FROM ${polls} WHERE ${differs}`)
            .returning({ seq: syncChanges.seq, organization_id: syncChanges.organization_id, row_id: syncChanges.row_id }),
        );
        statements.push(database.update(polls).set({ status, updated_at: now }).where(differs));
        break;
      }
    }
  }
  const [first, ...rest] = statements;
  if (!first) return;
  const results = (await database.batch([first, ...rest])) as unknown[];
  const entriesLogged = logged.flatMap((index) => (results[index] as { seq: number; organization_id: number; row_id: string }[] | undefined) ?? []);
  if (entriesLogged.length === 0) return;
  // Harmless if it fails: the log then holds the poll twice (change-log.ts).
  await dropSuperseded(
    database,
    entriesLogged.map((entry) => ({ table: "polls", organization_id: entry.organization_id, id: entry.row_id })),
  );
  const head = Math.max(...entriesLogged.map((entry) => entry.seq));
  const organization = entriesLogged[0]?.organization_id ?? organizationId;
  try {
    await organizationSyncStub(env, organization).announce(organization, head);
  } catch (error) {
    // The write is committed: devices still pull on focus and every 30 s.
    console.error("webcast-room: poke after a poll status change failed", webcastUid, error);
  }
}

/** `SET col = excluded.col` for each of `names` that is a column of `table`, but `keep`. */
function excludedOf(table: object, names: readonly string[], keep: readonly string[]) {
  const columns = table as Record<string, SQLiteColumn | undefined>;
  const set: Record<string, ReturnType<typeof sql.raw>> = {};
  for (const name of names) {
    const column = columns[name];
    if (keep.includes(name) || column === undefined) continue;
    set[name] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}
