import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { localized, type LocalizedText } from "./localized.ts";

/** SPEC §5/§9: minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;

const MESSAGES = {
  min: {
    en: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    fr: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
    de: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
    pt: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
    es: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  },
  upper: {
    en: "The password must contain at least one uppercase letter.",
    fr: "Le mot de passe doit contenir au moins une lettre majuscule.",
    de: "Das Passwort muss mindestens einen Großbuchstaben enthalten.",
    pt: "A senha deve conter pelo menos uma letra maiúscula.",
    es: "La contraseña debe contener al menos una letra mayúscula.",
  },
  lower: {
    en: "The password must contain at least one lowercase letter.",
    fr: "Le mot de passe doit contenir au moins une lettre minuscule.",
    de: "Das Passwort muss mindestens einen Kleinbuchstaben enthalten.",
    pt: "A senha deve conter pelo menos uma letra minúscula.",
    es: "La contraseña debe contener al menos una letra minúscula.",
  },
  digit: {
    en: "The password must contain at least one digit.",
    fr: "Le mot de passe doit contenir au moins un chiffre.",
    de: "Das Passwort muss mindestens eine Ziffer enthalten.",
    pt: "A senha deve conter pelo menos um dígito.",
    es: "La contraseña debe contener al menos un dígito.",
  },
  special: {
    en: "The password must contain at least one special character.",
    fr: "Le mot de passe doit contenir au moins un caractère spécial.",
    de: "Das Passwort muss mindestens ein Sonderzeichen enthalten.",
    pt: "A senha deve conter pelo menos um caractere especial.",
    es: "La contraseña debe contener al menos un carácter especial.",
  },
  confirm: {
    en: "The password confirmation does not match.",
    fr: "La confirmation du mot de passe ne correspond pas.",
    de: "Die Passwortbestätigung stimmt nicht überein.",
    pt: "A confirmação da senha não corresponde.",
    es: "La confirmación de la contraseña no coincide.",
  },
} as const satisfies Record<string, LocalizedText>;

/** SPEC §5 password texts, exported for the completeness test (localized.test.ts). */
export const PASSWORD_MESSAGES: Readonly<Record<keyof typeof MESSAGES, LocalizedText>> = MESSAGES;

/** SPEC §5: at least 8 characters, one uppercase, one lowercase, one digit, one special character. */
export function passwordSchema(locale: UiLocale) {
  return z
    .string()
    .min(PASSWORD_MIN_LENGTH, localized(MESSAGES.min, locale))
    .regex(/\p{Lu}/u, localized(MESSAGES.upper, locale))
    .regex(/\p{Ll}/u, localized(MESSAGES.lower, locale))
    .regex(/\p{Nd}/u, localized(MESSAGES.digit, locale))
    .regex(/[^\p{L}\p{Nd}\s]/u, localized(MESSAGES.special, locale));
}

/**
 * A new password and its confirmation: the rule above, and both must match (error on
 * `password_confirmation`, as Laravel-style forms expect). A form with other fields spreads
 * `newPasswordFields` into its strict object and refines it with `passwordsMatch`.
 */
export function newPasswordSchema(locale: UiLocale) {
  return z.strictObject(newPasswordFields(locale)).refine(...passwordsMatch(locale));
}

/** The fields of a new password. */
export function newPasswordFields(locale: UiLocale) {
  return { password: passwordSchema(locale), password_confirmation: z.string() };
}

/** The refinement that both passwords match, for `.refine(...passwordsMatch(locale))`. */
export function passwordsMatch(
  locale: UiLocale,
): [(value: { password: string; password_confirmation: string }) => boolean, { message: string; path: PropertyKey[]; when: (payload: { value: unknown }) => boolean }] {
  return [
    (value) => value.password === value.password_confirmation,
    {
      message: localized(MESSAGES.confirm, locale),
      path: ["password_confirmation"],
      // Said with the form's other errors, as soon as both are texts.
      when: ({ value }) => typeof value === "object" && value !== null && typeof Reflect.get(value, "password") === "string" && typeof Reflect.get(value, "password_confirmation") === "string",
    },
  ];
}
