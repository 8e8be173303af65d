import type { UiLocale } from "../i18n/locales.ts";
import { localized, type LocalizedText } from "../validation/localized.ts";
import type { ErrorCode } from "./codes.ts";

/**
 * Default user message per error code (SPEC §1, §8), in the five interface languages (issue #12);
 * a text missing in de, pt or es would show in English (localized.ts).
 */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, LocalizedText>> = {
  bad_request: {
    en: "The request is invalid.",
    fr: "La requête est invalide.",
    de: "Die Anfrage ist ungültig.",
    pt: "A solicitação é inválida.",
    es: "La solicitud no es válida.",
  },
  unauthenticated: {
    en: "Please log in to continue.",
    fr: "Veuillez vous connecter pour continuer.",
    de: "Bitte melden Sie sich an, um fortzufahren.",
    pt: "Entre para continuar.",
    es: "Inicie sesión para continuar.",
  },
  forbidden: {
    en: "You are not allowed to do this.",
    fr: "Vous n'êtes pas autorisé à faire cela.",
    de: "Sie sind nicht berechtigt, dies zu tun.",
    pt: "Você não tem permissão para fazer isso.",
    es: "No tiene permiso para hacer esto.",
  },
  not_found: {
    en: "This page or resource does not exist.",
    fr: "Cette page ou ressource n'existe pas.",
    de: "Diese Seite oder Ressource existiert nicht.",
    pt: "Esta página ou recurso não existe.",
    es: "Esta página o recurso no existe.",
  },
  conflict: {
    en: "This change conflicts with another one.",
    fr: "Cette modification entre en conflit avec une autre.",
    de: "Diese Änderung steht im Konflikt mit einer anderen.",
    pt: "Esta alteração entra em conflito com outra.",
    es: "Este cambio entra en conflicto con otro.",
  },
  csrf_mismatch: {
    en: "Your session has expired. Please reload the page.",
    fr: "Votre session a expiré. Veuillez recharger la page.",
    de: "Ihre Sitzung ist abgelaufen. Bitte laden Sie die Seite neu.",
    pt: "Sua sessão expirou. Recarregue a página.",
    es: "Su sesión ha caducado. Vuelva a cargar la página.",
  },
  validation_failed: {
    en: "The given data was invalid.",
    fr: "Les données fournies sont invalides.",
    de: "Die übermittelten Daten sind ungültig.",
    pt: "Os dados fornecidos são inválidos.",
    es: "Los datos proporcionados no son válidos.",
  },
  locked: {
    en: "This resource is locked.",
    fr: "Cette ressource est verrouillée.",
    de: "Diese Ressource ist gesperrt.",
    pt: "Este recurso está bloqueado.",
    es: "Este recurso está bloqueado.",
  },
  too_many_attempts: {
    en: "Too many attempts. Please try again later.",
    fr: "Trop de tentatives. Veuillez réessayer plus tard.",
    de: "Zu viele Versuche. Bitte versuchen Sie es später erneut.",
    pt: "Muitas tentativas. Tente novamente mais tarde.",
    es: "Demasiados intentos. Inténtelo de nuevo más tarde.",
  },
  unsupported_media_type: {
    en: "This address does not accept a request body of this type.",
    fr: "Cette adresse n'accepte pas un corps de requête de ce type.",
    de: "Diese Adresse akzeptiert keinen Anfragetext dieses Typs.",
    pt: "Este endereço não aceita um corpo de solicitação deste tipo.",
    es: "Esta dirección no acepta un cuerpo de solicitud de este tipo.",
  },
  // de, pt and es as the web catalogues (web/i18n/locales/*/messages.po) word it.
  server_error: {
    en: "Something went wrong. Please try again.",
    fr: "Une erreur s'est produite. Veuillez réessayer.",
    de: "Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.",
    pt: "Algo deu errado. Tente novamente.",
    es: "Algo salió mal. Inténtelo de nuevo.",
  },
  unavailable: {
    en: "The service is temporarily unavailable.",
    fr: "Le service est temporairement indisponible.",
    de: "Der Dienst ist vorübergehend nicht verfügbar.",
    pt: "O serviço está temporariamente indisponível.",
    es: "El servicio no está disponible temporalmente.",
  },
};

export function errorMessage(code: ErrorCode, locale: UiLocale): string {
  return localized(ERROR_MESSAGES[code], locale);
}
