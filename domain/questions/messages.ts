import type { UiLocale } from "../i18n/locales.ts";
import { type Localized, type LocalizedText, localized } from "../validation/localized.ts";

/**
 * Why the Q&A refused something (nothing changed), with its HTTP status (SPEC §8 statuses) and
 * its text in en and fr (SPEC §1: server texts exist in en and fr; de, pt, es show English).
 * Codes carry a `question`/feature word so they can join the room's protocol error codes
 * (domain/protocol/errors.ts) beside ROOM_ERROR_CODES without a clash.
 */
export const QUESTION_ERROR_CODES = [
  "question_forbidden",
  "question_not_found",
  "question_invalid",
  "question_wait",
  "anonymous_not_allowed",
  "asking_closed",
  "sms_disabled",
  "question_hidden",
  "own_question_upvote",
  "upvote_viewers_only",
  "support_desk_unavailable",
] as const;
export type QuestionErrorCode = (typeof QUESTION_ERROR_CODES)[number];

export const QUESTION_ERROR_STATUS: Record<QuestionErrorCode, 403 | 404 | 409 | 422 | 429> = {
  question_forbidden: 403,
  question_not_found: 404,
  question_invalid: 422,
  question_wait: 429,
  anonymous_not_allowed: 422,
  asking_closed: 409,
  sms_disabled: 409,
  question_hidden: 409,
  own_question_upvote: 403,
  upvote_viewers_only: 403,
  support_desk_unavailable: 409,
};

export const QUESTION_ERROR_MESSAGES: Record<QuestionErrorCode, LocalizedText> = {
  question_forbidden: {
    en: "Only the webcast's organizers and producer may manage its questions.",
    fr: "Seuls les organisateurs et le producteur du webcast peuvent gérer ses questions.",
  },
  question_not_found: { en: "This question does not exist or is no longer shown.", fr: "Cette question n'existe pas ou n'est plus affichée." },
  question_invalid: { en: "Some fields of the question are invalid.", fr: "Certains champs de la question sont invalides." },
  // Said without the number where none is at hand; questionErrorMessage gives the seconds left.
  question_wait: {
    en: "Please wait 10 seconds before asking another question.",
    fr: "Veuillez patienter 10 secondes avant de poser une autre question.",
  },
  // SPEC §8 "anonymous questions not allowed".
  anonymous_not_allowed: {
    en: "Anonymous questions are not allowed for this webcast.",
    fr: "Les questions anonymes ne sont pas permises pour ce webcast.",
  },
  asking_closed: { en: "Questions are closed for this webcast.", fr: "Les questions sont fermées pour ce webcast." },
  sms_disabled: { en: "Questions by SMS are disabled for this webcast.", fr: "Les questions par SMS sont désactivées pour ce webcast." },
  question_hidden: {
    en: "This question is hidden: show it again before pushing it to the speakers.",
    fr: "Cette question est masquée : affichez-la de nouveau avant de l'envoyer aux intervenants.",
  },
  own_question_upvote: { en: "You cannot upvote your own question.", fr: "Vous ne pouvez pas voter pour votre propre question." },
  upvote_viewers_only: { en: "Only viewers can upvote questions.", fr: "Seuls les spectateurs peuvent voter pour les questions." },
  support_desk_unavailable: {
    en: "No support desk is set up for this organization.",
    fr: "Aucun service d'assistance n'est configuré pour cette organisation.",
  },
};

/** SPEC §5 "wait 10 seconds before asking another", §9 "Question wait 10 s": the seconds left, rounded up. */
const WAIT: Localized<(seconds: number) => string> = {
  en: (seconds) => `Please wait ${seconds} ${seconds === 1 ? "second" : "seconds"} before asking another question.`,
  fr: (seconds) => `Veuillez patienter ${seconds} ${seconds > 1 ? "secondes" : "seconde"} avant de poser une autre question.`,
};

/** Whole seconds to wait for `ms` milliseconds, at least 1 (a refusal never says "0 seconds"). */
export function waitSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1_000));
}

/** The refusal's text in `locale`; `question_wait` names the seconds left when `retry_after_ms` is given. */
export function questionErrorMessage(code: QuestionErrorCode, locale: UiLocale, params: { retry_after_ms?: number } = {}): string {
  if (code === "question_wait" && params.retry_after_ms !== undefined) return localized(WAIT, locale)(waitSeconds(params.retry_after_ms));
  return localized(QUESTION_ERROR_MESSAGES[code], locale);
}

/**
 * Texts of the viewer's Q&A panel that are no refusal of the room: SPEC §8 "question sending
 * error" (the question did not reach the server: network, server error), and the confirmation.
 */
export const QUESTION_NOTICES = {
  send_failed: {
    en: "Your question could not be sent. Please try again.",
    fr: "Votre question n'a pas pu être envoyée. Veuillez réessayer.",
  },
  sent: { en: "Your question has been sent.", fr: "Votre question a été envoyée." },
} as const satisfies Record<string, LocalizedText>;
