import type { LocalizedText } from "../../../domain/validation/localized.ts";

/**
 * Refusals of the archive routes, en and fr (SPEC §1). The edition's own texts, "There is another
 * archive version with these same parameters." (SPEC §8) among them, are rules:
 * domain/archive/rules.ts `ARCHIVE_MESSAGES`.
 */
export const ARCHIVE_ROUTE_MESSAGES = {
  none: { en: "This webcast has no archive.", fr: "Ce webcast n'a pas d'archive." },
  processing: { en: "The archive is still being processed: try again in a moment.", fr: "L'archive est encore en traitement : réessayez dans un instant." },
  expired: { en: "This archive has expired: it is no longer hosted.", fr: "Cette archive a expiré : elle n'est plus hébergée." },
  // SPEC §8 "replay expired or unavailable".
  replay_unavailable: { en: "The replay has expired or is not available.", fr: "La rediffusion a expiré ou n'est pas disponible." },
  edit_disabled: { en: "Online archive editing is not enabled for this organization.", fr: "L'édition en ligne des archives n'est pas activée pour cette organisation." },
  invalid: { en: "This video cannot become the archive.", fr: "Cette vidéo ne peut pas devenir l'archive." },
  media_invalid: { en: "Choose a processed video of this organization's library.", fr: "Choisissez une vidéo traitée de la vidéothèque de cette organisation." },
} as const satisfies Record<string, LocalizedText>;
