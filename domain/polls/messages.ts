import type { UiLocale } from "../i18n/locales.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";

/**
 * Why the room refused a vote (ballots.ts) or a poll action (live.ts): nothing changed. Meant to
 * join the protocol's error codes (domain/protocol/errors.ts) next to the room's own, so each code
 * is unique there: a voter refused reads `vote_not_allowed` ("you may not vote"), not the room's
 * `not_allowed` ("This action is unauthorized."), which stays the answer to a poll action by
 * someone without `polls.manage`. SPEC §1: validation texts exist in English and French only.
 */
export const POLL_ERROR_CODES = [
  "vote_not_allowed",
  "vote_not_registered",
  "poll_not_found",
  "poll_not_open",
  "invalid_option",
  "poll_wrong_status",
  "series_empty",
] as const;
export type PollErrorCode = (typeof POLL_ERROR_CODES)[number];

/** SPEC §8 statuses. */
export const POLL_ERROR_STATUS: Record<PollErrorCode, 403 | 404 | 409 | 422> = {
  vote_not_allowed: 403,
  vote_not_registered: 403,
  poll_not_found: 404,
  poll_not_open: 409,
  invalid_option: 422,
  poll_wrong_status: 409,
  series_empty: 422,
};

export const POLL_ERROR_MESSAGES: Record<PollErrorCode, LocalizedText> = {
  vote_not_allowed: { en: "You are not allowed to vote in this poll.", fr: "Vous n'êtes pas autorisé à voter dans ce sondage." },
  vote_not_registered: { en: "Register for this webcast to vote.", fr: "Inscrivez-vous à ce webcast pour voter." },
  poll_not_found: { en: "This poll does not exist in this webcast.", fr: "Ce sondage n'existe pas dans ce webcast." },
  poll_not_open: { en: "This poll is not open for voting.", fr: "Ce sondage n'est pas ouvert au vote." },
  invalid_option: {
    en: "This choice is not valid: choose among the poll's options, only one for a single-choice poll.",
    fr: "Ce choix n'est pas valide : choisissez parmi les options du sondage, une seule pour un sondage à choix unique.",
  },
  poll_wrong_status: {
    en: "This action is not possible for this poll now: publish an unpublished poll, republish a closed one.",
    fr: "Cette action n'est pas possible pour ce sondage maintenant : publiez un sondage non publié, republiez un sondage fermé.",
  },
  series_empty: { en: "This polling series has no polls.", fr: "Cette série de sondages ne contient aucun sondage." },
};

export function pollErrorMessage(code: PollErrorCode, locale: UiLocale): string {
  return localized(POLL_ERROR_MESSAGES[code], locale);
}
