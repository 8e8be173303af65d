import type { MessageLocale } from "../i18n/locales.ts";
import type { ErrorCode } from "./codes.ts";

/** Default user message per error code, in the two server languages (SPEC §1, §8). */
const MESSAGES: Record<ErrorCode, Record<MessageLocale, string>> = {
  bad_request: { en: "The request is invalid.", fr: "La requête est invalide." },
  unauthenticated: { en: "Please log in to continue.", fr: "Veuillez vous connecter pour continuer." },
  forbidden: { en: "You are not allowed to do this.", fr: "Vous n'êtes pas autorisé à faire cela." },
  not_found: { en: "This page or resource does not exist.", fr: "Cette page ou ressource n'existe pas." },
  conflict: { en: "This change conflicts with another one.", fr: "Cette modification entre en conflit avec une autre." },
  csrf_mismatch: { en: "Your session has expired. Please reload the page.", fr: "Votre session a expiré. Veuillez recharger la page." },
  validation_failed: { en: "The given data was invalid.", fr: "Les données fournies sont invalides." },
  locked: { en: "This resource is locked.", fr: "Cette ressource est verrouillée." },
  too_many_attempts: { en: "Too many attempts. Please try again later.", fr: "Trop de tentatives. Veuillez réessayer plus tard." },
  server_error: { en: "Something went wrong. Please try again.", fr: "Une erreur s'est produite. Veuillez réessayer." },
  unavailable: { en: "The service is temporarily unavailable.", fr: "Le service est temporairement indisponible." },
};

export function errorMessage(code: ErrorCode, locale: MessageLocale): string {
  return MESSAGES[code][locale];
}
