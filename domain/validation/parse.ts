import { z } from "zod";
import type { FieldErrors } from "../errors/codes.ts";
import type { UiLocale } from "../i18n/locales.ts";

/** zod's own messages (type, size, format) in each interface language. */
const localeErrors: Record<UiLocale, z.core.$ZodErrorMap> = {
  en: z.locales.en().localeError,
  fr: z.locales.fr().localeError,
  de: z.locales.de().localeError,
  pt: z.locales.pt().localeError,
  es: z.locales.es().localeError,
};

/** zod issues → `{ field: [messages] }`; nested paths are joined with dots ("edition.start"). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "_";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Validates with built-in messages in the given language (custom rule messages are already
 * localized by the rule). Used by the browser for instant feedback and by the worker as authority.
 */
export function validate<T extends z.ZodType>(schema: T, value: unknown, locale: UiLocale): Validated<z.output<T>> {
  const result = schema.safeParse(value, { error: localeErrors[locale] });
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
