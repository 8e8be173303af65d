import type { UiLocale } from "../i18n/locales.ts";
import { limitReachedMessage } from "../organizations/messages.ts";
import type { LocalizedText } from "../validation/localized.ts";

/**
 * The viewer page's refusals (docs/viewer-page.md "Access API"), said by the worker in the
 * request's language and shown as they come by the page. Wrong-secret messages name the method
 * only, never whether the e-mail is a viewer of the webcast (SPEC §8, no enumeration).
 */
export const VIEWER_ACCESS_MESSAGES = {
  /** SPEC §8, word for word. Also a used link and a link of another webcast. */
  magic_link_expired: { en: "The magic link seems to have expired.", fr: "Le lien magique semble avoir expiré." },
  invite_invalid: {
    en: "This invitation link is no longer valid. Ask for a new sign-in link below.",
    fr: "Ce lien d'invitation n'est plus valide. Demandez un nouveau lien de connexion ci-dessous.",
  },
  wrong_pin: { en: "This PIN is wrong or has expired.", fr: "Ce NIP est erroné ou a expiré." },
  wrong_control_number: { en: "This e-mail address and control number do not match.", fr: "Cette adresse courriel et ce numéro de contrôle ne correspondent pas." },
  wrong_password: { en: "This e-mail address and password do not match.", fr: "Cette adresse courriel et ce mot de passe ne correspondent pas." },
  webcast_password_required: { en: "This webcast is protected by a password.", fr: "Ce webcast est protégé par un mot de passe." },
  webcast_password_wrong: { en: "The webcast's password is wrong.", fr: "Le mot de passe du webcast est erroné." },
  not_on_list: {
    en: "This webcast is private and you are not on its list of viewers. Please contact the organizer.",
    fr: "Ce webcast est privé et vous n'êtes pas sur sa liste de participants. Veuillez contacter l'organisateur.",
  },
  segment_refused: {
    en: "This webcast is reserved for some groups of viewers, and you are not in one of them.",
    fr: "Ce webcast est réservé à certains groupes de participants, dont vous ne faites pas partie.",
  },
  guests_not_allowed: { en: "This webcast does not accept guests. Please sign in.", fr: "Ce webcast n'accepte pas d'invités. Veuillez vous connecter." },
  sso_required: {
    en: "This webcast requires signing in with your organization's account (SSO).",
    fr: "Ce webcast exige une connexion avec le compte de votre organisation (SSO).",
  },
  sso_session_missing: {
    en: "Sign in with your organization's account first, then come back to this page.",
    fr: "Connectez-vous d'abord avec le compte de votre organisation, puis revenez à cette page.",
  },
  sso_wrong_organization: {
    en: "Your account is not one of this webcast's organization. Please contact the organizer.",
    fr: "Votre compte n'appartient pas à l'organisation de ce webcast. Veuillez contacter l'organisateur.",
  },
  method_unavailable: { en: "This webcast does not accept this way of signing in.", fr: "Ce webcast n'accepte pas ce mode de connexion." },
  registration_closed: {
    en: "This webcast does not take registrations on its page.",
    fr: "Ce webcast n'accepte pas d'inscription sur sa page.",
  },
  registration_invalid: { en: "Some fields of the registration are invalid.", fr: "Certains champs de l'inscription sont invalides." },
  pass_invalid: {
    en: "Your access to this webcast has ended. Please sign in again.",
    fr: "Votre accès à ce webcast a pris fin. Veuillez vous reconnecter.",
  },
} as const satisfies Record<string, LocalizedText>;

export type ViewerAccessMessage = keyof typeof VIEWER_ACCESS_MESSAGES;

/** "Viewer limit reached…" (SPEC §8) with the webcast's limit: the organizations' one message. */
export function viewerLimitMessage(limit: number, locale: UiLocale): string {
  return limitReachedMessage("max_viewers", limit, locale);
}

/** The sign-in e-mail: subject, text and HTML parts (the link and the PIN), in en or fr. */
export const SIGN_IN_MAIL = {
  subject: { en: "Your link to {title}", fr: "Votre lien pour {title}" },
  intro: { en: "Hello {name},\n\nHere is your personal link to {title}:", fr: "Bonjour {name},\n\nVoici votre lien personnel pour {title} :" },
  pin: {
    en: "On another device, you can also type this PIN with your e-mail address: {pin}",
    fr: "Sur un autre appareil, vous pouvez aussi saisir ce NIP avec votre adresse courriel : {pin}",
  },
  expiry: {
    en: "The link and the PIN can be used once, within {minutes} minutes. If you did not ask for them, ignore this e-mail.",
    fr: "Le lien et le NIP s'utilisent une fois, dans les {minutes} minutes. Si vous ne les avez pas demandés, ignorez ce courriel.",
  },
} as const satisfies Record<string, LocalizedText>;
