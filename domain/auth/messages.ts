import type { UiLocale } from "../i18n/locales.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";

/** Texts of the identity routes, in the two server languages (SPEC §1, §8). */
export const AUTH_MESSAGES = {
  loginFailed: { en: "Failed to log in!", fr: "Échec de la connexion !" },
  alreadySignedIn: {
    en: "You are already signed in. Please sign out to activate a new account.",
    fr: "Vous êtes déjà connecté. Veuillez vous déconnecter pour activer un nouveau compte.",
  },
  required: { en: "This field is required", fr: "Ce champ est obligatoire" },
  invalidEmail: { en: "The e-mail address is invalid.", fr: "L'adresse courriel est invalide." },
  tooLong: { en: "This field is too long.", fr: "Ce champ est trop long." },
  currentPasswordWrong: { en: "The current password is incorrect.", fr: "Le mot de passe actuel est incorrect." },
  passwordUpdated: { en: "Your password has been updated.", fr: "Votre mot de passe a été modifié." },
  resetLinkSent: {
    en: "If an account exists for this e-mail address, we have sent it a link to reset the password.",
    fr: "Si un compte existe pour cette adresse courriel, nous lui avons envoyé un lien pour réinitialiser le mot de passe.",
  },
  linkInvalid: { en: "This link is invalid or has expired.", fr: "Ce lien est invalide ou a expiré." },
  passwordReset: { en: "Your password has been reset. You can now log in.", fr: "Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter." },
  // The same answer for a new and a known address (no enumeration): the next step is in the mailbox.
  registered: {
    en: "Thank you! Check your e-mail to activate your account.",
    fr: "Merci ! Consultez vos courriels pour activer votre compte.",
    de: "Vielen Dank! Prüfen Sie Ihre E-Mails, um Ihr Konto zu aktivieren.",
    pt: "Obrigado! Verifique o seu e-mail para ativar a sua conta.",
    es: "¡Gracias! Revise su correo electrónico para activar su cuenta.",
  },
  activationResent: {
    en: "If an account awaiting activation exists for this e-mail address, we have sent it a new activation link.",
    fr: "Si un compte en attente d'activation existe pour cette adresse courriel, nous lui avons envoyé un nouveau lien d'activation.",
  },
  activated: { en: "Your account is activated. You can now log in.", fr: "Votre compte est activé. Vous pouvez maintenant vous connecter." },
  photoRequired: { en: "Please choose a photo.", fr: "Veuillez choisir une photo." },
  photoNotImage: { en: "The photo must be an image (JPEG, PNG, GIF, WebP or AVIF).", fr: "La photo doit être une image (JPEG, PNG, GIF, WebP ou AVIF)." },
  photoTooLarge: { en: "The photo may not be greater than 5 MB.", fr: "La photo ne doit pas dépasser 5 Mo." },
} as const satisfies Record<string, LocalizedText>;

export type AuthMessage = keyof typeof AUTH_MESSAGES;

export function authMessage(key: AuthMessage, locale: UiLocale): string {
  return localized(AUTH_MESSAGES[key], locale);
}
