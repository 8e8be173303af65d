import { chatWarningMessage } from "../../domain/chat/messages.ts";
import { participantId } from "../../domain/chat/participant.ts";
import { deleteMessage } from "../../domain/chat/delete.ts";
import type { ChatMessage } from "../../domain/chat/record.ts";
import { sendMessage } from "../../domain/chat/send.ts";
import { visibleMessage } from "../../domain/chat/visibility.ts";
import type { FieldErrors } from "../../domain/errors/codes.ts";
import { type Ballot, castBallot, voterOf } from "../../domain/polls/ballots.ts";
import type { PollRow } from "../../domain/polls/record.ts";
import { askQuestion } from "../../domain/questions/ask.ts";
import { applyQuestionPatch, moderateQuestion } from "../../domain/questions/moderation.ts";
import type { Question } from "../../domain/questions/record.ts";
import { setUpvote } from "../../domain/questions/upvotes.ts";
import { questionAudienceOf, visibleQuestion } from "../../domain/questions/visibility.ts";
import { uuidv7 } from "../../domain/sync/uuidv7.ts";
import type { RoomActor } from "../../domain/webcast-room/actor.ts";
import type { CommandErrorCode } from "../../domain/webcast-room/command-errors.ts";
import type { InteractionCommand } from "../../domain/webcast-room/commands.ts";
import type { ChatDeleteResult, ChatSendResult, QuestionResult, UpvoteResult, VoteResult } from "../../domain/webcast-room/interaction-results.ts";
import type { LiveState } from "../../domain/webcast-room/live-state.ts";
import { findMessage, saveMessage } from "./chat.ts";
import { findBallot, storeBallot } from "./polls.ts";
import { addUpvote, askerState, findQuestion, hasUpvoted, removeUpvote, saveAsker, saveQuestion, smsDisabled } from "./questions.ts";

/**
 * The audience's interactions in the room (issue #16): each command of
 * domain/webcast-room/commands.ts `interactionCommandSchema` judged by its feature's rules
 * (domain/polls, domain/questions, domain/chat) against the room's storage (polls.ts,
 * questions.ts, chat.ts). Synchronous: the object (webcast-room.ts) loads what needs D1 first
 * (the participant), then runs `handleInteraction`, stores what it returns in one transaction with
 * the acknowledgement, and sends the fan-out to whom may see it.
 */

/** What the room knows of the webcast for its interactions (read with the webcast, room-host.ts). */
export interface InteractionSetup {
  /** The webcast's polls as D1 holds them (their stored status is the starting live status). */
  polls: PollRow[];
  /** The webcast requires registration: only registered viewers vote (SPEC §6 voting can be refused). */
  registration_required: boolean;
  /** The attendee option "ask questions" (SPEC §3). */
  asking_allowed: boolean;
  /** The webcast has a support desk (an active webhook on `question.support_desk`). */
  support_desk_configured: boolean;
}

export type InteractionSettings = Omit<InteractionSetup, "polls">;

/** Who an actor is beyond their ids (their viewer row, or their user row), read from D1 when needed. */
export interface Participant {
  name: string | null;
  email: string | null;
  vote_weight: number;
  registered: boolean;
}

/** Whether a command needs the actor's participant record (their name, their weight). */
export function needsParticipant(command: InteractionCommand): boolean {
  return command.type === "poll.vote" || command.type === "question.ask" || command.type === "chat.send";
}

export interface InteractionContext {
  sql: SqlStorage;
  now: number;
  actor: RoomActor;
  state: LiveState;
  webcastUid: string;
  settings: InteractionSettings;
  /** Null for a guest, or an actor whose record is gone. */
  participant: Participant | null;
  polls: readonly PollRow[];
  /** Participant ids with a socket open in the room now. */
  connected: ReadonlySet<string>;
  /** A ballot was stored: the object counts it in the poll's tally. */
  counted(previous: Ballot | null, stored: Ballot & { seq: number }): void;
}

/** What changed, for the object to tell whom may see it. */
export type Fanout = { kind: "question"; before: Question | null; after: Question } | { kind: "chat"; message: ChatMessage } | { kind: "tally"; poll_id: string };

export type Handled =
  | {
      ok: true;
      result: unknown;
      /** The writes, run by the object in one transaction with the acknowledgement. */
      store: () => void;
      fanout: Fanout[];
      /** A question to send to the support desk once stored. */
      supportDesk?: string;
    }
  | { ok: false; code: CommandErrorCode; errors?: FieldErrors; retry_after_ms?: number };

const nothing = () => undefined;

export function handleInteraction(command: InteractionCommand, context: InteractionContext): Handled {
  switch (command.type) {
    case "poll.vote":
      return vote(command, context);
    case "question.ask":
      return ask(command, context);
    case "question.moderate":
    case "question.patch":
      return moderate(command, context);
    case "question.upvote":
      return upvote(command, context);
    case "chat.send":
      return chat(command, context);
    case "chat.delete":
      return deleteChat(command, context);
  }
}

function vote(command: Extract<InteractionCommand, { type: "poll.vote" }>, context: InteractionContext): Handled {
  const { actor, participant, sql, now } = context;
  const viewer = participant && actor.viewer_id !== null ? { id: actor.viewer_id, vote_weight: participant.vote_weight, registered: participant.registered } : null;
  const voter = voterOf(actor, viewer, { registration_required: context.settings.registration_required });
  const poll = context.polls.find((candidate) => candidate.id === command.poll_id) ?? null;
  const previous = poll && voter.may_vote ? findBallot(sql, poll.id, voter.key) : null;
  const outcome = castBallot(poll, previous, { poll_id: command.poll_id, option_ids: command.option_ids }, voter, now);
  if (!outcome.ok) return { ok: false, code: outcome.code };
  const result: VoteResult = { poll_id: outcome.ballot.poll_id, option_ids: outcome.ballot.option_ids };
  if (!outcome.changed) return { ok: true, result, store: nothing, fanout: [] };
  return {
    ok: true,
    result,
    store: () => context.counted(previous, storeBallot(sql, outcome.ballot)),
    fanout: [{ kind: "tally", poll_id: outcome.ballot.poll_id }],
  };
}

function ask(command: Extract<InteractionCommand, { type: "question.ask" }>, context: InteractionContext): Handled {
  const { actor, participant, sql, now } = context;
  const askerId = participantId(actor);
  const outcome = askQuestion(
    { id: askerId, name: participant?.name ?? null, email: participant?.email ?? null, session_id: null },
    askerState(sql, askerId),
    { text: command.text, anonymous: command.anonymous },
    {
      now,
      newId: uuidv7(now),
      webcast_id: context.webcastUid,
      locale: actor.locale,
      asking_allowed: context.settings.asking_allowed,
      anonymous_allowed: context.state.anonymous_questions,
      sms_disabled: smsDisabled(sql),
    },
  );
  if (!outcome.ok) return refusal(outcome);
  const { question } = outcome;
  const result: QuestionResult | null = visibleQuestion(question, questionAudienceOf(actor));
  return {
    ok: true,
    result,
    store: () => {
      saveQuestion(sql, question);
      saveAsker(sql, askerId, outcome.asker);
    },
    fanout: [{ kind: "question", before: null, after: question }],
  };
}

function moderate(command: Extract<InteractionCommand, { type: "question.moderate" | "question.patch" }>, context: InteractionContext): Handled {
  const { actor, sql, now } = context;
  const question = findQuestion(sql, command.question_id);
  if (!question) return { ok: false, code: "question_not_found" };
  const moderator = { grants: actor.grants, user_id: actor.user_id };
  const moderation = { now, locale: actor.locale, support_desk_configured: context.settings.support_desk_configured };
  const outcome =
    command.type === "question.moderate" ? moderateQuestion(question, command.action, moderator, moderation) : applyQuestionPatch(question, command.patch, moderator, moderation);
  if (!outcome.ok) return refusal(outcome);
  const after = outcome.question;
  const result: QuestionResult | null = visibleQuestion(after, questionAudienceOf(actor));
  if (!outcome.changed) return { ok: true, result, store: nothing, fanout: [] };
  return {
    ok: true,
    result,
    store: () => saveQuestion(sql, after),
    fanout: [{ kind: "question", before: question, after }],
    ...(outcome.send_to_support_desk ? { supportDesk: after.id } : {}),
  };
}

function upvote(command: Extract<InteractionCommand, { type: "question.upvote" }>, context: InteractionContext): Handled {
  const { actor, sql, now } = context;
  const question = findQuestion(sql, command.question_id);
  if (!question) return { ok: false, code: "question_not_found" };
  const voterId = participantId(actor);
  const outcome = setUpvote(question, { id: voterId, role: actor.role }, command.upvoted, hasUpvoted(sql, question.id, voterId), {
    now,
    asking_allowed: context.settings.asking_allowed,
  });
  if (!outcome.ok) return refusal(outcome);
  const after = outcome.question;
  const result: UpvoteResult = { question_id: after.id, upvoted: command.upvoted, upvotes: after.upvotes };
  const change = outcome.upvote;
  if (change === null) return { ok: true, result, store: nothing, fanout: [] };
  return {
    ok: true,
    result,
    store: () => {
      if (change.kind === "add") addUpvote(sql, change.record.question_id, change.record.voter_id, change.record.upvoted_at);
      else removeUpvote(sql, change.question_id, change.voter_id);
      saveQuestion(sql, after);
    },
    fanout: [{ kind: "question", before: question, after }],
  };
}

function chat(command: Extract<InteractionCommand, { type: "chat.send" }>, context: InteractionContext): Handled {
  const { actor, participant, sql, now } = context;
  const senderId = participantId(actor);
  const { type: _type, ...input } = command;
  const outcome = sendMessage({ id: senderId, name: participant?.name ?? "", profile_picture_url: null }, input, {
    now,
    newId: uuidv7(now),
    webcast_id: context.webcastUid,
    locale: actor.locale,
    chat_enabled: true,
    connected: context.connected,
  });
  if (!outcome.ok) return outcome.errors ? { ok: false, code: outcome.code, errors: outcome.errors } : { ok: false, code: outcome.code };
  const { message } = outcome;
  const view = visibleMessage(message, { participant_id: senderId });
  if (!view) throw new Error("webcast-room: a sender cannot read their own message");
  const result: ChatSendResult = {
    message: view,
    warning: outcome.warning ? { code: outcome.warning, message: chatWarningMessage(outcome.warning, actor.locale, { target_name: message.target_name }) } : null,
  };
  return { ok: true, result, store: () => saveMessage(sql, message), fanout: [{ kind: "chat", message }] };
}

function deleteChat(command: Extract<InteractionCommand, { type: "chat.delete" }>, context: InteractionContext): Handled {
  const { actor, sql, now } = context;
  const message = findMessage(sql, command.message_id);
  const reader = participantId(actor);
  if (!message) return { ok: false, code: "chat_message_not_found" };
  const outcome = deleteMessage(message, { participant_id: reader, grants: actor.grants, user_id: actor.user_id }, { now });
  if (!outcome.ok) return outcome.errors ? { ok: false, code: outcome.code, errors: outcome.errors } : { ok: false, code: outcome.code };
  const view = visibleMessage(outcome.message, { participant_id: reader });
  if (!view) throw new Error("webcast-room: a moderator deleted a message they cannot read");
  const result: ChatDeleteResult = { message: view };
  if (!outcome.changed) return { ok: true, result, store: nothing, fanout: [] };
  const deleted = outcome.message;
  return { ok: true, result, store: () => saveMessage(sql, deleted), fanout: [{ kind: "chat", message: deleted }] };
}

function refusal(outcome: { code: CommandErrorCode; errors?: FieldErrors; retry_after_ms?: number }): Handled {
  return {
    ok: false,
    code: outcome.code,
    ...(outcome.errors ? { errors: outcome.errors } : {}),
    ...(outcome.retry_after_ms === undefined ? {} : { retry_after_ms: outcome.retry_after_ms }),
  };
}
