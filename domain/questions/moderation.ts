import { z } from "zod";
import { cleanText } from "../chat/plain-text.ts";
import type { UiLocale } from "../i18n/locales.ts";
import type { Permission } from "../permissions/permissions.ts";
import { QUESTION_ANSWER_MAX, type Question, type QuestionPatch, type QuestionRefusal, answerQuestionSchema, refuseQuestion } from "./record.ts";

/**
 * Moderating a question (SPEC §4 "Question actions: hide, mark answered, mark unanswered, push to
 * speakers, hide from speakers, send to a support desk", plus the organizer's answer of SPEC §3
 * and unhide), as a pure state machine over one question. Every action needs `questions.manage`
 * for the webcast (SPEC §6: the organizer, or the webcast's producer speaker). An action that finds
 * the question already as it asks is a no-op: accepted, `changed: false`, nothing to tell anyone.
 *
 * - hide / unhide: `hidden`. Hiding also takes the question off the speakers' view and the wall
 *   (`pushed_to_speakers: false`), so unhiding never brings it back on screen by surprise.
 * - mark answered / unanswered: `answered` with who and when; unmarking keeps the written answer.
 * - push to speakers / hide from speakers: `pushed_to_speakers` (the wall shows the same ones). A
 *   hidden question cannot be pushed (`question_hidden`): unhide it first.
 * - answer: writes (or, with null, removes) the organizer's answer; writing one marks it answered.
 * - send to support desk: asks the room's outbox to call the configured webhook once
 *   (`send_to_support_desk: true` in the outcome). Idempotent: while pending or once sent, asking
 *   again changes nothing and sends nothing; only after a failure may it be sent again.
 */

export const QUESTION_ACTION_TYPES = [
  "hide",
  "unhide",
  "mark_answered",
  "mark_unanswered",
  "push_to_speakers",
  "hide_from_speakers",
  "send_to_support_desk",
  "answer",
] as const;
export type QuestionActionType = (typeof QUESTION_ACTION_TYPES)[number];

const empty = <T extends string>(type: T) => z.strictObject({ type: z.literal(type) });

/** One moderation action, as the room's command carries it (with the question's id beside it). */
export const questionActionSchema = z.discriminatedUnion("type", [
  empty("hide"),
  empty("unhide"),
  empty("mark_answered"),
  empty("mark_unanswered"),
  empty("push_to_speakers"),
  empty("hide_from_speakers"),
  empty("send_to_support_desk"),
  z.strictObject({ type: z.literal("answer"), answer: answerQuestionSchema.shape.answer }),
]);
export type QuestionAction = z.infer<typeof questionActionSchema>;

/** SPEC §7 `PATCH /api/questions/{id}/<route>` → the action it runs. */
export const QUESTION_ROUTE_ACTIONS = {
  "mark-as-hidden": "hide",
  "mark-as-answered": "mark_answered",
  "mark-as-unanswered": "mark_unanswered",
  "push-to-speakers": "push_to_speakers",
  "hide-from-speakers": "hide_from_speakers",
  "send-to-zendesk": "send_to_support_desk",
} as const satisfies Record<string, QuestionActionType>;
export type QuestionRoute = keyof typeof QUESTION_ROUTE_ACTIONS;

/** SPEC §6: a producer speaker, or the organizer, manages questions. */
export const QUESTIONS_PERMISSION = "questions.manage" satisfies Permission;

export interface Moderator {
  /** The actor's producer permissions for the webcast (RoomActor.grants). */
  grants: readonly Permission[];
  user_id: number | null;
}

export interface ModerationContext {
  now: number;
  /** The language of the field errors (the answer's text). */
  locale: UiLocale;
  /** The organization has a support-desk webhook configured (else send to support desk is refused). */
  support_desk_configured: boolean;
}

export type ModerationOutcome =
  | {
      ok: true;
      question: Question;
      /** False for a no-op: nothing to store or tell. */
      changed: boolean;
      /** The room's outbox is to call the support desk for this question (once; its id is the idempotency key). */
      send_to_support_desk: boolean;
    }
  | QuestionRefusal;

export function canModerateQuestions(actor: Pick<Moderator, "grants">): boolean {
  return actor.grants.includes(QUESTIONS_PERMISSION);
}

const same = (question: Question): ModerationOutcome => ({ ok: true, question, changed: false, send_to_support_desk: false });
const next = (question: Question, patch: Partial<Question>, send = false): ModerationOutcome => ({ ok: true, question: { ...question, ...patch }, changed: true, send_to_support_desk: send });

export function moderateQuestion(question: Question, action: QuestionAction, moderator: Moderator, context: ModerationContext): ModerationOutcome {
  if (!canModerateQuestions(moderator)) return refuseQuestion("question_forbidden");
  const { now } = context;
  const by = moderator.user_id;

  switch (action.type) {
    case "hide":
      return question.hidden ? same(question) : next(question, { hidden: true, pushed_to_speakers: false });
    case "unhide":
      return question.hidden ? next(question, { hidden: false }) : same(question);
    case "mark_answered":
      return question.answered ? same(question) : next(question, { answered: true, answered_by: by, answered_at: now });
    case "mark_unanswered":
      return question.answered ? next(question, { answered: false, answered_by: null, answered_at: null }) : same(question);
    case "push_to_speakers":
      if (question.hidden) return refuseQuestion("question_hidden");
      return question.pushed_to_speakers ? same(question) : next(question, { pushed_to_speakers: true, pushed_at: now });
    case "hide_from_speakers":
      return question.pushed_to_speakers ? next(question, { pushed_to_speakers: false }) : same(question);
    case "send_to_support_desk":
      if (!context.support_desk_configured) return refuseQuestion("support_desk_unavailable");
      if (question.support_desk !== null && question.support_desk.status !== "failed") return same(question);
      return next(question, { support_desk: { status: "pending", requested_at: now, requested_by: by, sent_at: null, ticket: null, failed_at: null } }, true);
    case "answer": {
      if (action.answer === null) return question.answer === null ? same(question) : next(question, { answer: null, answer_by: null, answer_at: null });
      const answer = cleanText(action.answer, context.locale, QUESTION_ANSWER_MAX);
      if (!answer.ok) return refuseQuestion("question_invalid", { errors: { answer: [answer.message] } });
      if (answer.text === question.answer && question.answered) return same(question);
      const answered = question.answered ? {} : { answered: true, answered_by: by, answered_at: now };
      return next(question, { answer: answer.text, answer_by: by, answer_at: now, ...answered });
    }
  }
}

/**
 * PATCH /api/questions/{id} as actions, in this order: the answer, then answered, hidden, pushed.
 * A field stated wins over what an earlier action implies (`{ answer: "…", answered: false }`
 * writes the answer and leaves the question unanswered).
 */
export function patchActions(patch: QuestionPatch): QuestionAction[] {
  const actions: QuestionAction[] = [];
  if (patch.answer !== undefined) actions.push({ type: "answer", answer: patch.answer });
  if (patch.answered !== undefined) actions.push({ type: patch.answered ? "mark_answered" : "mark_unanswered" });
  if (patch.hidden !== undefined) actions.push({ type: patch.hidden ? "hide" : "unhide" });
  if (patch.pushed_to_speakers !== undefined) actions.push({ type: patch.pushed_to_speakers ? "push_to_speakers" : "hide_from_speakers" });
  return actions;
}

/** The whole patch, or nothing of it: the first refusal refuses the patch. */
export function applyQuestionPatch(question: Question, patch: QuestionPatch, moderator: Moderator, context: ModerationContext): ModerationOutcome {
  if (!canModerateQuestions(moderator)) return refuseQuestion("question_forbidden");
  let current = question;
  let changed = false;
  let send = false;
  for (const action of patchActions(patch)) {
    const outcome = moderateQuestion(current, action, moderator, context);
    if (!outcome.ok) return outcome;
    current = outcome.question;
    changed ||= outcome.changed;
    send ||= outcome.send_to_support_desk;
  }
  return { ok: true, question: current, changed, send_to_support_desk: send };
}

/** The support desk acknowledged the question (its ticket when it named one). Safe to run twice. */
export function supportDeskSent(question: Question, delivery: { now: number; ticket: string | null }): Question {
  const desk = question.support_desk;
  if (desk === null || desk.status === "sent") return question;
  return { ...question, support_desk: { ...desk, status: "sent", sent_at: delivery.now, ticket: delivery.ticket, failed_at: null } };
}

/** Every retry failed: the moderators see it, and may send it again. Only a pending sending fails. */
export function supportDeskFailed(question: Question, now: number): Question {
  const desk = question.support_desk;
  if (desk === null || desk.status !== "pending") return question;
  return { ...question, support_desk: { ...desk, status: "failed", failed_at: now } };
}
