import { z } from "zod";
import type { ChatMessageView } from "../../../domain/chat/visibility.ts";
import type { ProducerPollView, ViewerPollView } from "../../../domain/polls/live.ts";
import { chatMessageViewSchema, questionViewSchema } from "../../../domain/protocol/interaction-messages.ts";
import type { RoomEvent, ServerMessage } from "../../../domain/protocol/server-messages.ts";
import { QUESTION_WAIT_MS } from "../../../domain/questions/ask.ts";
import type { QuestionView } from "../../../domain/questions/visibility.ts";
import type { RoomRole } from "../../../domain/webcast-room/actor.ts";
import type { RoomCommand } from "../../../domain/webcast-room/commands.ts";
import type { VisibleLiveState } from "../../../domain/webcast-room/live-state.ts";

/**
 * The control room's copy of its webcast room, as the protocol (domain/protocol) feeds it: pure,
 * no socket, no clock. The room client (room-client.ts) runs these functions on every frame and
 * carries out the effects they return.
 */

/** A command sent (or waiting to be sent) that the room has not acknowledged or refused yet. */
export interface PendingCommand {
  id: string;
  command: RoomCommand;
}

export interface RoomSyncState {
  /** From the room's welcome; null before the first one. */
  role: RoomRole | null;
  /**
   * The room's state at `seq` as this connection may see it (no audience figures for a speaker
   * the webcast does not share them with); null until the first welcome.
   */
  live: VisibleLiveState | null;
  /** The last event applied (0 before any). */
  seq: number;
  /** In the order they were made; sent again after every welcome until settled. */
  pending: readonly PendingCommand[];
  /** The polls, questions and chat this connection may see; null until the room's first `interactions` frame. */
  interactions: InteractionsState | null;
}

/**
 * The audience's interactions as this connection sees them (domain/protocol/interaction-messages.ts).
 * The room's broadcasts are the same for everyone: what is the reader's own (ballots, questions
 * asked, upvotes) comes from the `interactions` snapshot and from the acks, and is kept here.
 */
export interface InteractionsState {
  /** Who this connection is in the interactions (its chat messages' `sender_id`). */
  participant_id: string;
  /** On the viewers' screens now, each with the reader's own ballot. */
  polls: readonly ViewerPollView[];
  /** Every poll's live tally (whoever manages polls), else null. */
  tallies: readonly ProducerPollView[] | null;
  /** Newest first. */
  questions: readonly QuestionView[];
  /** Oldest first (ids are UUIDv7: id order is time order). */
  chat: readonly ChatMessageView[];
  /** Older messages exist (GET chat-messages?before=). */
  chat_more: boolean;
  /** When the reader may ask again (epoch ms), or null. */
  next_ask_at: number | null;
  /** The reader's own ballots, by poll id. */
  ballots: Readonly<Record<string, readonly string[]>>;
  /** The reader's own questions and upvotes (ids). */
  mine: readonly string[];
  upvoted: readonly string[];
}

export type RoomEffect =
  /** An event is missing (a gap): say hello again on a new connection, from `seq`. */
  | { type: "resync" }
  /** The welcome was applied: send the pending commands (again). */
  | { type: "welcomed" }
  | { type: "acked"; id: string; command: RoomCommand; result?: unknown }
  | { type: "refused"; id: string; command: RoomCommand | null; code: string; message: string; retry_after_ms?: number; errors?: Record<string, string[]> }
  /** An error frame for no command of ours (a refused frame). */
  | { type: "error"; code: string; message: string }
  /** The app is older than the room: the page must be reloaded. */
  | { type: "reload" };

export interface Applied {
  state: RoomSyncState;
  effects: RoomEffect[];
}

export const INITIAL_ROOM_STATE: RoomSyncState = { role: null, live: null, seq: 0, pending: [], interactions: null };

/** The `since` of the next hello: the last applied event, only when there is a state to resume. */
export function resumeFrom(state: RoomSyncState): number | undefined {
  return state.live === null ? undefined : state.seq;
}

/** Queues a command (shown as pending until the room answers). */
export function enqueueCommand(state: RoomSyncState, id: string, command: RoomCommand): RoomSyncState {
  return { ...state, pending: [...state.pending, { id, command }] };
}

/**
 * Applies events in order from `state.seq`: duplicates (seq already applied) are skipped; a gap
 * stops and asks for a resync, keeping what was applied before it.
 */
function applyEvents(state: RoomSyncState, events: readonly RoomEvent[]): { state: RoomSyncState; gap: boolean } {
  let { live, seq } = state;
  if (live === null) return { state, gap: events.length > 0 };
  for (const event of events) {
    if (event.seq <= seq) continue;
    if (event.seq !== seq + 1) return { state: seq === state.seq ? state : { ...state, live, seq }, gap: true };
    live = { ...live, ...event.patch };
    seq = event.seq;
  }
  // Nothing new (only duplicates): the same state, so nothing re-renders.
  return { state: seq === state.seq ? state : { ...state, live, seq }, gap: false };
}

function settle(state: RoomSyncState, id: string): { state: RoomSyncState; command: RoomCommand | null } {
  const found = state.pending.find((item) => item.id === id);
  if (!found) return { state, command: null };
  return { state: { ...state, pending: state.pending.filter((item) => item.id !== id) }, command: found.command };
}

/**
 * What one server message does to the client's copy, and what the client must do next. `now`
 * (epoch ms, the client's clock) dates what an ack starts: the wait before the next question.
 */
export function applyServerMessage(state: RoomSyncState, message: ServerMessage, now = 0): Applied {
  switch (message.type) {
    case "welcome": {
      const withRole = { ...state, role: message.role };
      if (message.snapshot !== null) {
        return { state: { ...withRole, live: message.snapshot, seq: message.seq }, effects: [{ type: "welcomed" }] };
      }
      // No snapshot: the room resumes us from `since` with what we missed, ending at its `seq`.
      const resumed = applyEvents(withRole, message.missed);
      if (resumed.gap || resumed.state.live === null || resumed.state.seq !== message.seq) {
        return { state: resumed.state, effects: [{ type: "resync" }] };
      }
      return { state: resumed.state, effects: [{ type: "welcomed" }] };
    }
    case "event":
    case "events": {
      const applied = applyEvents(state, message.type === "event" ? [message] : message.events);
      return { state: applied.state, effects: applied.gap ? [{ type: "resync" }] : [] };
    }
    case "ack": {
      const settled = settle(state, message.id);
      // An ack for an id we no longer hold (sent again after a reconnect, answered twice): nothing to do.
      if (settled.command === null) return { state, effects: [] };
      const effect: RoomEffect = { type: "acked", id: message.id, command: settled.command };
      if (message.result !== undefined) effect.result = message.result;
      const interactions = settled.state.interactions && applyInteractionAck(settled.state.interactions, settled.command, message.result, now);
      return { state: { ...settled.state, interactions }, effects: [effect] };
    }
    case "error": {
      if (message.id === undefined) return { state, effects: [{ type: "error", code: message.code, message: message.message }] };
      const settled = settle(state, message.id);
      const effect: Extract<RoomEffect, { type: "refused" }> = { type: "refused", id: message.id, command: settled.command, code: message.code, message: message.message };
      if (message.retry_after_ms !== undefined) effect.retry_after_ms = message.retry_after_ms;
      if (message.errors !== undefined) effect.errors = message.errors;
      // A question asked too soon: the room says how long to wait.
      let next = settled.state;
      if (message.retry_after_ms !== undefined && settled.command?.type === "question.ask" && next.interactions) {
        next = { ...next, interactions: { ...next.interactions, next_ask_at: now + message.retry_after_ms } };
      }
      return { state: next, effects: [effect] };
    }
    case "reload":
      return { state, effects: [{ type: "reload" }] };
    case "pong":
      return { state, effects: [] };
    case "stats":
      // The audience figures now (no sequence: the latest holds), for whoever may see them.
      if (state.live === null) return { state, effects: [] };
      return { state: { ...state, live: { ...state.live, live_viewers: message.live_viewers, peak_viewers: message.peak_viewers } }, effects: [] };
    case "interactions":
      return { state: { ...state, interactions: interactionsFromSnapshot(message) }, effects: [] };
    case "polls":
    case "tally":
    case "question":
    case "chat":
      // Before the snapshot there is nothing to change: the snapshot that follows every welcome holds it.
      if (state.interactions === null) return { state, effects: [] };
      return { state: { ...state, interactions: applyInteractionFrame(state.interactions, message) }, effects: [] };
  }
}

type InteractionFrame = Extract<ServerMessage, { type: "polls" | "tally" | "question" | "chat" }>;

/** The `interactions` frame after a welcome: everything, the reader's own part included. */
export function interactionsFromSnapshot(message: Extract<ServerMessage, { type: "interactions" }>): InteractionsState {
  const ballots: Record<string, readonly string[]> = {};
  for (const view of message.polls) if (view.ballot !== null) ballots[view.poll.id] = view.ballot;
  return {
    participant_id: message.participant_id,
    polls: message.polls,
    tallies: message.tallies,
    questions: sortQuestions(message.questions),
    chat: sortChat(message.chat),
    chat_more: message.chat_more,
    next_ask_at: message.next_ask_at,
    ballots,
    mine: message.questions.filter((question) => question.mine).map((question) => question.id),
    upvoted: message.questions.filter((question) => question.upvoted).map((question) => question.id),
  };
}

/** One broadcast frame merged into the interactions. */
export function applyInteractionFrame(state: InteractionsState, message: InteractionFrame): InteractionsState {
  switch (message.type) {
    case "polls":
      return { ...state, polls: message.polls.map((view) => ({ ...view, ballot: ownBallot(state, view.poll.id) ?? view.ballot })) };
    case "tally": {
      const changed = new Map(message.tallies.map((tally) => [tally.poll_id, tally]));
      const kept = (state.tallies ?? []).map((tally) => changed.get(tally.poll_id) ?? tally);
      const known = new Set(kept.map((tally) => tally.poll_id));
      return { ...state, tallies: [...kept, ...message.tallies.filter((tally) => !known.has(tally.poll_id))] };
    }
    case "question":
      if (message.change.kind === "remove") {
        const id = message.change.id;
        return { ...state, questions: state.questions.filter((question) => question.id !== id) };
      }
      return upsertQuestion(state, message.change.question);
    case "chat":
      return upsertChat(state, [message.message]);
  }
}

const voteResultSchema = z.object({ poll_id: z.string(), option_ids: z.array(z.string()) });
const upvoteResultSchema = z.object({ question_id: z.string(), upvoted: z.boolean(), upvotes: z.number().int().nonnegative() });
const chatResultSchema = z.object({ message: chatMessageViewSchema });

/**
 * What an acknowledged interaction command makes ours (domain/webcast-room/interaction-results.ts):
 * the ballot, the question asked (and the wait before the next), the upvote, the message. A result
 * that does not parse changes nothing (the next broadcast or snapshot brings the truth).
 */
export function applyInteractionAck(state: InteractionsState, command: RoomCommand, result: unknown, now: number): InteractionsState {
  switch (command.type) {
    case "poll.vote": {
      const parsed = voteResultSchema.safeParse(result);
      if (!parsed.success) return state;
      const { poll_id, option_ids } = parsed.data;
      return { ...state, ballots: { ...state.ballots, [poll_id]: option_ids }, polls: state.polls.map((view) => (view.poll.id === poll_id ? { ...view, ballot: option_ids } : view)) };
    }
    case "question.ask": {
      const parsed = questionViewSchema.safeParse(result);
      const waited = { ...state, next_ask_at: now + QUESTION_WAIT_MS };
      if (!parsed.success) return waited;
      return upsertQuestion({ ...waited, mine: addId(state.mine, parsed.data.id) }, parsed.data);
    }
    case "question.moderate":
    case "question.patch": {
      const parsed = questionViewSchema.safeParse(result);
      return parsed.success ? upsertQuestion(state, parsed.data) : state;
    }
    case "question.upvote": {
      const parsed = upvoteResultSchema.safeParse(result);
      if (!parsed.success) return state;
      const { question_id, upvoted, upvotes } = parsed.data;
      const ids = upvoted ? addId(state.upvoted, question_id) : state.upvoted.filter((id) => id !== question_id);
      return { ...state, upvoted: ids, questions: state.questions.map((question) => (question.id === question_id ? { ...question, upvoted, upvotes } : question)) };
    }
    case "chat.send":
    case "chat.delete": {
      const parsed = chatResultSchema.safeParse(result);
      return parsed.success ? upsertChat(state, [parsed.data.message]) : state;
    }
    default:
      return state;
  }
}

/** Older chat messages (GET chat-messages?before=) put before the ones held; `more`: older ones still exist. */
export function prependChat(state: InteractionsState, older: readonly ChatMessageView[], more: boolean): InteractionsState {
  return { ...upsertChat(state, older), chat_more: more };
}

function ownBallot(state: InteractionsState, pollId: string): string[] | null {
  const ballot = state.ballots[pollId];
  return ballot === undefined ? null : [...ballot];
}

const addId = (ids: readonly string[], id: string) => (ids.includes(id) ? ids : [...ids, id]);

/** A question added or replaced, with the reader's own flags kept (a broadcast says them for nobody). */
function upsertQuestion(state: InteractionsState, incoming: QuestionView): InteractionsState {
  const question = { ...incoming, mine: incoming.mine || state.mine.includes(incoming.id), upvoted: incoming.upvoted || state.upvoted.includes(incoming.id) };
  const others = state.questions.filter((held) => held.id !== question.id);
  return { ...state, questions: sortQuestions([...others, question]) };
}

function upsertChat(state: InteractionsState, messages: readonly ChatMessageView[]): InteractionsState {
  const byId = new Map(state.chat.map((message) => [message.id, message]));
  for (const message of messages) byId.set(message.id, message);
  return { ...state, chat: sortChat([...byId.values()]) };
}

const sortQuestions = (questions: readonly QuestionView[]) => [...questions].sort((a, b) => b.asked_at - a.asked_at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
const sortChat = (messages: readonly ChatMessageView[]) => [...messages].sort((a, b) => a.sent_at - b.sent_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
