import type { UiLocale } from "../i18n/locales.ts";
import { isDateString, utcToWallTime } from "../time/wall-time.ts";
import { isEmpty } from "./required.ts";
import { ruleMessage, type RuleResult } from "./rule-messages.ts";

/**
 * SPEC §5 datetime_after and its variants. `now` is always a parameter: the browser passes its
 * clock for instant feedback, the worker its own as the authority, tests a fixed one.
 *
 * Instants are Dates, epoch milliseconds or ISO strings with a zone ("…Z", "…-04:00"): a string
 * without one would be read in the runtime's zone (the browser's, not the worker's), so it is
 * refused as invalid rather than read two ways.
 */
export type Instant = Date | number | string;

const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Epoch milliseconds of an instant, or null when it is not one. */
export function instantMillis(value: Instant): number | null {
  const millis = value instanceof Date ? value.getTime() : typeof value === "number" ? value : WITH_ZONE.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isFinite(millis) ? millis : null;
}

/** `now` rounded down to the minute: a start typed as 10:00 at 10:00:30 is not in the future. */
export function floorToMinute(now: Date): number {
  return Math.floor(now.getTime() / 60_000) * 60_000;
}

/**
 * What the value must come after: now (rounded down to the minute), or a given instant — usually
 * another field, e.g. an end after its start. `label` names that instant in the message ("the
 * start"), else it shows as "YYYY-MM-DD hh:mm" in `timeZone` (UTC by default).
 */
export type DatetimeAfterOptions = { now: Date } | { after: Instant | null | undefined; label?: string; timeZone?: string };

/**
 * SPEC §5 datetime_after: the value must be strictly after now (rounded down to the minute) or
 * after the given instant. An empty reference (the other field not filled in yet) passes.
 */
export function datetimeAfter(value: Instant | null | undefined, locale: UiLocale, options: DatetimeAfterOptions): RuleResult {
  if (value == null || isEmpty(value)) return null;
  const time = instantMillis(value);
  if (time === null) return ruleMessage("datetime_invalid", locale);
  if ("now" in options) return time > floorToMinute(options.now) ? null : ruleMessage("datetime_after_now", locale);
  const after = options.after == null || isEmpty(options.after) ? null : instantMillis(options.after);
  if (after === null || time > after) return null;
  const wall = utcToWallTime(new Date(after).toISOString(), options.timeZone ?? "UTC");
  return ruleMessage("datetime_after", locale, { date: options.label ?? `${wall.date} ${wall.time}` });
}

/**
 * datetime_after applied only while another field (`other`, its current value) holds one of
 * `values`: e.g. a publication date checked only when the mode is "scheduled".
 */
export function datetimeAfterIf(
  value: Instant | null | undefined,
  locale: UiLocale,
  options: DatetimeAfterOptions & { other: unknown; values: readonly unknown[] },
): RuleResult {
  return options.values.includes(options.other) ? datetimeAfter(value, locale, options) : null;
}

/** Event activity types (SPEC §3). */
export const ACTIVITY_TYPES = ["webcast", "premiere_webcast", "meeting", "virtual_table", "physical", "icastpro", "external", "embed"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/**
 * SPEC §5: the activity variant is skipped for these. The platform does not run them (a venue,
 * iCastPro, an outside link, an embed), so their times are information only and may be in the past.
 */
export const ACTIVITY_TYPES_WITHOUT_START_RULE: ReadonlySet<ActivityType> = new Set<ActivityType>(["physical", "icastpro", "external", "embed"]);

/** datetime_after for an event activity's start (or end), skipped for the types above. */
export function activityDatetimeAfter(
  value: Instant | null | undefined,
  locale: UiLocale,
  options: DatetimeAfterOptions & { activityType: ActivityType },
): RuleResult {
  return ACTIVITY_TYPES_WITHOUT_START_RULE.has(options.activityType) ? null : datetimeAfter(value, locale, options);
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function todayIn(now: Date, timeZone: string): string {
  return utcToWallTime(now.toISOString(), timeZone).date;
}

/**
 * The date-only variant (SPEC §5 "compares against start of day"): a YYYY-MM-DD value whose day
 * starts at or after the start of today in `timeZone` (UTC by default), so today passes and
 * yesterday does not. Not a real calendar day → "This date is invalid."
 */
export function dateAfterStartOfDay(value: string | null | undefined, locale: UiLocale, options: { now: Date; timeZone?: string }): RuleResult {
  if (value == null || isEmpty(value)) return null;
  if (!isDateString(value)) return ruleMessage("datetime_invalid", locale);
  return value >= todayIn(options.now, options.timeZone ?? "UTC") ? null : ruleMessage("date_not_before_today", locale);
}
