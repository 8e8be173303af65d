import { z } from "zod";
import type { MessageLocale } from "../i18n/locales.ts";
import { newPasswordSchema } from "../validation/password.ts";
import { AUTH_MESSAGES } from "./messages.ts";

/** Request bodies of the identity routes (docs/identity-api.md), with en/fr messages. */

const required = (locale: MessageLocale) => z.string({ error: AUTH_MESSAGES.required[locale] });

/** A non-empty trimmed text of at most `max` characters. */
const name = (locale: MessageLocale, max: number) =>
  required(locale).trim().min(1, AUTH_MESSAGES.required[locale]).max(max, AUTH_MESSAGES.tooLong[locale]);

/** An optional profile text: "" and null clear it. */
const optionalText = (locale: MessageLocale, max: number) =>
  z
    .string()
    .trim()
    .max(max, AUTH_MESSAGES.tooLong[locale])
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));

/** E-mails are compared and stored lower-cased. */
export const emailField = (locale: MessageLocale) =>
  required(locale)
    .trim()
    .toLowerCase()
    .min(1, AUTH_MESSAGES.required[locale])
    .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail[locale] }).max(254, AUTH_MESSAGES.tooLong[locale]));

const token = (locale: MessageLocale) => name(locale, 200);

export const communicationLanguage = z.enum(["en", "fr"]);

export const loginSchema = (locale: MessageLocale) =>
  z.object({
    email: emailField(locale),
    password: required(locale).min(1, AUTH_MESSAGES.required[locale]).max(1000, AUTH_MESSAGES.tooLong[locale]),
    remember: z.boolean().optional().default(false),
  });

export const profilePatchSchema = (locale: MessageLocale) =>
  z.object({
    first_name: name(locale, 100).optional(),
    last_name: name(locale, 100).optional(),
    phone: optionalText(locale, 50),
    company: optionalText(locale, 255),
    title: optionalText(locale, 255),
    organization: optionalText(locale, 255),
    role: optionalText(locale, 255),
    communication_language: communicationLanguage.optional(),
  });

export const passwordUpdateSchema = (locale: MessageLocale) =>
  z.intersection(z.object({ current_password: z.string().max(1000).optional() }), newPasswordSchema(locale));

export const emailSchema = (locale: MessageLocale) => z.object({ email: emailField(locale) });

export const tokenSchema = (locale: MessageLocale) => z.object({ token: token(locale) });

export const passwordResetSchema = (locale: MessageLocale) =>
  z.intersection(z.object({ token: token(locale), email: emailField(locale) }), newPasswordSchema(locale));

export const registerSchema = (locale: MessageLocale) =>
  z.intersection(
    z.object({
      // SPEC §5: "Organization name is required at setup".
      organization_name: name(locale, 255),
      first_name: name(locale, 100),
      last_name: name(locale, 100),
      email: emailField(locale),
      communication_language: communicationLanguage.optional(),
    }),
    newPasswordSchema(locale),
  );
