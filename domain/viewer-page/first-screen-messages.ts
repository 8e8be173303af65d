import type { LocalizedText } from "../validation/localized.ts";
import type { ViewerPageKind } from "./page-state.ts";

/**
 * The few words of the viewer page's first screen that the worker writes into watch.html
 * (first-screen.ts) before the app's catalog is there: the same texts as the web's Lingui catalogs
 * (web/features/viewer-page/state-panel.tsx, schedule.tsx, viewer-page.tsx) in every language, so
 * the page does not change words when React takes over. The web's test
 * (web/features/viewer-page/first-screen.test.tsx) checks them against the catalogs.
 */
export const FIRST_SCREEN_TITLES = {
  not_started: { en: "Coming up", fr: "À venir", de: "Demnächst", es: "Próximamente", pt: "Em breve" },
  starting_soon: { en: "Starting soon", fr: "Commence bientôt", de: "Beginnt bald", es: "Empieza pronto", pt: "Começa em breve" },
  starting_now: { en: "Starting any moment", fr: "Début imminent", de: "Beginnt jeden Moment", es: "Empieza en cualquier momento", pt: "Começa a qualquer momento" },
  live: { en: "Live now", fr: "En direct maintenant", de: "Jetzt live", es: "En directo ahora", pt: "Em direto agora" },
  premiering: { en: "Premiering now", fr: "Première en cours", de: "Premiere läuft", es: "Estreno en curso", pt: "Estreia em curso" },
  ended: { en: "The webcast has ended", fr: "Le webcast est terminé", de: "Der Webcast ist beendet", es: "El webcast ha terminado", pt: "O webcast terminou" },
  canceled: { en: "The webcast has been canceled", fr: "Le webcast a été annulé", de: "Der Webcast wurde abgesagt", es: "El webcast se ha cancelado", pt: "O webcast foi cancelado" },
  replay_pending: {
    en: "The replay is being prepared",
    fr: "La rediffusion est en préparation",
    de: "Die Wiedergabe wird vorbereitet",
    es: "La repetición se está preparando",
    pt: "A reprise está sendo preparada",
  },
  replay_available: { en: "Replay available", fr: "Rediffusion disponible", de: "Wiedergabe verfügbar", es: "Repetición disponible", pt: "Reprise disponível" },
  replay_expired: { en: "The replay has expired", fr: "La rediffusion a expiré", de: "Die Wiedergabe ist abgelaufen", es: "La repetición ha caducado", pt: "A reprise expirou" },
} as const satisfies Record<Exclude<ViewerPageKind, "not_started"> | "not_started" | "starting_soon" | "starting_now", LocalizedText>;

export const FIRST_SCREEN_LABELS = {
  starts: { en: "Starts", fr: "Début", de: "Beginn", es: "Inicio", pt: "Início" },
  about: { en: "About this webcast", fr: "À propos de ce webcast", de: "Über diesen Webcast", es: "Acerca de este webcast", pt: "Sobre este webcast" },
} as const satisfies Record<string, LocalizedText>;
