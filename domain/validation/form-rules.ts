import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { decimalSeparator } from "./localized.ts";
import { isEmpty } from "./required.ts";
import { ruleMessage, type RuleResult } from "./rule-messages.ts";

/**
 * The generic form rules of SPEC §5 ("Available form rules") that zod has but with other texts
 * ("Too small: expected string to have >=3 characters"): one line each over the same messages as
 * the custom rules, so a form shows "This field must be at least 3 characters." in en or fr.
 * Empty values pass (`required` is the rule for them). Characters are code points.
 *
 * Not here, and why:
 * - required: required.ts. confirmed: an object refine, as `newPasswordSchema` (password.ts) does.
 * - is / is_not: `z.literal(x)` / `.refine((v) => v !== x, message)`; length: `z.string().length(n, message)`.
 * - dimensions, ext, image, mimes: need the file itself (type sniffing, image decoding); the web
 *   checks them before upload and the worker checks the stored object's content type. Only the
 *   size is a pure number rule (`size` below, SPEC §9 "Max upload 5 GB").
 */

const chars = (value: string) => [...value].length;
const asNumber = (value: string | number) => (typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value));
type Text = string | null | undefined;
type NumberLike = string | number | null | undefined;

export const alpha = (value: Text, locale: UiLocale): RuleResult => (isEmpty(value) || /^\p{L}+$/u.test(value ?? "") ? null : ruleMessage("alpha", locale));
export const alphaDash = (value: Text, locale: UiLocale): RuleResult => (isEmpty(value) || /^[\p{L}\p{N}_-]+$/u.test(value ?? "") ? null : ruleMessage("alpha_dash", locale));
export const alphaNum = (value: Text, locale: UiLocale): RuleResult => (isEmpty(value) || /^[\p{L}\p{N}]+$/u.test(value ?? "") ? null : ruleMessage("alpha_num", locale));
export const alphaSpaces = (value: Text, locale: UiLocale): RuleResult => (isEmpty(value) || /^[\p{L}\s]+$/u.test(value ?? "") ? null : ruleMessage("alpha_spaces", locale));
/** Inclusive: `min` ≤ value ≤ `max`. */
export const between = (value: NumberLike, locale: UiLocale, o: { min: number; max: number }): RuleResult => (value == null || isEmpty(value) || (asNumber(value) >= o.min && asNumber(value) <= o.max) ? null : ruleMessage("between", locale, o));
/** Exactly `length` digits (a postal or verification code). */
export const digits = (value: Text, locale: UiLocale, o: { length: number }): RuleResult => (isEmpty(value) || (/^\d+$/.test(value ?? "") && value?.length === o.length) ? null : ruleMessage("digits", locale, o));
/** zod's e-mail pattern (one schema: building it per call cost ≈ 7 µs, a 100,000-row import 0.7 s), with this library's message. */
const EMAIL = z.email();
export const email = (value: Text, locale: UiLocale): RuleResult => (isEmpty(value) || EMAIL.safeParse(value).success ? null : ruleMessage("email", locale));
export const integer = (value: NumberLike, locale: UiLocale): RuleResult => (value == null || isEmpty(value) || (typeof value === "number" ? Number.isInteger(value) : /^-?\d+$/.test(value.trim())) ? null : ruleMessage("integer", locale));
export const max = (value: Text, locale: UiLocale, o: { length: number }): RuleResult => (value == null || chars(value) <= o.length ? null : ruleMessage("max", locale, o));
export const min = (value: Text, locale: UiLocale, o: { length: number }): RuleResult => (isEmpty(value) || chars(value ?? "") >= o.length ? null : ruleMessage("min", locale, o));
export const maxValue = (value: NumberLike, locale: UiLocale, o: { max: number }): RuleResult => (value == null || isEmpty(value) || asNumber(value) <= o.max ? null : ruleMessage("max_value", locale, o));
export const minValue = (value: NumberLike, locale: UiLocale, o: { min: number }): RuleResult => (value == null || isEmpty(value) || asNumber(value) >= o.min ? null : ruleMessage("min_value", locale, o));
/** Digits only (vee-validate's numeric): no sign, no decimals. */
export const numeric = (value: NumberLike, locale: UiLocale): RuleResult => (value == null || isEmpty(value) || /^\d+$/.test(String(value)) ? null : ruleMessage("numeric", locale));
export const oneOf = <T>(value: T | null | undefined, locale: UiLocale, o: { list: readonly T[] }): RuleResult => (value == null || value === "" || o.list.includes(value) ? null : ruleMessage("one_of", locale));
export const notOneOf = <T>(value: T | null | undefined, locale: UiLocale, o: { list: readonly T[] }): RuleResult => (value == null || value === "" || !o.list.includes(value) ? null : ruleMessage("not_one_of", locale));
export const regex = (value: Text, locale: UiLocale, o: { pattern: RegExp }): RuleResult => (isEmpty(value) || new RegExp(o.pattern.source, o.pattern.flags.replace(/[gy]/g, "")).test(value ?? "") ? null : ruleMessage("regex", locale));
/** A file of `bytes` bytes is at most `max` bytes; the message shows the limit ("5 GB", "5 Go"). */
export const size = (bytes: number | null | undefined, locale: UiLocale, o: { max: number }): RuleResult => (bytes == null || bytes <= o.max ? null : ruleMessage("size", locale, { size: formatBytes(o.max, locale) }));
/** An absolute http(s) address with a host; localhost included (zod's httpUrl wants a dotted domain). */
export const url = (value: Text, locale: UiLocale): RuleResult => (isEmpty(value) || isHttpUrl(value?.trim() ?? "") ? null : ruleMessage("url", locale));

function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/** SPEC §5 and §9: video and resource files may not exceed 5 GB (binary gigabytes, the larger reading). */
export const MAX_UPLOAD_BYTES = 5 * 1024 ** 3;

const BYTES = ["B", "KB", "MB", "GB", "TB"] as const;
const UNITS: Record<UiLocale, readonly string[]> = { en: BYTES, fr: ["o", "Ko", "Mo", "Go", "To"], de: BYTES, pt: BYTES, es: BYTES };

/** 5368709120 → "5 GB" (en, de, pt, es) / "5 Go" (fr); one decimal at most ("1.5 MB", "1,5 Mo", "1,5 MB"), 1024 per step. */
export function formatBytes(bytes: number, locale: UiLocale): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS[locale].length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = String(Math.round(value * 10) / 10);
  return `${shown.replace(".", decimalSeparator(locale))} ${UNITS[locale][unit]}`;
}
