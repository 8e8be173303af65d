import { describe, expect, it } from "vitest";
import type { ServerMessage } from "../../../domain/protocol/server-messages.ts";
import { PROTOCOL_VERSION } from "../../../domain/protocol/version.ts";
import { QUESTION_WAIT_MS } from "../../../domain/questions/ask.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import type { LiveState } from "../../../domain/webcast-room/live-state.ts";
import { chatMessage, interactionsFrame, question, tally, viewerPoll } from "./interaction-fixtures.ts";
import { liveFixture } from "./test-support.ts";
import { INITIAL_ROOM_STATE, type InteractionsState, type RoomSyncState, applyServerMessage, enqueueCommand, prependChat, resumeFrom } from "./room-state.ts";


const welcome = (seq: number, snapshot: LiveState | null, missed: Extract<ServerMessage, { type: "event" }>[] = []): ServerMessage => ({
  type: "welcome",
  protocolVersion: PROTOCOL_VERSION,
  connectionId: "c1",
  role: "producer",
  seq,
  snapshot,
  missed: missed.map(({ type: _type, ...event }) => event),
});
const event = (seq: number, patch: Partial<LiveState>, name = "slide.set"): Extract<ServerMessage, { type: "event" }> => ({ type: "event", seq, at: 2_000, name, patch });

const at = (seq: number, patch: Partial<LiveState> = {}): RoomSyncState => ({ role: "producer", live: liveFixture(patch), seq, pending: [], interactions: null });

describe("applyServerMessage", () => {
  it("takes a snapshot whole, with the role and its seq", () => {
    const snapshot = liveFixture({ phase: "prepared", current_slide_index: 3 });
    const { state, effects } = applyServerMessage(INITIAL_ROOM_STATE, welcome(7, snapshot));
    expect(state).toEqual({ role: "producer", live: snapshot, seq: 7, pending: [], interactions: null });
    expect(effects).toEqual([{ type: "welcomed" }]);
    expect(resumeFrom(INITIAL_ROOM_STATE)).toBeUndefined();
    expect(resumeFrom(state)).toBe(7);
  });

  it("resumes from the missed events in order, skipping those already applied", () => {
    const { state, effects } = applyServerMessage(at(5), welcome(7, null, [event(5, { current_slide_index: 9 }), event(6, { current_slide_index: 1 }), event(7, { current_scene_layout: "video-only" })]));
    expect(effects).toEqual([{ type: "welcomed" }]);
    expect(state.seq).toBe(7);
    expect(state.live?.current_slide_index).toBe(1);
    expect(state.live?.current_scene_layout).toBe("video-only");
  });

  it("asks for a resync when the missed events leave a gap or stop short of the room's seq", () => {
    const gap = applyServerMessage(at(5), welcome(8, null, [event(6, { current_slide_index: 1 }), event(8, { current_slide_index: 2 })]));
    expect(gap.effects).toEqual([{ type: "resync" }]);
    // What came before the gap is kept: the next hello resumes from 6.
    expect(gap.state.seq).toBe(6);
    expect(applyServerMessage(at(5), welcome(9, null, [event(6, {})])).effects).toEqual([{ type: "resync" }]);
    // No state to resume and no snapshot: only a fresh hello helps.
    expect(applyServerMessage(INITIAL_ROOM_STATE, welcome(3, null)).effects).toEqual([{ type: "resync" }]);
  });

  it("applies the next event, ignores a duplicate, and detects a gap without applying it", () => {
    const next = applyServerMessage(at(4), event(5, { current_slide_index: 2 }));
    expect(next.state.seq).toBe(5);
    expect(next.state.live?.current_slide_index).toBe(2);
    expect(next.effects).toEqual([]);

    const duplicate = applyServerMessage(next.state, event(5, { current_slide_index: 8 }));
    expect(duplicate.state).toBe(next.state);
    expect(duplicate.effects).toEqual([]);
    expect(applyServerMessage(next.state, event(3, { current_slide_index: 8 })).state).toBe(next.state);

    const gap = applyServerMessage(next.state, event(7, { current_slide_index: 8 }));
    expect(gap.state.live?.current_slide_index).toBe(2);
    expect(gap.state.seq).toBe(5);
    expect(gap.effects).toEqual([{ type: "resync" }]);
  });

  it("applies several events of one frame in order, with the same duplicate and gap rules", () => {
    const batch = (...events: Extract<ServerMessage, { type: "event" }>[]): ServerMessage => ({ type: "events", events: events.map(({ type: _type, ...rest }) => rest) });
    const applied = applyServerMessage(at(4), batch(event(4, { current_slide_index: 9 }), event(5, { current_slide_index: 2 }), event(6, { current_scene_layout: "video-only" })));
    expect(applied.state).toMatchObject({ seq: 6, live: { current_slide_index: 2, current_scene_layout: "video-only" } });
    expect(applied.effects).toEqual([]);
    const gap = applyServerMessage(at(4), batch(event(5, { current_slide_index: 2 }), event(7, { current_slide_index: 3 })));
    expect(gap.state.seq).toBe(5);
    expect(gap.effects).toEqual([{ type: "resync" }]);
  });

  it("takes the latest audience figures (no sequence), once it holds a state", () => {
    const figures = applyServerMessage(at(4, { live_viewers: 1, peak_viewers: 1 }), { type: "stats", live_viewers: 950, peak_viewers: 1_000 });
    expect(figures.state.seq).toBe(4);
    expect(figures.state.live).toMatchObject({ live_viewers: 950, peak_viewers: 1_000 });
    expect(figures.effects).toEqual([]);
    expect(applyServerMessage(INITIAL_ROOM_STATE, { type: "stats", live_viewers: 3, peak_viewers: 3 }).state).toBe(INITIAL_ROOM_STATE);
  });

  it("an ack settles its pending command once; a second ack for the same id does nothing", () => {
    const command = { type: "control.prepare" } as const;
    const queued = enqueueCommand(enqueueCommand(at(1), "a", command), "b", { type: "slide.set", index: 2 });
    expect(queued.pending.map((item) => item.id)).toEqual(["a", "b"]);
    const acked = applyServerMessage(queued, { type: "ack", id: "a", seq: 2 });
    expect(acked.state.pending.map((item) => item.id)).toEqual(["b"]);
    expect(acked.effects).toEqual([{ type: "acked", id: "a", command }]);
    expect(applyServerMessage(acked.state, { type: "ack", id: "a", seq: 2 })).toEqual({ state: acked.state, effects: [] });
    expect(applyServerMessage(acked.state, { type: "ack", id: "b", seq: 2, result: false }).effects).toEqual([{ type: "acked", id: "b", command: { type: "slide.set", index: 2 }, result: false }]);
  });

  it("an error with an id settles that command as refused; one without an id only reports", () => {
    const queued = enqueueCommand(at(1, { phase: "upcoming" }), "s", { type: "control.start" });
    const refused = applyServerMessage(queued, { type: "error", code: "wrong_phase", message: "Not now.", id: "s" });
    expect(refused.state.pending).toEqual([]);
    expect(refused.effects).toEqual([{ type: "refused", id: "s", command: { type: "control.start" }, code: "wrong_phase", message: "Not now." }]);
    const frame = applyServerMessage(queued, { type: "error", code: "invalid_message", message: "Invalid." });
    expect(frame.state).toBe(queued);
    expect(frame.effects).toEqual([{ type: "error", code: "invalid_message", message: "Invalid." }]);
  });

  it("keeps pending commands across a snapshot, and asks for a reload on `reload`", () => {
    const queued = enqueueCommand(at(1), "x", { type: "control.stop" });
    const { state } = applyServerMessage(queued, welcome(40, liveFixture({ phase: "live" })));
    expect(state.pending).toEqual([{ id: "x", command: { type: "control.stop" } }]);
    expect(applyServerMessage(state, { type: "reload", reason: "protocol_outdated", protocolVersion: 3 }).effects).toEqual([{ type: "reload" }]);
    expect(applyServerMessage(state, { type: "pong" })).toEqual({ state, effects: [] });
  });
});

describe("interactions", () => {
  const withInteractions = (frame = interactionsFrame()): RoomSyncState => applyServerMessage(at(1), frame).state;
  const ack = (state: RoomSyncState, id: string, command: RoomCommand, result: unknown, now = 50_000) =>
    applyServerMessage(enqueueCommand(state, id, command), { type: "ack", id, seq: 1, result }, now).state;

  it("takes the snapshot whole and keeps the reader's ballots, questions and upvotes from it", () => {
    const state = withInteractions(
      interactionsFrame({
        polls: [viewerPoll("p1", { ballot: ["p1-a"] })],
        questions: [question("q1", { asked_at: 1 }), question("q2", { asked_at: 2, mine: true }), question("q3", { asked_at: 3, upvoted: true })],
        chat: [chatMessage("m2", { sent_at: 2 }), chatMessage("m1", { sent_at: 1 })],
        chat_more: true,
        next_ask_at: 9_000,
      }),
    );
    const interactions = state.interactions;
    expect(interactions?.ballots).toEqual({ p1: ["p1-a"] });
    expect(interactions?.questions.map((q) => q.id)).toEqual(["q3", "q2", "q1"]);
    expect(interactions?.chat.map((m) => m.id)).toEqual(["m1", "m2"]);
    expect(interactions?.mine).toEqual(["q2"]);
    expect(interactions?.upvoted).toEqual(["q3"]);
    expect(interactions?.chat_more).toBe(true);
    expect(interactions?.next_ask_at).toBe(9_000);
  });

  it("ignores interaction broadcasts before the snapshot", () => {
    const { state } = applyServerMessage(at(1), { type: "chat", message: chatMessage("m1") });
    expect(state.interactions).toBeNull();
  });

  it("replaces the polls on screen and keeps the reader's own ballots (the broadcast has none)", () => {
    let state = withInteractions(interactionsFrame({ polls: [viewerPoll("p1", { ballot: ["p1-b"] })] }));
    state = applyServerMessage(state, { type: "polls", polls: [viewerPoll("p1", { state: "closed" }), viewerPoll("p2")] }).state;
    expect(state.interactions?.polls.map((view) => [view.poll.id, view.state, view.ballot])).toEqual([
      ["p1", "closed", ["p1-b"]],
      ["p2", "open", null],
    ]);
  });

  it("keeps the ballot of a vote's ack", () => {
    let state = withInteractions(interactionsFrame({ polls: [viewerPoll("p1")] }));
    state = ack(state, "c1", { type: "poll.vote", poll_id: "p1", option_ids: ["p1-a"] }, { poll_id: "p1", option_ids: ["p1-a"] });
    expect(state.interactions?.ballots).toEqual({ p1: ["p1-a"] });
    expect(state.interactions?.polls[0]?.ballot).toEqual(["p1-a"]);
    expect(state.pending).toEqual([]);
    // Republished later: the broadcast has no ballot, ours stays.
    state = applyServerMessage(state, { type: "polls", polls: [viewerPoll("p1")] }).state;
    expect(state.interactions?.polls[0]?.ballot).toEqual(["p1-a"]);
  });

  it("merges live tallies by poll", () => {
    let state = withInteractions(interactionsFrame({ tallies: [tally("p1", {}, [1, 0]), tally("p2", {}, [0, 0])] }));
    state = applyServerMessage(state, { type: "tally", tallies: [tally("p2", { badge: "closed", status: "closed" }, [2, 2]), tally("p3")] }).state;
    expect(state.interactions?.tallies?.map((view) => [view.poll_id, view.badge, view.results.voters])).toEqual([
      ["p1", "open", 1],
      ["p2", "closed", 4],
      ["p3", "open", 4],
    ]);
  });

  it("upserts and removes questions, keeping the reader's own flags over a broadcast", () => {
    let state = withInteractions(interactionsFrame({ questions: [question("q1", { mine: true, upvoted: true, asked_at: 1 })] }));
    state = applyServerMessage(state, { type: "question", change: { kind: "upsert", question: question("q1", { asked_at: 1, answered: true, upvotes: 4 }) } }).state;
    expect(state.interactions?.questions[0]).toMatchObject({ id: "q1", answered: true, upvotes: 4, mine: true, upvoted: true });
    state = applyServerMessage(state, { type: "question", change: { kind: "upsert", question: question("q2", { asked_at: 5 }) } }).state;
    expect(state.interactions?.questions.map((q) => q.id)).toEqual(["q2", "q1"]);
    state = applyServerMessage(state, { type: "question", change: { kind: "remove", id: "q1" } }).state;
    expect(state.interactions?.questions.map((q) => q.id)).toEqual(["q2"]);
    // Back into view (unhidden): still ours.
    state = applyServerMessage(state, { type: "question", change: { kind: "upsert", question: question("q1", { asked_at: 1 }) } }).state;
    expect(state.interactions?.questions.find((q) => q.id === "q1")).toMatchObject({ mine: true, upvoted: true });
  });

  it("adds an asked question as the reader's and waits 10 s from the ack before the next", () => {
    let state = withInteractions();
    state = ack(state, "c1", { type: "question.ask", text: "Why?", anonymous: false }, question("q9", { asked_at: 49_000 }), 50_000);
    expect(state.interactions?.next_ask_at).toBe(50_000 + QUESTION_WAIT_MS);
    expect(state.interactions?.questions[0]).toMatchObject({ id: "q9", mine: true });
    state = applyServerMessage(state, { type: "question", change: { kind: "upsert", question: question("q9", { asked_at: 49_000, upvotes: 2 }) } }).state;
    expect(state.interactions?.questions[0]).toMatchObject({ id: "q9", mine: true, upvotes: 2 });
  });

  it("waits as long as the room says when a question was asked too soon", () => {
    const state = enqueueCommand(withInteractions(), "c1", { type: "question.ask", text: "Again?", anonymous: false });
    const { state: after, effects } = applyServerMessage(state, { type: "error", id: "c1", code: "question_wait", message: "Wait", retry_after_ms: 4_000 }, 70_000);
    expect(after.interactions?.next_ask_at).toBe(74_000);
    expect(effects[0]).toMatchObject({ type: "refused", code: "question_wait", retry_after_ms: 4_000 });
  });

  it("keeps the reader's upvotes from the acks", () => {
    let state = withInteractions(interactionsFrame({ questions: [question("q1", { upvotes: 1 })] }));
    state = ack(state, "c1", { type: "question.upvote", question_id: "q1", upvoted: true }, { question_id: "q1", upvoted: true, upvotes: 2 });
    expect(state.interactions?.questions[0]).toMatchObject({ upvoted: true, upvotes: 2 });
    state = applyServerMessage(state, { type: "question", change: { kind: "upsert", question: question("q1", { upvotes: 3 }) } }).state;
    expect(state.interactions?.questions[0]).toMatchObject({ upvoted: true, upvotes: 3 });
    state = ack(state, "c2", { type: "question.upvote", question_id: "q1", upvoted: false }, { question_id: "q1", upvoted: false, upvotes: 2 });
    state = applyServerMessage(state, { type: "question", change: { kind: "upsert", question: question("q1", { upvotes: 2 }) } }).state;
    expect(state.interactions?.questions[0]).toMatchObject({ upvoted: false, upvotes: 2 });
  });

  it("upserts chat messages by id, a deleted one as its tombstone, in time order", () => {
    let state = withInteractions(interactionsFrame({ chat: [chatMessage("m1", { sent_at: 1 })] }));
    state = applyServerMessage(state, { type: "chat", message: chatMessage("m3", { sent_at: 3 }) }).state;
    state = ack(state, "c1", { type: "chat.send", body: "hi" }, { message: chatMessage("m2", { sent_at: 2, body: "hi" }), warning: null });
    state = applyServerMessage(state, { type: "chat", message: chatMessage("m2", { sent_at: 2, body: "hi" }) }).state;
    state = applyServerMessage(state, { type: "chat", message: chatMessage("m1", { sent_at: 1, body: "", deleted: true, deleted_at: 5 }) }).state;
    expect(state.interactions?.chat.map((m) => [m.id, m.body, m.deleted])).toEqual([
      ["m1", "", true],
      ["m2", "hi", false],
      ["m3", "Hello m3", false],
    ]);
  });

  it("puts older chat messages first and says whether more exist", () => {
    const state = withInteractions(interactionsFrame({ chat: [chatMessage("m5", { sent_at: 5 })], chat_more: true }));
    const older = prependChat(state.interactions as InteractionsState, [chatMessage("m1", { sent_at: 1 }), chatMessage("m5", { sent_at: 5 })], false);
    expect(older.chat.map((m) => m.id)).toEqual(["m1", "m5"]);
    expect(older.chat_more).toBe(false);
  });

  it("leaves the interactions alone for an ack whose result does not parse", () => {
    const state = withInteractions(interactionsFrame({ polls: [viewerPoll("p1")] }));
    const after = ack(state, "c1", { type: "poll.vote", poll_id: "p1", option_ids: ["p1-a"] }, { nonsense: true });
    expect(after.interactions).toEqual(state.interactions);
  });
});
