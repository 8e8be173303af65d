import type { FieldErrors } from "../errors/codes.ts";
import type { UiLocale } from "../i18n/locales.ts";
import { ruleMessage } from "./rule-messages.ts";

/** Deeper than this, a request body is refused: no form of the product nests half as deep. */
export const MAX_INPUT_DEPTH = 32;

/** A NUL character, or half of a surrogate pair without its other half (not a character of any text). */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type CleanInput = { ok: true; value: unknown } | { ok: false; errors: FieldErrors };

/**
 * A request's input (parsed JSON, form fields) as the product stores text (issue #14 point 2): every
 * string in Unicode NFC, so one word is stored one way whatever keyboard typed it; a string
 * holding a NUL or a lone surrogate is refused with a field error at its path (dotted, as
 * `validate` reports), and so is input nested deeper than MAX_INPUT_DEPTH. Object keys are
 * checked like values. Pure; returns a copy.
 */
export function cleanInput(input: unknown, locale: UiLocale): CleanInput {
  const errors: FieldErrors = {};
  const refuse = (path: readonly string[], key: "invalid_characters" | "invalid") => {
    const field = path.length ? path.join(".") : "_";
    const message = ruleMessage(key, locale);
    if (!errors[field]?.includes(message)) (errors[field] ??= []).push(message);
  };
  const clean = (value: unknown, path: string[], depth: number): unknown => {
    if (typeof value === "string") {
      if (UNSTORABLE.test(value)) refuse(path, "invalid_characters");
      return value.normalize("NFC");
    }
    // Numbers, booleans, null, and files or blobs of a form (their bytes are the upload's business).
    if (value === null || typeof value !== "object" || !(Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)) return value;
    if (depth >= MAX_INPUT_DEPTH) {
      refuse(path, "invalid");
      return undefined;
    }
    if (Array.isArray(value)) return value.map((item, index) => clean(item, [...path, String(index)], depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) {
        refuse(path, "invalid_characters");
        continue;
      }
      copy[key.normalize("NFC")] = clean(item, [...path, key], depth + 1);
    }
    return copy;
  };
  const value = clean(input, [], 0);
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}
