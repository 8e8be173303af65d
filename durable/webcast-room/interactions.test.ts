import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { participantId } from "../../domain/chat/participant.ts";
import type { PollRow } from "../../domain/polls/record.ts";
import { pollResults, recount } from "../../domain/polls/tally.ts";
import type { ServerMessage } from "../../domain/protocol/index.ts";
import { uuidv7 } from "../../domain/sync/uuidv7.ts";
import type { RoomActor } from "../../domain/webcast-room/actor.ts";
import type { RoomCommand } from "../../domain/webcast-room/commands.ts";
import type { WebcastRow } from "../../domain/webcasts/record.ts";
import { db } from "../../worker/db/client.ts";
import { polls, viewers, webcasts } from "../../worker/db/schema/index.ts";
import { createOrganization } from "../../worker/features/organizations/fixtures.ts";
import { viewerRow, webcastRow } from "../../worker/features/sync/testing.ts";
import { webcastRoomStub } from "../stubs.ts";
import { type TestSocket, closeAllSockets, joinRoom, producerActor, speakerActor, viewerActor } from "./testing.ts";

// Issue #16: the audience's interactions through the room, with real sockets, real storage and D1.
const rooms = new Set<string>();
afterEach(async () => {
  await closeAllSockets();
  // No room keeps an alarm past its test: one ringing after the test's storage is gone (an
  // eviction mid-test leaves the outbox's safety alarm behind) keeps the pool from exiting.
  for (const uid of rooms) {
    await runInDurableObject(webcastRoomStub(env, uid), async (_instance: unknown, state: DurableObjectState) => {
      await state.storage.deleteAlarm();
    });
  }
  rooms.clear();
});

let organizationId = 0;
let producerId = 0;
let speakerId = 0;

beforeAll(async () => {
  const organization = await createOrganization();
  organizationId = organization.id;
  producerId = organization.ids.organizer;
  speakerId = organization.ids.speaker;
});

async function newWebcast(fields: Partial<WebcastRow> = {}): Promise<string> {
  const row = webcastRow(organizationId, producerId, fields);
  await db(env.DB).insert(webcasts).values(row);
  rooms.add(row.id);
  return row.id;
}

async function newPoll(webcastId: string, fields: Partial<PollRow> = {}): Promise<PollRow> {
  const now = new Date().toISOString();
  const row: PollRow = {
    id: uuidv7(),
    organization_id: organizationId,
    webcast_id: webcastId,
    created_at: now,
    updated_at: now,
    series_id: null,
    title: "Best day?",
    description: null,
    language: "en",
    options: [
      { id: "o-mon", text: "Monday" },
      { id: "o-fri", text: "Friday" },
    ],
    recommended_option_id: "o-fri",
    multiple_choice: false,
    display: "fluid",
    position: 0,
    status: "unpublished",
    ...fields,
  };
  await db(env.DB).insert(polls).values(row);
  return row;
}

const producer = () => producerActor(producerId);
const guest = (locale: RoomActor["locale"] = "en") => viewerActor(`guest:${crypto.randomUUID()}`, locale);

let commandIds = 0;
/** Sends a command and returns its ack or error (skipping the frames in between). */
async function request(socket: TestSocket, command: RoomCommand): Promise<Extract<ServerMessage, { type: "ack" | "error" }>> {
  commandIds += 1;
  const id = `c-${commandIds}`;
  socket.send({ type: "command", id, command });
  for (;;) {
    const message = await socket.next(3_000);
    if ((message.type === "ack" || message.type === "error") && message.id === id) return message;
  }
}

/** The next frame of `type` (others skipped). */
const next = <T extends ServerMessage["type"]>(socket: TestSocket, type: T) => socket.nextOf(type, 3_000);

describe("WebcastRoom: polls", () => {
  it("publishes a poll, takes a guest's vote, tallies it for the producer, shows the results to viewers", async () => {
    const uid = await newWebcast();
    const poll = await newPoll(uid);
    const { socket: control } = await joinRoom(uid, {}, producer());
    const snapshot = await next(control, "interactions");
    expect(snapshot.tallies?.map((tally) => tally.poll_id)).toEqual([poll.id]);
    const { socket: viewer } = await joinRoom(uid, {}, guest());
    expect((await next(viewer, "interactions")).tallies).toBeNull();

    expect(await request(control, { type: "polling.set", kind: "poll", id: poll.id, action: "publish" })).toMatchObject({ type: "ack" });
    const before = Date.now();
    const screen = await next(viewer, "polls");
    // Dated by the room (the viewer's screen shows it when their picture reaches that moment).
    expect(screen.at).toBeGreaterThanOrEqual(before - 1_000);
    expect(screen.at).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(screen.polls).toEqual([expect.objectContaining({ state: "open", ballot: null, results: null, poll: expect.objectContaining({ id: poll.id }) })]);
    // The recommended option stays with the producer until the results.
    expect(JSON.stringify(screen.polls)).not.toContain("recommended");

    expect(await request(viewer, { type: "poll.vote", poll_id: poll.id, option_ids: ["o-fri"] })).toMatchObject({ type: "ack", result: { poll_id: poll.id, option_ids: ["o-fri"] } });
    let tally = await next(control, "tally");
    while (tally.tallies[0]?.results.voters !== 1) tally = await next(control, "tally");
    expect(tally.tallies[0]?.results.options).toEqual([
      expect.objectContaining({ option_id: "o-mon", voters: 0, percent: 0 }),
      expect.objectContaining({ option_id: "o-fri", voters: 1, weight: 1, percent: 100, recommended: true }),
    ]);

    expect(await request(control, { type: "polling.set", kind: "poll", id: poll.id, action: "show_results" })).toMatchObject({ type: "ack" });
    const shown = await next(viewer, "polls");
    expect(shown.polls[0]).toMatchObject({ state: "results", results: { voters: 1, options: [{ option_id: "o-mon", percent: 0 }, { option_id: "o-fri", percent: 100, recommended: true }] } });
    // Voting is over: refused in the voter's language.
    expect(await request(viewer, { type: "poll.vote", poll_id: poll.id, option_ids: ["o-mon"] })).toMatchObject({ type: "error", code: "poll_not_open", message: "This poll is not open for voting." });
    const french = (await joinRoom(uid, {}, guest("fr"))).socket;
    expect(await request(french, { type: "poll.vote", poll_id: poll.id, option_ids: ["o-mon"] })).toMatchObject({ type: "error", code: "poll_not_open", message: "Ce sondage n'est pas ouvert au vote." });
  });

  it("refuses staff votes, unregistered viewers where registration is required, unknown options; a viewer's weight counts", async () => {
    const uid = await newWebcast({ registration_required: true });
    const poll = await newPoll(uid, { multiple_choice: true });
    const [heavy, unregistered] = [viewerRow({ id: uid, organization_id: organizationId }, { vote_weight: 2.5, registered: true }), viewerRow({ id: uid, organization_id: organizationId }, { registered: false })];
    if (!heavy || !unregistered) throw new Error("fixture");
    await db(env.DB).insert(viewers).values([heavy, unregistered]);
    const { socket: control } = await joinRoom(uid, {}, producer());
    await request(control, { type: "polling.set", kind: "poll", id: poll.id, action: "publish" });
    expect(await request(control, { type: "poll.vote", poll_id: poll.id, option_ids: ["o-mon"] })).toMatchObject({ type: "error", code: "vote_not_allowed" });
    const { socket: stranger } = await joinRoom(uid, {}, viewerActor(unregistered.id));
    expect(await request(stranger, { type: "poll.vote", poll_id: poll.id, option_ids: ["o-mon"] })).toMatchObject({ type: "error", code: "vote_not_registered" });
    const { socket: guestSocket } = await joinRoom(uid, {}, guest());
    expect(await request(guestSocket, { type: "poll.vote", poll_id: poll.id, option_ids: ["o-mon"] })).toMatchObject({ type: "error", code: "vote_not_registered" });
    const { socket: voter } = await joinRoom(uid, {}, viewerActor(heavy.id, "fr"));
    expect(await request(voter, { type: "poll.vote", poll_id: poll.id, option_ids: ["o-sun"] })).toMatchObject({ type: "error", code: "invalid_option", message: expect.stringContaining("Ce choix") });
    expect(await request(voter, { type: "poll.vote", poll_id: poll.id, option_ids: ["o-fri", "o-mon"] })).toMatchObject({ type: "ack", result: { option_ids: ["o-mon", "o-fri"] } });
    // A vote changed while open replaces the ballot; the snapshot of a reconnect holds it.
    expect(await request(voter, { type: "poll.vote", poll_id: poll.id, option_ids: ["o-fri"] })).toMatchObject({ type: "ack", result: { option_ids: ["o-fri"] } });
    voter.close();
    const again = await joinRoom(uid, {}, viewerActor(heavy.id));
    expect((await next(again.socket, "interactions")).polls[0]).toMatchObject({ ballot: ["o-fri"], state: "open" });

    await webcastRoomStub(env, uid).flushInteractions(uid);
    const ballots = await env.DB.prepare("SELECT voter_key, option_ids, weight FROM poll_ballots WHERE poll_id = ?").bind(poll.id).all();
    expect(ballots.results).toEqual([{ voter_key: heavy.id, option_ids: '["o-fri"]', weight: 2.5 }]);
    const log = await env.DB.prepare("SELECT seq, option_ids FROM poll_ballot_log WHERE webcast_id = ? ORDER BY seq").bind(uid).all();
    expect(log.results.map((row) => row.option_ids)).toEqual(['["o-mon","o-fri"]', '["o-fri"]']);
  });

  it("counts a changed vote once after the room woke up (the property's counterexample)", async () => {
    const uid = await newWebcast();
    const poll = await newPoll(uid, { multiple_choice: true });
    const { socket: control } = await joinRoom(uid, {}, producer());
    await request(control, { type: "polling.set", kind: "poll", id: poll.id, action: "publish" });
    const voter = guest();
    await abortAllDurableObjects();
    const { socket } = await joinRoom(uid, {}, voter);
    expect(await request(socket, { type: "poll.vote", poll_id: poll.id, option_ids: ["o-mon", "o-fri"] })).toMatchObject({ type: "ack" });
    expect(await request(socket, { type: "poll.vote", poll_id: poll.id, option_ids: ["o-fri"] })).toMatchObject({ type: "ack" });
    const { socket: reader } = await joinRoom(uid, {}, producer());
    const results = (await next(reader, "interactions")).tallies?.[0]?.results;
    expect(results?.options.map((option) => [option.option_id, option.voters])).toEqual([
      ["o-mon", 0],
      ["o-fri", 1],
    ]);
  });

  it("keeps every acknowledged ballot once, through reconnects and evictions: the tally equals a recount (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant("vote" as const), voter: fc.integer({ min: 0, max: 4 }), options: fc.subarray(["o-a", "o-b", "o-c"], { minLength: 1 }) }),
            fc.record({ kind: fc.constant("reconnect" as const), voter: fc.integer({ min: 0, max: 4 }) }),
            fc.constant({ kind: "evict" as const }),
          ),
          { minLength: 4, maxLength: 14 },
        ),
        async (steps) => {
          const uid = await newWebcast();
          const poll = await newPoll(uid, {
            multiple_choice: true,
            options: [
              { id: "o-a", text: "A" },
              { id: "o-b", text: "B" },
              { id: "o-c", text: "C" },
            ],
          });
          const voters = Array.from({ length: 5 }, () => guest());
          const sockets = new Map<number, TestSocket>();
          const socketOf = async (index: number) => {
            let socket = sockets.get(index);
            if (!socket || socket.isClosed) {
              socket = (await joinRoom(uid, {}, voters[index] ?? guest())).socket;
              sockets.set(index, socket);
            }
            return socket;
          };
          const control = (await joinRoom(uid, {}, producer())).socket;
          await request(control, { type: "polling.set", kind: "poll", id: poll.id, action: "publish" });
          const acknowledged = new Map<number, string[]>();
          for (const step of steps) {
            if (step.kind === "evict") {
              await abortAllDurableObjects();
              sockets.clear();
              continue;
            }
            if (step.kind === "reconnect") {
              sockets.get(step.voter)?.close();
              sockets.delete(step.voter);
              continue;
            }
            const answer = await request(await socketOf(step.voter), { type: "poll.vote", poll_id: poll.id, option_ids: step.options });
            expect(answer.type).toBe("ack");
            if (answer.type === "ack") acknowledged.set(step.voter, (answer.result as { option_ids: string[] }).option_ids);
          }
          // A fresh producer connection reads the room's tally; D1 gets the same ballots.
          const { socket: reader } = await joinRoom(uid, {}, producer());
          const seen = (await next(reader, "interactions")).tallies?.[0]?.results;
          const expected = pollResults(
            poll,
            recount(
              poll,
              [...acknowledged].map(([voter, option_ids], index) => ({ poll_id: poll.id, voter_key: voters[voter]?.viewer_id ?? "", option_ids, weight: 1, cast_at: 0, seq: index + 1 })),
            ),
          );
          expect(seen?.voters).toBe(acknowledged.size);
          expect(seen?.options.map((option) => option.voters)).toEqual(expected.options.map((option) => option.voters));
          await webcastRoomStub(env, uid).flushInteractions(uid);
          const stored = await env.DB.prepare("SELECT count(*) AS n FROM poll_ballots WHERE poll_id = ?").bind(poll.id).first<{ n: number }>();
          expect(stored?.n).toBe(acknowledged.size);
          await closeAllSockets();
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});

describe("WebcastRoom: questions", () => {
  it("takes a viewer's question, waits 10 s between two, refuses anonymity unless allowed, moderates, pushes to speakers", async () => {
    const uid = await newWebcast();
    const { socket: control } = await joinRoom(uid, {}, producer());
    const { socket: speaker } = await joinRoom(uid, {}, speakerActor(speakerId));
    const asker = guest();
    const { socket: viewer } = await joinRoom(uid, {}, asker);
    const { socket: other } = await joinRoom(uid, {}, guest("fr"));

    expect(await request(viewer, { type: "question.ask", text: "Anonymous?", anonymous: true })).toMatchObject({ type: "error", code: "anonymous_not_allowed" });
    const asked = await request(viewer, { type: "question.ask", text: "  When is <b>lunch</b>?  ", anonymous: false });
    expect(asked).toMatchObject({ type: "ack", result: { text: "When is <b>lunch</b>?", mine: true, hidden: false } });
    const id = asked.type === "ack" ? (asked.result as { id: string }).id : "";
    expect(await next(control, "question")).toMatchObject({ change: { kind: "upsert", question: { id, asker_id: participantId(asker) } } });
    expect(await next(other, "question")).toMatchObject({ change: { kind: "upsert", question: { id, mine: false } } });
    const wait = await request(viewer, { type: "question.ask", text: "Again", anonymous: false });
    expect(wait).toMatchObject({ type: "error", code: "question_wait", retry_after_ms: expect.any(Number) });
    expect(wait.type === "error" && wait.message).toMatch(/^Please wait \d+ seconds? before asking another question\.$/);

    // Speakers see only what is pushed to them.
    expect(await request(control, { type: "question.moderate", question_id: id, action: { type: "push_to_speakers" } })).toMatchObject({ type: "ack", result: { pushed_to_speakers: true } });
    expect(await next(speaker, "question")).toMatchObject({ change: { kind: "upsert", question: { id, pushed_to_speakers: true } } });
    // Upvotes: not one's own; another viewer may.
    expect(await request(viewer, { type: "question.upvote", question_id: id, upvoted: true })).toMatchObject({ type: "error", code: "own_question_upvote" });
    expect(await request(other, { type: "question.upvote", question_id: id, upvoted: true })).toMatchObject({ type: "ack", result: { upvoted: true, upvotes: 1 } });
    // A viewer may not moderate (fr).
    expect(await request(other, { type: "question.moderate", question_id: id, action: { type: "hide" } })).toMatchObject({ type: "error", code: "question_forbidden", message: "Seuls les organisateurs et le producteur du webcast peuvent gérer ses questions." });
    // Hidden: gone for the others and the speakers, still the asker's (marked hidden).
    expect(await request(control, { type: "question.patch", question_id: id, patch: { hidden: true, answer: "At noon." } })).toMatchObject({ type: "ack", result: { hidden: true, answered: true, answer: "At noon." } });
    let gone = await next(speaker, "question");
    while (gone.change.kind !== "remove") gone = await next(speaker, "question");
    expect(gone).toEqual({ type: "question", change: { kind: "remove", id } });
    let own = await next(viewer, "question");
    while (own.change.kind !== "upsert" || !own.change.question.hidden) own = await next(viewer, "question");
    expect(own.change).toMatchObject({ kind: "upsert", question: { id, hidden: true, mine: true, answer: "At noon." } });

    await webcastRoomStub(env, uid).flushInteractions(uid);
    const row = await env.DB.prepare("SELECT text, hidden, answered, upvotes, asker_id FROM questions WHERE id = ?").bind(id).first();
    expect(row).toEqual({ text: "When is <b>lunch</b>?", hidden: 1, answered: 1, upvotes: 1, asker_id: participantId(asker) });
    const upvotes = await env.DB.prepare("SELECT count(*) AS n FROM question_upvotes WHERE question_id = ?").bind(id).first<{ n: number }>();
    expect(upvotes?.n).toBe(1);
  });
});

describe("WebcastRoom: chat", () => {
  it("sends public messages to everyone, private ones to their two people, warns about a disconnected target, lets a moderator delete", async () => {
    const uid = await newWebcast();
    const { socket: control } = await joinRoom(uid, {}, producer());
    const alice = guest();
    const bob = guest("fr");
    const { socket: aliceSocket } = await joinRoom(uid, {}, alice);
    const { socket: bobSocket } = await joinRoom(uid, {}, bob);

    const sent = await request(aliceSocket, { type: "chat.send", body: "<img src=x onerror=alert(1)> hello" });
    expect(sent).toMatchObject({ type: "ack", result: { message: { body: "<img src=x onerror=alert(1)> hello", is_private: false }, warning: null } });
    expect(await next(bobSocket, "chat")).toMatchObject({ message: { body: "<img src=x onerror=alert(1)> hello", sender_id: participantId(alice) } });
    expect(await next(control, "chat")).toMatchObject({ message: { is_private: false } });

    expect(await request(aliceSocket, { type: "chat.send", body: "me", target_id: participantId(alice) })).toMatchObject({ type: "error", code: "chat_self_target" });
    expect(await request(bobSocket, { type: "chat.send", body: "x".repeat(501) })).toMatchObject({ type: "error", code: "chat_invalid", errors: { body: [expect.stringContaining("500")] } });
    const whisper = await request(aliceSocket, { type: "chat.send", body: "psst", target_id: participantId(bob), target_name: "Bob" });
    expect(whisper).toMatchObject({ type: "ack", result: { message: { is_private: true, delivered: true }, warning: null } });
    expect(await next(bobSocket, "chat")).toMatchObject({ message: { body: "psst", is_private: true } });
    await control.expectSilence(200);

    const gone = await request(aliceSocket, { type: "chat.send", body: "are you there?", target_id: "guest:nobody", target_name: "Zoé" });
    expect(gone).toMatchObject({ type: "ack", result: { message: { delivered: false }, warning: { code: "target_disconnected", message: "Zoé is not connected and will not receive your message." } } });

    const messageId = sent.type === "ack" ? (sent.result as { message: { id: string } }).message.id : "";
    expect(await request(bobSocket, { type: "chat.delete", message_id: messageId })).toMatchObject({ type: "error", code: "chat_forbidden" });
    expect(await request(control, { type: "chat.delete", message_id: messageId })).toMatchObject({ type: "ack", result: { message: { id: messageId, deleted: true, body: "" } } });
    let tombstone = await next(bobSocket, "chat");
    while (tombstone.message.id !== messageId) tombstone = await next(bobSocket, "chat");
    expect(tombstone.message).toMatchObject({ deleted: true, body: "" });

    // History on join: what the reader may read, oldest first.
    const { socket: late } = await joinRoom(uid, {}, bob);
    const history = (await next(late, "interactions")).chat;
    expect(history.map((message) => message.body)).toEqual(["", "psst"]);
    await webcastRoomStub(env, uid).flushInteractions(uid);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM chat_messages WHERE webcast_id = ?").bind(uid).first<{ n: number }>();
    expect(stored?.n).toBe(3);
  });

  it("loses nothing acknowledged when the object is evicted mid-chat and mid-question", async () => {
    const uid = await newWebcast();
    const asker = guest();
    const { socket } = await joinRoom(uid, {}, asker);
    expect(await request(socket, { type: "chat.send", body: "first" })).toMatchObject({ type: "ack" });
    expect(await request(socket, { type: "question.ask", text: "Before the cut?", anonymous: false })).toMatchObject({ type: "ack" });
    await abortAllDurableObjects();
    const { socket: back } = await joinRoom(uid, {}, asker);
    const snapshot = await next(back, "interactions");
    expect(snapshot.chat.map((message) => message.body)).toEqual(["first"]);
    expect(snapshot.questions.map((question) => question.text)).toEqual(["Before the cut?"]);
    expect(snapshot.next_ask_at).toEqual(expect.any(Number));
    await webcastRoomStub(env, uid).flushInteractions(uid);
    const questionsInD1 = await env.DB.prepare("SELECT count(*) AS n FROM questions WHERE webcast_id = ?").bind(uid).first<{ n: number }>();
    expect(questionsInD1?.n).toBe(1);
  });
});
