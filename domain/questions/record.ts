import { z } from "zod";
import type { FieldErrors } from "../errors/codes.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import type { QuestionErrorCode } from "./messages.ts";

/**
 * A question of a webcast's Q&A (SPEC §3 "Question": date, name/email, text, anonymous flag,
 * session id, answered, hidden, pushed to speakers, answer from organizer), as its room holds it
 * while live and D1 keeps it afterwards. Times are epoch milliseconds, like the room's state.
 */

/**
 * The longest question, in characters (code points). A question is read aloud by a speaker and
 * shown on the question wall: 1,000 characters (about 150–200 words, a long paragraph) leave room
 * for context while the wall and the speakers' view stay readable; a concatenated SMS (up to about
 * 1,600 characters in GSM-7) is cut to the same limit by the SMS gateway's refusal.
 */
export const QUESTION_TEXT_MAX = 1_000;
/** The longest written answer of the organizer: an answer may need a link and a few sentences more than a question. */
export const QUESTION_ANSWER_MAX = 2_000;
/** Shape bound of a text before it is cleaned and measured (abuse only; the limits above are the rules). */
export const QUESTION_INPUT_MAX = 20_000;

export const QUESTION_SOURCES = ["web", "sms"] as const;
export type QuestionSource = (typeof QUESTION_SOURCES)[number];

/**
 * Sending to the support desk (SPEC §4 "send to a support desk", §7 send-to-zendesk): a
 * configured outgoing webhook. `pending` once asked (the room's outbox delivers it, retried);
 * `sent` when the desk acknowledged it, with its ticket when it gave one; `failed` when every
 * retry failed: only then may it be sent again.
 */
export const SUPPORT_DESK_STATUSES = ["pending", "sent", "failed"] as const;

const epochMs = z.number().int().nonnegative();
/** A participant id (domain/chat/participant.ts): `user:<id>`, a viewer id, `guest:<uuid>`, `sms:<…>`. */
export const participantIdSchema = z.string().min(1).max(80);

export const supportDeskSchema = z.object({
  status: z.enum(SUPPORT_DESK_STATUSES),
  requested_at: epochMs,
  /** The staff member who sent it (user id). */
  requested_by: z.number().int().positive().nullable(),
  sent_at: epochMs.nullable(),
  /** The desk's ticket id or URL, when its answer named one. */
  ticket: z.string().max(500).nullable(),
  failed_at: epochMs.nullable(),
});
export type SupportDesk = z.infer<typeof supportDeskSchema>;

export const questionSchema = z.object({
  /** UUIDv7 made by the room when it accepts the question (time-ordered). */
  id: z.string().regex(UUID_V7),
  webcast_id: z.string().min(1).max(64),
  /**
   * Who asked (participant id). Kept for an anonymous question too: the 10 s wait, "my
   * questions" and the no-upvote-on-your-own rule need it; visibility.ts never lets it out for one.
   */
  asker_id: participantIdSchema,
  /** Name and e-mail of the asker at the time; both null for an anonymous question (never stored). */
  asker_name: z.string().max(255).nullable(),
  asker_email: z.string().max(255).nullable(),
  /** SPEC §3 "session id": the asker's viewing session, when known (links it to analytics); null when anonymous. */
  session_id: z.string().max(80).nullable(),
  /** Plain text (domain/chat/plain-text.ts), 1 to QUESTION_TEXT_MAX characters. */
  text: z.string().min(1).max(QUESTION_TEXT_MAX * 2),
  anonymous: z.boolean(),
  source: z.enum(QUESTION_SOURCES),
  asked_at: epochMs,
  answered: z.boolean(),
  /** Who marked it answered (user id) and when; null while unanswered. */
  answered_by: z.number().int().positive().nullable(),
  answered_at: epochMs.nullable(),
  /** The organizer's written answer (plain text), shown with the question to whoever sees it. */
  answer: z.string().min(1).max(QUESTION_ANSWER_MAX * 2).nullable(),
  /** Who wrote the answer last (user id) and when; null without an answer. */
  answer_by: z.number().int().positive().nullable(),
  answer_at: epochMs.nullable(),
  hidden: z.boolean(),
  /** On the speakers' view and the question wall; "hide from speakers" sets it back to false. */
  pushed_to_speakers: z.boolean(),
  /** When it was last pushed: the speakers' view and the wall show the latest pushed first. */
  pushed_at: epochMs.nullable(),
  support_desk: supportDeskSchema.nullable(),
  /** Distinct viewers upvoting it now (upvotes.ts keeps it equal to the stored upvotes). */
  upvotes: z.number().int().nonnegative(),
});
export type Question = z.infer<typeof questionSchema>;

/** What a question holds when it is asked: nothing answered, hidden, pushed or upvoted yet. */
export const UNMODERATED = {
  answered: false,
  answered_by: null,
  answered_at: null,
  answer: null,
  answer_by: null,
  answer_at: null,
  hidden: false,
  pushed_to_speakers: false,
  pushed_at: null,
  support_desk: null,
  upvotes: 0,
} as const satisfies Partial<Question>;

/** One viewer's upvote of one question, as stored beside the questions (one per pair). */
export interface QuestionUpvote {
  question_id: string;
  voter_id: string;
  upvoted_at: number;
}

// --- Inputs -------------------------------------------------------------------------------------

/** POST questions, and the room's ask command: the text and whether to ask anonymously. */
export const askQuestionSchema = z.strictObject({
  text: z.string().max(QUESTION_INPUT_MAX),
  anonymous: z.boolean().default(false),
});
export type AskQuestionInput = z.output<typeof askQuestionSchema>;

/** The organizer's answer; null removes the written answer (the answered mark stays as it is). */
export const answerQuestionSchema = z.strictObject({ answer: z.string().max(QUESTION_INPUT_MAX).nullable() });

/**
 * PATCH /api/questions/{id}: the moderation state as fields, each one an action of moderation.ts
 * (`patchActions`). `hidden: false` unhides, which no §7 call names.
 */
export const questionPatchSchema = z.strictObject({
  answer: answerQuestionSchema.shape.answer.optional(),
  answered: z.boolean().optional(),
  hidden: z.boolean().optional(),
  pushed_to_speakers: z.boolean().optional(),
});
export type QuestionPatch = z.output<typeof questionPatchSchema>;

/** A viewer's upvote set on or off (explicit, so a command sent twice cannot undo itself). */
export const upvoteQuestionSchema = z.strictObject({ upvoted: z.boolean() });

/** POST questions/disable-sms: SMS questions off (or back on with `disabled: false`). */
export const disableSmsSchema = z.strictObject({ disabled: z.boolean().default(true) });

/**
 * The list's status filter (SPEC §3 "List status filter default all"), one per state the §4
 * actions set: `answered` and `unanswered` (mark answered / unanswered) leave hidden questions out,
 * as hiding sets a question aside; `hidden` lists those; `pushed` what the speakers see; `all` is
 * every question, hidden ones included (the moderator's whole record, and the export's).
 */
export const QUESTION_STATUS_FILTERS = ["all", "answered", "unanswered", "hidden", "pushed"] as const;
export type QuestionStatusFilter = (typeof QUESTION_STATUS_FILTERS)[number];
/** `recent`: newest first; `popular`: most upvoted first, then newest (beyond the spec, with upvotes). */
export const QUESTION_SORTS = ["recent", "popular"] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];
export const QUESTION_LIST_DEFAULT_LIMIT = 20;
export const QUESTION_LIST_MAX_LIMIT = 100;

/** GET questions (SPEC §7 "page, status, q, limit"; SPEC §9 default page 1). */
export const questionListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(QUESTION_STATUS_FILTERS).default("all"),
  q: z.string().trim().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(QUESTION_LIST_MAX_LIMIT).default(QUESTION_LIST_DEFAULT_LIMIT),
  sort: z.enum(QUESTION_SORTS).default("recent"),
});
export type QuestionListQuery = z.output<typeof questionListQuery>;

// --- Outcomes -----------------------------------------------------------------------------------

/** A refusal: nothing changed. `retry_after_ms` comes with `question_wait` (a Retry-After header). */
export interface QuestionRefusal {
  ok: false;
  code: QuestionErrorCode;
  errors?: FieldErrors;
  retry_after_ms?: number;
}

export function refuseQuestion(code: QuestionErrorCode, extra: Omit<QuestionRefusal, "ok" | "code"> = {}): QuestionRefusal {
  return { ok: false, code, ...extra };
}
