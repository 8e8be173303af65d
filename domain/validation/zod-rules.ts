import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { ruleMessage, type RuleResult } from "./rule-messages.ts";
import { domain, duplicateNameIndexes, phoneNumber, streamUrl, urlList } from "./rules.ts";
import { parseTimeString } from "./time-string.ts";

/**
 * The rules as zod refinements, so worker routes (zod validators) and browser forms run the same
 * checks with the same messages. A rule bound to its locale and options becomes a superRefine:
 *
 *   z.string().superRefine(refineWith((value) => phoneNumber(value, locale)))
 *   z.object({ email, phone }).superRefine(refineWith((v) => requiredWith(v.phone, locale, { target: v.email, targetField: "E-mail" }), ["phone"]))
 *
 * Messages come out of the rule already localized; `validate` (parse.ts) maps the issues to
 * `{ field: [messages] }`.
 */

/** Adds the rule's message as a custom issue, at `path` below the refined value when given. */
export function refineWith<T>(rule: (value: T) => RuleResult, path?: PropertyKey[]) {
  return (value: T, context: z.RefinementCtx<T>): void => {
    const message = rule(value);
    if (message !== null) context.addIssue(path ? { code: "custom", message, path } : { code: "custom", message });
  };
}

/**
 * SPEC §5 duplicate names in a list, for an array schema: "Another field use this name" on each
 * later copy, at `[index, ...path]` (e.g. `fields.2.name`).
 */
export function uniqueNames<T>(nameOf: (item: T) => string | null | undefined, locale: UiLocale, path: PropertyKey[] = ["name"]) {
  return (items: readonly T[], context: z.RefinementCtx<T[]>): void => {
    const message = ruleMessage("duplicate_name", locale);
    for (const index of duplicateNameIndexes(items.map(nameOf))) context.addIssue({ code: "custom", message, path: [index, ...path] });
  };
}

/** hh:mm:ss in, seconds out (SPEC §5 "Time-string parsing requires hh:mm:ss"). */
export function timeStringSchema(locale: UiLocale) {
  return z.string().transform((value, context) => {
    const seconds = parseTimeString(value);
    if (seconds !== null) return seconds;
    context.addIssue({ code: "custom", message: ruleMessage("time_string", locale) });
    return z.NEVER;
  });
}

/** A phone number, trimmed (SPEC §5). */
export function phoneSchema(locale: UiLocale) {
  return z.string().trim().superRefine(refineWith((value) => phoneNumber(value, locale)));
}

/** A domain name, trimmed and lower-cased; `host` is the example the message shows (SPEC §5). */
export function domainSchema(locale: UiLocale, host: string) {
  return z.string().trim().toLowerCase().superRefine(refineWith((value) => domain(value, locale, { host })));
}

/** A list of http(s) addresses, each trimmed (SPEC §5 array of url). */
export function urlListSchema(locale: UiLocale) {
  return z.array(z.string().trim()).superRefine(refineWith((urls) => urlList(urls, locale)));
}

/** An ingest URL under one of `addresses` with a path after it (SPEC §5 stream URL). */
export function streamUrlSchema(locale: UiLocale, addresses: readonly string[]) {
  return z.string().trim().superRefine(refineWith((value) => streamUrl(value, locale, { addresses })));
}

/** A text in several languages, `{ en?, fr?, … }`; pair with a translations rule. */
export const translationsSchema = z.record(z.string().regex(/^[a-z]{2}$/), z.string().nullish());
