import type { LocalizedText } from "../validation/localized.ts";

/**
 * Why the viewer page has nothing to play (GET /api/watch/{id}/playback answers `kind: "none"`
 * with one of these), and the playback call's refusal. SPEC §8 "replay expired or unavailable",
 * said in the viewer's language; the page shows the text of the reason it is given.
 */
export const PLAYBACK_UNAVAILABLE = ["replay_expired", "replay_unavailable", "replay_processing", "canceled"] as const;
export type PlaybackUnavailable = (typeof PLAYBACK_UNAVAILABLE)[number];

export const PLAYBACK_MESSAGES = {
  replay_expired: { en: "This replay has expired: it is no longer available.", fr: "Cette rediffusion a expiré : elle n'est plus disponible." },
  replay_unavailable: { en: "The replay of this webcast is not available.", fr: "La rediffusion de ce webcast n'est pas disponible." },
  replay_processing: {
    en: "The replay is being prepared: come back in a few minutes.",
    fr: "La rediffusion est en préparation : revenez dans quelques minutes.",
  },
  canceled: { en: "This webcast was canceled.", fr: "Ce webcast a été annulé." },
  /** 401 of the playback call: the room token is missing, not ours, of another webcast or expired. */
  token_invalid: {
    en: "Your access to this webcast has expired: reload the page to watch.",
    fr: "Votre accès à ce webcast a expiré : rechargez la page pour regarder.",
  },
} as const satisfies Record<PlaybackUnavailable | "token_invalid", LocalizedText>;
