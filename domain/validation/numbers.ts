import type { UiLocale } from "../i18n/locales.ts";
import { decimalSeparator } from "./localized.ts";
import { isEmpty } from "./required.ts";
import { ruleMessage, type RuleResult } from "./rule-messages.ts";

/** Number rules of SPEC §5: element_max (limits), decimal (typed numbers), min_stripe_amount (prices). */

/**
 * SPEC §5 element_max: at most `max` characters (a text) or at most `max` (a number), with a
 * limit-reached message showing the limit. `of` picks the reading of a string ("value" for a
 * number typed in a text field; a text that is not a number is left to the number rules).
 * Characters are code points, so an emoji counts once.
 */
export function elementMax(value: string | number | null | undefined, locale: UiLocale, options: { max: number; of?: "length" | "value" }): RuleResult {
  if (value == null || isEmpty(value)) return null;
  const of = options.of ?? (typeof value === "number" ? "value" : "length");
  if (of === "length") return [...String(value)].length > options.max ? ruleMessage("element_max_length", locale, { max: options.max }) : null;
  const number = typeof value === "number" ? value : Number(value.trim().replace(",", "."));
  return Number.isFinite(number) && number > options.max ? ruleMessage("element_max_value", locale, { max: options.max }) : null;
}

export type DecimalSeparator = "." | ",";

const DECIMAL: Record<DecimalSeparator, RegExp> = {
  ".": /^([-+]?)(\d*)(?:\.(\d+))?$/,
  ",": /^([-+]?)(\d*)(?:,(\d+))?$/,
};

/** Decimal places of a JavaScript number (1.25 → 2, 1e-7 → 7, 3 → 0). */
export function decimalPlaces(value: number): number {
  const [mantissa = "", exponent = "0"] = String(Math.abs(value)).split("e");
  return Math.max(0, (mantissa.split(".")[1]?.length ?? 0) - Number(exponent));
}

/**
 * A number typed with `separator` ("-1,5" with ","), trimmed, and its decimal places as typed
 * ("1.50" has 2); null when it is not one. A leading sign and a bare fraction (".5") are accepted;
 * exponents, thousands separators and a trailing separator ("5.") are not.
 */
export function readDecimal(value: string, separator: DecimalSeparator = "."): { value: number; decimals: number } | null {
  const match = DECIMAL[separator].exec(value.trim());
  if (!match) return null;
  const [, sign = "", whole = "", fraction = ""] = match;
  if (whole === "" && fraction === "") return null;
  return { value: Number(`${sign}${whole || "0"}.${fraction || "0"}`), decimals: fraction.length };
}

export interface DecimalOptions {
  /** At most this many decimal places; 0 for whole numbers. No limit when absent. */
  maxDecimals?: number;
  /** "." by default; "," for a form in French notation. */
  separator?: DecimalSeparator;
}

/** SPEC §5 decimal: a number, with at most `maxDecimals` decimal places. */
export function decimal(value: string | number | null | undefined, locale: UiLocale, options: DecimalOptions = {}): RuleResult {
  if (value == null || isEmpty(value)) return null;
  const read = typeof value === "number" ? (Number.isFinite(value) ? { value, decimals: decimalPlaces(value) } : null) : readDecimal(value, options.separator);
  if (read === null) return ruleMessage("decimal_number", locale);
  const max = options.maxDecimals;
  if (max === undefined || read.decimals <= max) return null;
  return max === 0 ? ruleMessage("decimal_no_decimals", locale) : ruleMessage("decimal_max_places", locale, { max });
}

/**
 * Stripe's minimum charge in Canadian dollars, the billing currency (SPEC §9 "price in Canadian
 * dollars", "Payment-provider minimum amount applies"): CA$0.50. Stripe refuses smaller charges,
 * so a price is 0 (free) or at least this. In cents, as Stripe's API takes amounts.
 * https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts
 */
export const STRIPE_MIN_AMOUNT_CENTS = 50;

/** Cents as shown in a message: "CA$0.50" (en), "0,50 $ CA" (fr), "0,50 CA$" (de, es), "CA$ 0,50" (pt). */
export function formatCad(cents: number, locale: UiLocale): string {
  const amount = (cents / 100).toFixed(2).replace(".", decimalSeparator(locale));
  const shown: Record<UiLocale, string> = { en: `CA$${amount}`, fr: `${amount} $ CA`, de: `${amount} CA$`, pt: `CA$ ${amount}`, es: `${amount} CA$` };
  return shown[locale];
}

/**
 * Exact cents of an amount typed in dollars ("12.5" → 1250) with at most 2 decimals and no sign,
 * read as text so no floating-point rounding creeps in; null otherwise (decimal() says why).
 */
export function parseCents(value: string, separator: DecimalSeparator = "."): number | null {
  const match = DECIMAL[separator].exec(value.trim());
  if (!match || match[1] === "-" || (match[3]?.length ?? 0) > 2 || (match[2] === "" && match[3] === undefined)) return null;
  const cents = Number(match[2] || "0") * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * SPEC §5 min_stripe_amount: an amount in cents is 0 (free) or at least `min` (by default
 * STRIPE_MIN_AMOUNT_CENTS). A negative or fractional number of cents is refused with the same
 * message; a non-number with decimal's "must be a number".
 */
export function minStripeAmount(cents: number | null | undefined, locale: UiLocale, options: { min?: number } = {}): RuleResult {
  if (cents == null) return null;
  if (!Number.isFinite(cents)) return ruleMessage("decimal_number", locale);
  const min = options.min ?? STRIPE_MIN_AMOUNT_CENTS;
  if (cents === 0 || (Number.isInteger(cents) && cents >= min)) return null;
  return ruleMessage("min_stripe_amount", locale, { amount: formatCad(min, locale) });
}
