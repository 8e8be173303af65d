import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { chatMessage } from "../../../domain/chat/testing.ts";
import { question } from "../../../domain/questions/testing.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { OutboxEntry } from "../../../durable/webcast-room/outbox.ts";
import { seedDemo } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { insertPoll } from "../polls/testing.ts";
import { changeLog } from "../sync/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { writeInteractions } from "./interaction-writes.ts";

beforeAll(seedDemo);

/** Every interaction row of the webcast, as D1 holds it (what two writes must leave the same). */
async function stored(webcastId: string) {
  const all = async (sqlText: string) => (await env.DB.prepare(sqlText).bind(webcastId).all()).results;
  return {
    questions: await all("SELECT * FROM questions WHERE webcast_id = ? ORDER BY id"),
    upvotes: await all("SELECT * FROM question_upvotes WHERE webcast_id = ? ORDER BY question_id, voter_id"),
    chat: await all("SELECT * FROM chat_messages WHERE webcast_id = ? ORDER BY id"),
    ballots: await all("SELECT * FROM poll_ballots WHERE webcast_id = ? ORDER BY poll_id, voter_key"),
    log: await all("SELECT * FROM poll_ballot_log WHERE webcast_id = ? ORDER BY seq"),
    polls: await all("SELECT id, status FROM polls WHERE webcast_id = ? ORDER BY id"),
  };
}

async function setup() {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id);
  const poll = await insertPoll(webcast);
  return { org, webcast, poll };
}

describe("writeInteractions", () => {
  it("writes questions, upvotes, chat, ballots and the log in one batch, and the same entries twice leave D1 the same", async () => {
    const { org, webcast, poll } = await setup();
    const q = question({ id: uuidv7(), webcast_id: webcast.id, upvotes: 1, support_desk: { status: "sent", requested_at: 1, requested_by: 3, sent_at: 2, ticket: "T-1", failed_at: null } });
    const message = chatMessage({ id: uuidv7(), webcast_id: webcast.id });
    const ballot = { poll_id: poll.id, voter_key: "guest:a", option_ids: ["red"], weight: 1, cast_at: 1_000, seq: 1 };
    // Upvotes come before their question in the list: the batch writes the question first (foreign key).
    const entries: OutboxEntry[] = [
      { kind: "upvote", key: `${q.id} v1`, value: { question_id: q.id, voter_id: "v1", upvoted_at: 5 } },
      { kind: "ballot_log", key: "1", value: ballot },
      { kind: "ballot", key: `${poll.id} guest:a`, value: ballot },
      { kind: "chat", key: message.id, value: message },
      { kind: "question", key: q.id, value: q },
    ];
    await writeInteractions(env, org.id, webcast.id, entries);
    const first = await stored(webcast.id);
    expect(first.questions).toEqual([expect.objectContaining({ id: q.id, organization_id: org.id, text: q.text, anonymous: 0, upvotes: 1, support_desk: JSON.stringify(q.support_desk) })]);
    expect(first.upvotes).toEqual([{ question_id: q.id, voter_id: "v1", webcast_id: webcast.id, upvoted_at: 5 }]);
    expect(first.chat).toEqual([expect.objectContaining({ id: message.id, body: "Hello everyone", is_private: 0, delivered: 1, organization_id: org.id })]);
    expect(first.ballots).toEqual([{ poll_id: poll.id, voter_key: "guest:a", organization_id: org.id, webcast_id: webcast.id, option_ids: '["red"]', weight: 1, cast_at: 1_000, seq: 1 }]);
    expect(first.log).toEqual([{ webcast_id: webcast.id, seq: 1, organization_id: org.id, poll_id: poll.id, voter_key: "guest:a", option_ids: '["red"]', weight: 1, cast_at: 1_000 }]);
    await writeInteractions(env, org.id, webcast.id, entries);
    expect(await stored(webcast.id)).toEqual(first);
    await writeInteractions(env, org.id, webcast.id, []);
    expect(await stored(webcast.id)).toEqual(first);
  });

  it("replaces a question, a message and a ballot by key, keeps the log append-only, deletes a removed upvote", async () => {
    const { org, webcast, poll } = await setup();
    const q = question({ id: uuidv7(), webcast_id: webcast.id });
    const message = chatMessage({ id: uuidv7(), webcast_id: webcast.id });
    const first = { poll_id: poll.id, voter_key: "v", option_ids: ["red"], weight: 2.5, cast_at: 1, seq: 7 };
    await writeInteractions(env, org.id, webcast.id, [
      { kind: "question", key: q.id, value: q },
      { kind: "upvote", key: "u", value: { question_id: q.id, voter_id: "v", upvoted_at: 9 } },
      { kind: "chat", key: message.id, value: message },
      { kind: "ballot", key: "b", value: first },
      { kind: "ballot_log", key: "7", value: first },
    ]);
    const second = { ...first, option_ids: ["blue"], cast_at: 2, seq: 8 };
    const changes: OutboxEntry[] = [
      { kind: "question", key: q.id, value: { ...q, answered: true, answered_by: 4, answered_at: 10, hidden: true, upvotes: 0 } },
      { kind: "upvote", key: "u", value: { question_id: q.id, voter_id: "v", upvoted_at: null } },
      { kind: "chat", key: message.id, value: { ...message, body: "", deleted_at: 11, deleted_by: 4 } },
      { kind: "ballot", key: "b", value: second },
      { kind: "ballot_log", key: "8", value: second },
    ];
    await writeInteractions(env, org.id, webcast.id, changes);
    await writeInteractions(env, org.id, webcast.id, changes);
    const now = await stored(webcast.id);
    expect(now.questions).toEqual([expect.objectContaining({ answered: 1, answered_by: 4, answered_at: 10, hidden: 1, upvotes: 0 })]);
    expect(now.upvotes).toEqual([]);
    expect(now.chat).toEqual([expect.objectContaining({ body: "", deleted_at: 11, deleted_by: 4 })]);
    expect(now.ballots).toEqual([expect.objectContaining({ option_ids: '["blue"]', seq: 8, weight: 2.5 })]);
    expect(now.log.map((row) => row.seq)).toEqual([7, 8]);
    // A stale batch (the first ballot written late) does not bring the older ballot back.
    await writeInteractions(env, org.id, webcast.id, [{ kind: "ballot", key: "b", value: first }]);
    expect((await stored(webcast.id)).ballots).toEqual([expect.objectContaining({ option_ids: '["blue"]', seq: 8 })]);
  });

  it("sets a poll's status and logs one put of the poll for the devices; the same status again logs nothing", async () => {
    const { org, webcast, poll } = await setup();
    const other = await insertPoll(await insertWebcast(org.id));
    const open: OutboxEntry[] = [
      { kind: "poll_status", key: poll.id, value: { poll_id: poll.id, status: "open" } },
      // Another webcast's poll is never touched by this webcast's room.
      { kind: "poll_status", key: other.id, value: { poll_id: other.id, status: "open" } },
    ];
    await writeInteractions(env, org.id, webcast.id, open);
    expect((await stored(webcast.id)).polls).toEqual([{ id: poll.id, status: "open" }]);
    expect((await stored(other.webcast_id)).polls).toEqual([{ id: other.id, status: "unpublished" }]);
    const log = await changeLog(poll.id);
    expect(log).toEqual([expect.objectContaining({ op: "put", organization_id: org.id })]);
    expect(await changeLog(other.id)).toEqual([]);
    await writeInteractions(env, org.id, webcast.id, open);
    expect(await changeLog(poll.id)).toEqual(log);
    await writeInteractions(env, org.id, webcast.id, [{ kind: "poll_status", key: poll.id, value: { poll_id: poll.id, status: "results" } }]);
    expect((await stored(webcast.id)).polls).toEqual([{ id: poll.id, status: "results" }]);
    // Latest-only: the older entry of the poll was dropped.
    const after = await changeLog(poll.id);
    expect(after).toHaveLength(1);
    expect(after[0]?.seq).toBeGreaterThan(log[0]?.seq ?? 0);
  });
});
