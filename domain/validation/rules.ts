/**
 * The validation rules of SPEC §5, once for the browser (instant feedback, offline) and the
 * worker and Durable Objects (the authority). Each rule is a pure function
 * `(value, locale, options?) → null | message`, the message in en or fr (rule-messages.ts);
 * zod-rules.ts turns any of them into a zod refinement for schemas and route validators.
 * Every rule but the required ones lets an empty value pass (`isEmpty`). No authorization: these
 * only say whether a value is well formed; callers check permissions first.
 *
 * - required.ts: required, required_if, required_with (any form; required_with names the other field).
 * - this file: domain and excluded (SSO and registration e-mail domains), duplicate names in a list
 *   (registration form fields and options), phone number (registration and contact fields),
 *   array of url (lists of links), stream URL (RTMP ingest of streaming sources and outputs).
 * - datetime.ts: datetime_after and its variants (webcast, event activity, notification dates).
 * - translations.ts: requires_at_least_one_translation, required_translation(_if_not_in), the
 *   default-language rule of notifications (titles and texts typed in several languages).
 * - numbers.ts: element_max (limits), decimal (prices, amounts), min_stripe_amount (paid access).
 * - time-string.ts: hh:mm:ss ↔ seconds (segments, premiere videos, archive edits).
 * - form-rules.ts: the generic form rules of SPEC §5 (alpha … url, size with the 5 GB upload
 *   limit) over the same messages; import them from there (their short names, max, min, url…,
 *   would crowd this module).
 * - zod-rules.ts: `refineWith(rule)` for `.superRefine`, `uniqueNames` for arrays, and ready
 *   schemas (hh:mm:ss → seconds, phone, domain, URL list, stream URL, translations).
 * - rule-messages.ts: every text, en and fr, with typed `{placeholders}` (`ruleMessage`).
 */
import type { UiLocale } from "../i18n/locales.ts";
import { isEmpty } from "./required.ts";
import { alternatives, ruleMessage, type RuleResult } from "./rule-messages.ts";

export * from "./required.ts";
export * from "./datetime.ts";
export * from "./translations.ts";
export * from "./numbers.ts";
export * from "./time-string.ts";
export { ruleMessage, alternatives, RULE_MESSAGES, type RuleMessageKey, type RuleResult } from "./rule-messages.ts";

/** SPEC §5 domain: up to 5 subdomain labels before the name, then a 2–64 letter top-level domain. */
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,6}[a-z]{2,64}$/i;
/** The longest host name DNS allows. */
const DOMAIN_MAX_LENGTH = 253;

export function isDomainName(value: string): boolean {
  return value.length <= DOMAIN_MAX_LENGTH && DOMAIN.test(value);
}

/** SPEC §5 domain: "Invalid domain name. Please use the syntax: {host}", `host` an example ("example.com"). */
export function domain(value: string | null | undefined, locale: UiLocale, options: { host: string }): RuleResult {
  return isEmpty(value) || isDomainName(value ?? "") ? null : ruleMessage("domain", locale, { host: options.host });
}

/** Domains and names compare trimmed, in one Unicode form, case-insensitively. */
export function normalizedName(value: string): string {
  return value.trim().normalize("NFC").toLowerCase();
}

/** SPEC §5 excluded: the value is already in `list` ("This domain has already been added"). */
export function excluded(value: string | null | undefined, locale: UiLocale, options: { list: readonly string[] }): RuleResult {
  if (isEmpty(value)) return null;
  const name = normalizedName(value ?? "");
  return options.list.some((item) => normalizedName(item) === name) ? ruleMessage("excluded", locale) : null;
}

/**
 * SPEC §5 duplicate names in a list: the indexes whose name repeats an earlier one (trimmed,
 * case-insensitive); blank names are left to the required rule. The first of a kind stays valid,
 * so the message shows on the copies. Message: `ruleMessage("duplicate_name", locale)`.
 */
export function duplicateNameIndexes(names: readonly (string | null | undefined)[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  names.forEach((name, index) => {
    if (name == null || name.trim() === "") return;
    const key = normalizedName(name);
    if (seen.has(key)) duplicates.push(index);
    else seen.add(key);
  });
  return duplicates;
}

/**
 * An optional +country code, an optional (area code), then digit groups each separated by one
 * space, dot or dash (spaces allowed around a dot or dash). Separators are required between
 * groups so the pattern cannot backtrack exponentially on long digit runs.
 */
const PHONE = /^(?:\+\s?\d{1,3}\s?)?(?:\(\d{1,5}\)\s?[.-]?\s?)?\d+(?:(?:\s?[.-]\s?|\s)\d+)*$/;
export const PHONE_DIGITS = { min: 7, max: 15 } as const;

/**
 * SPEC §5 phone number: international (+1 514 555-0123, +33123456789) or national formats
 * ((514) 555-0123, 514.555.0123) with 7 to 15 digits, the E.164 maximum.
 */
export function isPhoneNumber(value: string): boolean {
  const text = value.trim();
  const digits = text.replace(/\D/g, "").length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max && PHONE.test(text);
}

export function phoneNumber(value: string | null | undefined, locale: UiLocale): RuleResult {
  return isEmpty(value) || isPhoneNumber(value ?? "") ? null : ruleMessage("phone", locale);
}

const HTTP_URL = /^https?:\/\/\S+$/i;
const SHOWN_URL_MAX = 60;

/** The entries (trimmed) that do not start with http:// or https:// (or have nothing after it, or hold spaces). */
export function invalidUrlIndexes(urls: readonly string[]): number[] {
  return urls.flatMap((url, index) => (HTTP_URL.test(url.trim()) ? [] : [index]));
}

/**
 * SPEC §5 array of url: every entry starts with http:// or https://. The message names the first
 * bad entry (shortened past 60 characters), or its position (from 1) when it is blank.
 */
export function urlList(urls: readonly string[] | null | undefined, locale: UiLocale): RuleResult {
  const index = invalidUrlIndexes(urls ?? [])[0];
  if (index === undefined) return null;
  const url = urls?.[index]?.trim() ?? "";
  if (url === "") return ruleMessage("url_format_at", locale, { position: index + 1 });
  return ruleMessage("url_format", locale, { url: url.length > SHOWN_URL_MAX ? `${url.slice(0, SHOWN_URL_MAX - 1)}…` : url });
}

/**
 * Whether `url` is one of the service `addresses` ("rtmp://live.example.com", "rtmps://…:443")
 * followed by a path. The path must start right at a "/" so a look-alike host
 * ("rtmp://live.example.com.evil.test/x") is refused; no spaces anywhere.
 */
export function isStreamUrl(url: string, addresses: readonly string[]): boolean {
  if (/\s/.test(url)) return false;
  return addresses.some((address) => {
    if (address === "" || url.length <= address.length || url.slice(0, address.length).toLowerCase() !== address.toLowerCase()) return false;
    const rest = url.slice(address.length);
    return address.endsWith("/") ? rest !== "" : rest.startsWith("/") && rest.length > 1;
  });
}

/**
 * SPEC §5 stream URL: "Stream URL starts with {address} or {address} and has a path after the
 * service address". `addresses` come from the caller (the configured ingest services).
 */
export function streamUrl(value: string | null | undefined, locale: UiLocale, options: { addresses: readonly string[] }): RuleResult {
  if (isEmpty(value) || isStreamUrl(value?.trim() ?? "", options.addresses)) return null;
  return ruleMessage("stream_url", locale, { addresses: alternatives(options.addresses, locale) });
}
