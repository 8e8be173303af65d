import { z } from "zod";
import type { MessageLocale } from "../i18n/locales.ts";

/** SPEC §5/§9: minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;

const MESSAGES = {
  min: { en: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`, fr: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.` },
  upper: { en: "The password must contain at least one uppercase letter.", fr: "Le mot de passe doit contenir au moins une lettre majuscule." },
  lower: { en: "The password must contain at least one lowercase letter.", fr: "Le mot de passe doit contenir au moins une lettre minuscule." },
  digit: { en: "The password must contain at least one digit.", fr: "Le mot de passe doit contenir au moins un chiffre." },
  special: { en: "The password must contain at least one special character.", fr: "Le mot de passe doit contenir au moins un caractère spécial." },
  confirm: { en: "The password confirmation does not match.", fr: "La confirmation du mot de passe ne correspond pas." },
} as const satisfies Record<string, Record<MessageLocale, string>>;

/** SPEC §5: at least 8 characters, one uppercase, one lowercase, one digit, one special character. */
export function passwordSchema(locale: MessageLocale) {
  return z
    .string()
    .min(PASSWORD_MIN_LENGTH, MESSAGES.min[locale])
    .regex(/\p{Lu}/u, MESSAGES.upper[locale])
    .regex(/\p{Ll}/u, MESSAGES.lower[locale])
    .regex(/\p{Nd}/u, MESSAGES.digit[locale])
    .regex(/[^\p{L}\p{Nd}\s]/u, MESSAGES.special[locale]);
}

/**
 * A new password and its confirmation: the rule above, and both must match (error on
 * `password_confirmation`, as Laravel-style forms expect).
 */
export function newPasswordSchema(locale: MessageLocale) {
  return z
    .object({ password: passwordSchema(locale), password_confirmation: z.string() })
    .refine((value) => value.password === value.password_confirmation, {
      message: MESSAGES.confirm[locale],
      path: ["password_confirmation"],
    });
}
