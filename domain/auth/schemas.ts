import { z } from "zod";
import { primaryTag, type UiLocale } from "../i18n/locales.ts";
import { newPasswordFields, passwordsMatch } from "../validation/password.ts";
import { AUTH_MESSAGES } from "./messages.ts";
import { localized } from "../validation/localized.ts";

/** Request bodies of the identity routes (docs/identity-api.md), with en/fr messages. */

const required = (locale: UiLocale) => z.string({ error: localized(AUTH_MESSAGES.required, locale) });

/** A non-empty trimmed text of at most `max` characters. */
const name = (locale: UiLocale, max: number) =>
  required(locale).trim().min(1, localized(AUTH_MESSAGES.required, locale)).max(max, localized(AUTH_MESSAGES.tooLong, locale));

/** An optional profile text: "" and null clear it. */
const optionalText = (locale: UiLocale, max: number) =>
  z
    .string()
    .trim()
    .max(max, localized(AUTH_MESSAGES.tooLong, locale))
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));

/** E-mails are compared and stored lower-cased. */
export const emailField = (locale: UiLocale) =>
  required(locale)
    .trim()
    .toLowerCase()
    .min(1, localized(AUTH_MESSAGES.required, locale))
    .pipe(z.email({ error: localized(AUTH_MESSAGES.invalidEmail, locale) }).max(254, localized(AUTH_MESSAGES.tooLong, locale)));

const token = (locale: UiLocale) => name(locale, 200);

/** A user's communication language (e-mails, profile): en or fr only (SPEC §5). */
export const communicationLanguage = z.enum(["en", "fr"]);
export type CommunicationLanguage = z.infer<typeof communicationLanguage>;

/**
 * The communication language for any language value (a stored one, the request's): English stays
 * English, anything else falls back to French (SPEC §5 "Any other value falls back to fr"). The
 * request language may be de, pt or es; a user's communication language never is.
 */
export function toCommunicationLanguage(language: string | null | undefined): CommunicationLanguage {
  return primaryTag(language) === "en" ? "en" : "fr";
}

export const loginSchema = (locale: UiLocale) =>
  z.strictObject({
    email: emailField(locale),
    password: required(locale).min(1, localized(AUTH_MESSAGES.required, locale)).max(1000, localized(AUTH_MESSAGES.tooLong, locale)),
    remember: z.boolean().optional().default(false),
  });

export const profilePatchSchema = (locale: UiLocale) =>
  z.strictObject({
    first_name: name(locale, 100).optional(),
    last_name: name(locale, 100).optional(),
    phone: optionalText(locale, 50),
    company: optionalText(locale, 255),
    title: optionalText(locale, 255),
    organization: optionalText(locale, 255),
    role: optionalText(locale, 255),
    communication_language: communicationLanguage.optional(),
  });

export const passwordUpdateSchema = (locale: UiLocale) =>
  z.strictObject({ current_password: z.string().max(1000).optional(), ...newPasswordFields(locale) }).refine(...passwordsMatch(locale));

export const emailSchema = (locale: UiLocale) => z.strictObject({ email: emailField(locale) });

export const tokenSchema = (locale: UiLocale) => z.strictObject({ token: token(locale) });

export const passwordResetSchema = (locale: UiLocale) =>
  z.strictObject({ token: token(locale), email: emailField(locale), ...newPasswordFields(locale) }).refine(...passwordsMatch(locale));

export const registerSchema = (locale: UiLocale) =>
  z
    .strictObject({
      // SPEC §5: "Organization name is required at setup".
      organization_name: name(locale, 255),
      first_name: name(locale, 100),
      last_name: name(locale, 100),
      email: emailField(locale),
      communication_language: communicationLanguage.optional(),
      ...newPasswordFields(locale),
    })
    .refine(...passwordsMatch(locale));
