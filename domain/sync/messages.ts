
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
  expired: {
    en: "This change was made more than 30 days ago, before the last sync records kept: it was not applied. Make it again.",
    fr: "Cette modification date de plus de 30 jours, avant les derniers enregistrements de synchronisation conservés : elle n'a pas été appliquée. Refaites-la.",
    de: "Diese Änderung ist älter als 30 Tage und liegt vor den aufbewahrten Synchronisationsdaten: Sie wurde nicht übernommen. Nehmen Sie sie erneut vor.",
    pt: "Esta alteração tem mais de 30 dias, é anterior aos registos de sincronização guardados: não foi aplicada. Faça-a novamente.",
    es: "Este cambio tiene más de 30 días, es anterior a los registros de sincronización conservados: no se aplicó. Vuelva a hacerlo.",
  },
} as const satisfies Record<string, LocalizedText>;
