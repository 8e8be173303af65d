import type { UiLocale } from "../i18n/locales.ts";
import { cleanText } from "../chat/plain-text.ts";
import { type AskQuestionInput, QUESTION_TEXT_MAX, type Question, type QuestionRefusal, type QuestionSource, UNMODERATED, refuseQuestion } from "./record.ts";

/**
 * Asking a question (SPEC §5 "Questions: wait 10 seconds before asking another. Anonymous only
 * if allowed."). Pure: the room passes the clock, a fresh id and what it knows of the webcast,
 * stores the question and the asker's new state, then tells whoever may see it (visibility.ts).
 */

/** SPEC §9 "Question wait 10 s": between two accepted questions of one asker. */
export const QUESTION_WAIT_MS = 10_000;

/** Who asks: their participant id (domain/chat/participant.ts) and, when known, name and e-mail. */
export interface Asker {
  id: string;
  name: string | null;
  email: string | null;
  /** The asker's viewing session (SPEC §3 question "session id"), when the room knows it. */
  session_id: string | null;
}

/** What the room remembers of each asker between questions. */
export interface AskerState {
  /** When their last accepted question was asked (epoch ms); null before their first. */
  last_asked_at: number | null;
}

export interface AskContext {
  now: number;
  /** A fresh UUIDv7 for the question (made with `now`, so ids sort by time). */
  newId: string;
  webcast_id: string;
  /** The language of the field errors. */
  locale: UiLocale;
  /** The webcast's attendee option "ask questions" (SPEC §3), and whatever else closes Q&A for the room. */
  asking_allowed: boolean;
  /** The webcast's anonymous-questions toggle (SPEC §7 PATCH anonymous-questions). */
  anonymous_allowed: boolean;
  /** `web` by default; `sms` for a question that came by text message. */
  source?: QuestionSource;
  /** POST questions/disable-sms was made: SMS questions are refused. */
  sms_disabled?: boolean;
}

export type AskOutcome = { ok: true; question: Question; asker: AskerState } | QuestionRefusal;

/** When the asker may ask again (epoch ms), or null when they may now or never asked. */
export function nextAskAt(state: AskerState, now: number): number | null {
  if (state.last_asked_at === null) return null;
  // A clock that went back never makes anyone wait longer than the rule says.
  const at = Math.min(state.last_asked_at, now) + QUESTION_WAIT_MS;
  return at > now ? at : null;
}

/**
 * The question as the room stores it, or why not. The refusals come in this order: closed (Q&A
 * or SMS), then what the asker typed (text, anonymous), then the wait: a refusal that says "wait"
 * is only given when waiting is all that stands in the way, so the asker never waits 10 s to
 * learn their question was empty. An anonymous question the webcast does not allow is refused,
 * not asked under the asker's name: the asker chose not to be named.
 */
export function askQuestion(asker: Asker, state: AskerState, input: AskQuestionInput, context: AskContext): AskOutcome {
  const { now, locale } = context;
  const source = context.source ?? "web";
  if (!context.asking_allowed) return refuseQuestion("asking_closed");
  if (source === "sms" && context.sms_disabled) return refuseQuestion("sms_disabled");

  const text = cleanText(input.text, locale, QUESTION_TEXT_MAX);
  if (!text.ok) return refuseQuestion("question_invalid", { errors: { text: [text.message] } });
  if (input.anonymous && !context.anonymous_allowed) return refuseQuestion("anonymous_not_allowed");

  const next = nextAskAt(state, now);
  if (next !== null) return refuseQuestion("question_wait", { retry_after_ms: next - now });

  const question: Question = {
    id: context.newId,
    webcast_id: context.webcast_id,
    asker_id: asker.id,
    asker_name: input.anonymous ? null : asker.name,
    asker_email: input.anonymous ? null : asker.email,
    session_id: input.anonymous ? null : asker.session_id,
    text: text.text,
    anonymous: input.anonymous,
    source,
    asked_at: now,
    ...UNMODERATED,
  };
  return { ok: true, question, asker: { last_asked_at: now } };
}
