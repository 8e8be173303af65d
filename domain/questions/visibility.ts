import { participantId } from "../chat/participant.ts";
import type { RoomActor } from "../webcast-room/actor.ts";
import { canModerateQuestions } from "./moderation.ts";
import type { Question, SupportDesk } from "./record.ts";

/**
 * Who sees which questions, and what of them. Enforced by the room when it sends (and by the
 * REST lists), never left to the screens.
 *
 * - `moderator` (questions.manage: the organizer, the producer): every question, hidden ones
 *   included, with the asker's e-mail, session and the moderation details (who answered, the
 *   support desk). Never who asked an anonymous question: not even its asker id leaves the room.
 * - `speaker` (a speaker who does not produce) and `wall` (the full-screen question wall shown to
 *   the room): the questions pushed to speakers, not hidden (and a speaker's own questions, to
 *   them). Name only, no e-mail.
 * - `viewer`: every question that is not hidden (post-moderation, like Slido with moderation off:
 *   the audience reads and upvotes each other's questions, which a private Q&A as ON24's default
 *   would rule out), and their own questions whatever their state: a hidden one shows to its
 *   asker marked hidden, so they learn it is not shown rather than ask it again and again.
 *   Name only, no e-mail.
 */

export const QUESTION_AUDIENCE_KINDS = ["moderator", "speaker", "wall", "viewer"] as const;
export type QuestionAudienceKind = (typeof QUESTION_AUDIENCE_KINDS)[number];

export interface QuestionAudience {
  kind: QuestionAudienceKind;
  /** The reader's participant id (their own questions are `mine`); null for the wall. */
  participant_id: string | null;
}

/** The audience of a person in the room: moderator by permission, else by role. */
export function questionAudienceOf(actor: Pick<RoomActor, "role" | "grants" | "user_id" | "viewer_id">): QuestionAudience {
  const participant_id = participantId(actor);
  if (canModerateQuestions(actor)) return { kind: "moderator", participant_id };
  return { kind: actor.role === "viewer" ? "viewer" : "speaker", participant_id };
}

/** The question wall's audience (a screen, not a person). */
export const WALL_AUDIENCE: QuestionAudience = { kind: "wall", participant_id: null };

/** A question as one audience receives it. The fields after `upvoted` reach moderators only. */
export interface QuestionView {
  id: string;
  webcast_id: string;
  text: string;
  anonymous: boolean;
  /** Null when anonymous (or when the asker gave none). */
  asker_name: string | null;
  source: Question["source"];
  asked_at: number;
  answered: boolean;
  answered_at: number | null;
  answer: string | null;
  answer_at: number | null;
  hidden: boolean;
  pushed_to_speakers: boolean;
  pushed_at: number | null;
  upvotes: number;
  /** The reader asked it. */
  mine: boolean;
  /** The reader upvotes it. */
  upvoted: boolean;
  /** Absent for an anonymous question. */
  asker_id?: string;
  asker_email?: string | null;
  session_id?: string | null;
  answered_by?: number | null;
  answer_by?: number | null;
  support_desk?: SupportDesk | null;
}

const isMine = (question: Pick<Question, "asker_id">, audience: QuestionAudience) => audience.participant_id !== null && question.asker_id === audience.participant_id;

export function canSeeQuestion(question: Question, audience: QuestionAudience): boolean {
  switch (audience.kind) {
    case "moderator":
      return true;
    case "speaker":
      // A speaker who asks (rare: a colleague's question relayed) sees it as its asker does.
      return (question.pushed_to_speakers && !question.hidden) || isMine(question, audience);
    case "wall":
      return question.pushed_to_speakers && !question.hidden;
    case "viewer":
      return !question.hidden || isMine(question, audience);
  }
}

/** The question as `audience` sees it, or null when it may not see it. `upvoted`: the reader's own upvote. */
export function visibleQuestion(question: Question, audience: QuestionAudience, upvoted = false): QuestionView | null {
  if (!canSeeQuestion(question, audience)) return null;
  const view: QuestionView = {
    id: question.id,
    webcast_id: question.webcast_id,
    text: question.text,
    anonymous: question.anonymous,
    asker_name: question.anonymous ? null : question.asker_name,
    source: question.source,
    asked_at: question.asked_at,
    answered: question.answered,
    answered_at: question.answered_at,
    answer: question.answer,
    answer_at: question.answer_at,
    hidden: question.hidden,
    pushed_to_speakers: question.pushed_to_speakers,
    pushed_at: question.pushed_at,
    upvotes: question.upvotes,
    mine: isMine(question, audience),
    upvoted,
  };
  if (audience.kind !== "moderator") return view;
  const identity = question.anonymous ? { asker_email: null, session_id: null } : { asker_id: question.asker_id, asker_email: question.asker_email, session_id: question.session_id };
  return { ...view, ...identity, answered_by: question.answered_by, answer_by: question.answer_by, support_desk: question.support_desk };
}

export type QuestionVisibilityChange = { kind: "upsert"; question: QuestionView } | { kind: "remove"; id: string } | null;

/**
 * What `audience` is to be told when a question changes from `before` (null: it is new) to
 * `after`: the question to show (new or changed), its removal (it no longer may see it: hidden,
 * taken off the speakers' view), or nothing (it saw it not before and not now).
 */
export function questionVisibilityChange(before: Question | null, after: Question, audience: QuestionAudience, upvoted = false): QuestionVisibilityChange {
  const view = visibleQuestion(after, audience, upvoted);
  if (view !== null) return { kind: "upsert", question: view };
  return before !== null && canSeeQuestion(before, audience) ? { kind: "remove", id: after.id } : null;
}
