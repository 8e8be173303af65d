
import { type LocalizedText } from "../validation/localized.ts";

/** Texts of the sync engine itself (in en and fr at least; English stands in for a missing de, pt or es). */
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
  outdated: {
    en: "This change was made by a version of the application too old to be applied now. Make it again.",
    fr: "Cette modification a été faite par une version de l'application trop ancienne pour être appliquée aujourd'hui. Refaites-la.",
    de: "Diese Änderung stammt aus einer zu alten Version der Anwendung und kann nicht mehr übernommen werden. Nehmen Sie sie erneut vor.",
    pt: "Esta alteração foi feita por uma versão da aplicação demasiado antiga para ser aplicada agora. Faça-a novamente.",
    es: "Este cambio se hizo con una versión de la aplicación demasiado antigua para aplicarlo ahora. Vuelva a hacerlo.",
  },
  contract_ahead: {
    en: "The server is being updated: your changes stay queued on this device and will be sent automatically.",
    fr: "Le serveur est en cours de mise à jour : vos modifications restent en attente sur cet appareil et seront envoyées automatiquement.",
    de: "Der Server wird gerade aktualisiert: Ihre Änderungen bleiben auf diesem Gerät gespeichert und werden automatisch gesendet.",
    pt: "O servidor está a ser atualizado: as suas alterações ficam em espera neste dispositivo e serão enviadas automaticamente.",
    es: "El servidor se está actualizando: sus cambios quedan en espera en este dispositivo y se enviarán automáticamente.",
  },
} as const satisfies Record<string, LocalizedText>;
