
import { type LocalizedText } from "../validation/localized.ts";

/** Texts of the sync engine itself (SPEC §1: server texts in en and fr only). */
export const SYNC_MESSAGES = {
  unknown_mutator: {
    en: "This change is not supported (unknown change type). Update the application and try again.",
    fr: "Cette modification n'est pas prise en charge (type de modification inconnu). Mettez l'application à jour et réessayez.",
  },
  invalid_args: { en: "This change contains invalid data.", fr: "Cette modification contient des données invalides." },
  server_error: {
    en: "The server could not process this change. It will be sent again automatically.",
    fr: "Le serveur n'a pas pu traiter cette modification. Elle sera renvoyée automatiquement.",
  },
} as const satisfies Record<string, LocalizedText>;
