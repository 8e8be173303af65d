import type { UiLocale } from "../i18n/locales.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";

/** Why a single sign-on did not end in a session (the callback's redirect: `/login/sso?error=`, or a viewer page's `?sso_error=`). */
export const SSO_LOGIN_ERRORS = ["invalid_user", "failed"] as const;
export type SsoLoginError = (typeof SSO_LOGIN_ERRORS)[number];

/** Server texts of single sign-on (SPEC §1: en and fr only; SPEC §8 for `invalid_user`). */
export const SSO_MESSAGES = {
  invalid_user: { en: "Invalid user. Please contact your administrator.", fr: "Utilisateur invalide. Veuillez contacter votre administrateur." },
  failed: {
    en: "Single sign-on failed. Please try again.",
    fr: "La connexion unique (SSO) a échoué. Veuillez réessayer.",
  },
  unknown_domain: {
    en: "No single sign-on is set up for this e-mail address. Sign in with your password instead.",
    fr: "Aucune connexion unique (SSO) n'est configurée pour cette adresse e-mail. Connectez-vous plutôt avec votre mot de passe.",
  },
  provider_unreachable: {
    en: "The identity provider cannot be reached. Please try again later.",
    fr: "Le fournisseur d'identité est injoignable. Veuillez réessayer plus tard.",
  },
  issuer_invalid: {
    en: "The issuer must be an https:// address (http:// only for localhost).",
    fr: "L'émetteur doit être une adresse https:// (http:// seulement pour localhost).",
  },
  required_when_enabled: {
    en: "This field is required when single sign-on is on.",
    fr: "Ce champ est obligatoire lorsque la connexion unique (SSO) est activée.",
  },
  domain_invalid: {
    en: "Invalid domain name. Please use the syntax: {host}",
    fr: "Nom de domaine invalide. Veuillez utiliser la syntaxe : {host}",
  },
  domain_duplicate: { en: "This domain has already been added", fr: "Ce domaine a déjà été ajouté" },
  domain_taken: {
    en: "This domain already signs in through another organization's identity provider.",
    fr: "Ce domaine se connecte déjà par le fournisseur d'identité d'une autre organisation.",
  },
} as const satisfies Record<string, LocalizedText>;

export type SsoMessageKey = keyof typeof SSO_MESSAGES;

export function ssoMessage(key: SsoMessageKey, locale: UiLocale): string {
  return localized(SSO_MESSAGES[key], locale);
}
