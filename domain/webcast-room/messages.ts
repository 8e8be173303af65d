import type { LocalizedText } from "../validation/localized.ts";

/**
 * Why the room refused a command (nothing changed). Part of the protocol's error codes
 * (domain/protocol/errors.ts) and of the control-room calls' answers, with their HTTP status.
 */
export const ROOM_ERROR_CODES = [
  "not_allowed",
  "wrong_phase",
  "going_live_unavailable",
  "adaptive_needs_two",
  "premiere_unsupported",
  "too_many_connections",
  "participant_limit",
  "webcast_canceled",
] as const;
export type RoomErrorCode = (typeof ROOM_ERROR_CODES)[number];

/** SPEC §8 statuses (no 503: the client reloads the site on it). */
export const ROOM_ERROR_STATUS: Record<RoomErrorCode, 403 | 409 | 422> = {
  not_allowed: 403,
  wrong_phase: 409,
  going_live_unavailable: 409,
  adaptive_needs_two: 422,
  premiere_unsupported: 409,
  too_many_connections: 422,
  participant_limit: 409,
  webcast_canceled: 409,
};

export const ROOM_ERROR_MESSAGES: Record<RoomErrorCode, LocalizedText> = {
  not_allowed: { en: "This action is unauthorized.", fr: "Cette action n'est pas autorisée." },
  wrong_phase: { en: "This cannot be done at this stage of the webcast.", fr: "Cette action n'est pas possible à cette étape du webcast." },
  // SPEC §8, word for word.
  going_live_unavailable: {
    en: "Going live temporarily not possible. Please retry in one minute",
    fr: "Passage en direct temporairement impossible. Veuillez réessayer dans une minute",
  },
  adaptive_needs_two: {
    en: "The adaptive layout needs at least 2 speakers connected.",
    fr: "La composition adaptative nécessite au moins 2 intervenants connectés.",
  },
  premiere_unsupported: { en: "This feature is not available for a premiere.", fr: "Cette fonctionnalité n'est pas disponible pour une première." },
  too_many_connections: { en: "This webcast has too many conference connections.", fr: "Ce webcast a trop de connexions à la conférence." },
  participant_limit: {
    en: "A test webcast is limited to 50 participants.",
    fr: "Un webcast de test est limité à 50 participants.",
  },
  webcast_canceled: { en: "This webcast has been canceled.", fr: "Ce webcast a été annulé." },
};
