import type { z } from "zod";
import type { FieldErrors } from "../errors/codes.ts";
import type { UiLocale } from "../i18n/locales.ts";
import { issueMessage } from "./issue-messages.ts";

/** The spec's rule messages for the issues a schema raises without its own (issue-messages.ts), per language. */
const issueMaps = new Map<UiLocale, z.core.$ZodErrorMap>();
function issueMap(locale: UiLocale): z.core.$ZodErrorMap {
  let map = issueMaps.get(locale);
  if (!map) issueMaps.set(locale, (map = (issue) => issueMessage(issue, locale)));
  return map;
}

/**
 * zod issues → `{ field: [messages] }`; nested paths are joined with dots ("edition.start"). Unknown
 * fields are reported on the object holding them (`_` at the top), their names in the message.
 */
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
  const result = schema.safeParse(value, { error: issueMap(locale) });
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
