import type { UiLocale } from "../i18n/locales.ts";
import { ruleMessage, type RuleResult } from "./rule-messages.ts";

/**
 * Empty, for the required rules: null, undefined, false (an unticked box), a blank string or an
 * empty list. Every other rule lets an empty value pass, so "optional" and "required" compose.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** SPEC §5 required: "This field is required". */
export function required(value: unknown, locale: UiLocale): RuleResult {
  return isEmpty(value) ? ruleMessage("required", locale) : null;
}

/**
 * SPEC §5 required_if: the field is required when another field (`other`, its current value)
 * holds one of `values` (compared with ===, so pass the form's own types).
 */
export function requiredIf(value: unknown, locale: UiLocale, options: { other: unknown; values: readonly unknown[] }): RuleResult {
  return options.values.includes(options.other) ? required(value, locale) : null;
}

/**
 * SPEC §5 required_with: the field is required when `target` is filled in. `targetField` is the
 * label the message names, already in `locale` ("This field is required when E-mail is present.").
 */
export function requiredWith(value: unknown, locale: UiLocale, options: { target: unknown; targetField: string }): RuleResult {
  return !isEmpty(options.target) && isEmpty(value) ? ruleMessage("required_with", locale, { targetField: options.targetField }) : null;
}
