import type { UiLocale } from "../i18n/locales.ts";
import { allowsValue, limitReachedMessage, limitsOf } from "../organizations/index.ts";
import type { OrganizationRules, RowQuery } from "../sync/types.ts";
import { WEBCAST_MESSAGES, type WebcastMessage } from "./messages.ts";
import { ENDED_STATES } from "./status.ts";
import type { WebcastRow } from "./record.ts";
import { localized } from "../validation/localized.ts";

export const EVENT_TITLE_MAX = 255;
export const DESCRIPTION_MAX = 10_000;
/** SPEC §5 and §9: a test webcast lasts at most 20 minutes. */
export const TEST_WEBCAST_MAX_DURATION = 20;
/** SPEC §5 and §9: a test webcast takes at most 50 participants. */
export const TEST_WEBCAST_MAX_PARTICIPANTS = 50;
/**
 * SPEC §5 and §9 "a monthly quota" of test webcasts (value not shown; decided here): per
 * organization and calendar month (UTC) of the start, as max_webcasts counts its month.
 */
export const TEST_WEBCASTS_PER_MONTH = 5;

const timeZones = new Map<string, boolean>();

/**
 * Whether the runtime knows this IANA time zone (the browser's verdict is provisional, the
 * server's final). Remembered per value: building the formatter costs tens of microseconds, and
 * every rebase re-runs the queued mutations.
 */
export function isTimeZone(value: string): boolean {
  const known = timeZones.get(value);
  if (known !== undefined) return known;
  let valid = value.trim() !== "";
  if (valid) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: value });
    } catch {
      valid = false;
    }
  }
  if (timeZones.size >= 1000) timeZones.clear();
  timeZones.set(value, valid);
  return valid;
}

/** The calendar month (UTC) a webcast counts in for max_webcasts ("webcasts per month"). */
export function webcastMonth(webcast: Pick<WebcastRow, "event_start_date_time">): string {
  return new Date(webcast.event_start_date_time).toISOString().slice(0, 7);
}

/**
 * The webcasts that count against max_webcasts in `month` ("2026-09"), as a count query: not test
 * webcasts (they have their own quota, SPEC §5), starting in [that month, the next one). Start
 * times are ISO strings in UTC, so string order is time order and every time of the month starts
 * with its "YYYY-MM". Same verdict as `countedInMonth`.
 */
export function countedInMonthQuery(month: string): RowQuery<"webcasts"> {
  const [year = 0, monthNumber = 1] = month.split("-").map(Number);
  const next = new Date(Date.UTC(year, monthNumber, 1)).toISOString().slice(0, 7);
  return { range: { column: "event_start_date_time", from: month, to: next }, equals: { is_test: false } };
}

/** The test webcasts of `month` ("2026-09") for their monthly quota, as a count query (every state, like max_webcasts). */
export function testsInMonthQuery(month: string): RowQuery<"webcasts"> {
  return { ...countedInMonthQuery(month), equals: { is_test: true } };
}

/** A webcast's scheduled span: [start, start + duration), as UTC ISO strings with milliseconds. */
export function webcastWindow(webcast: Pick<WebcastRow, "event_start_date_time" | "duration">): { start: string; end: string } {
  const start = Date.parse(webcast.event_start_date_time);
  return { start: new Date(start).toISOString(), end: new Date(start + webcast.duration * 60_000).toISOString() };
}

/**
 * The webcasts that take a place beside `webcast` for max_simultaneous_webcasts, as a count query:
 * not test webcasts (they have their own quota, SPEC §5), not over (`ENDED_STATES`), whose span
 * overlaps the webcast's (touching ends do not overlap). The index serves the starts: those in
 * [start - `longest` minutes, end), `longest` being the longest a webcast may last (the
 * organization's max_duration); null = no bound (every earlier start of the organization). A
 * webcast longer than a max_duration lowered since it was scheduled, starting before that reach,
 * is not seen. The webcast itself matches when it is stored: the caller sets it apart.
 */
export function simultaneousQuery(webcast: Pick<WebcastRow, "event_start_date_time" | "duration">, longest: number | null): RowQuery<"webcasts"> {
  const { start, end } = webcastWindow(webcast);
  const from = longest === null ? "" : new Date(Date.parse(start) - longest * 60_000).toISOString();
  return {
    range: { column: "event_start_date_time", from, to: end },
    equals: { is_test: false },
    except: { column: "state", values: ENDED_STATES },
    endsAfter: { minutes: "duration", after: start },
  };
}

/**
 * The most of `others` spans running at the same moment within `span` (ISO UTC bounds, ends
 * excluded: a span ending when another starts does not meet it). The peak is reached at the
 * span's start or at one of the others' starts inside it.
 */
export function peakOverlap(span: { start: string; end: string }, others: readonly { start: string; end: string }[]): number {
  const from = Date.parse(span.start);
  const to = Date.parse(span.end);
  const inside = others.map((other) => ({ start: Math.max(from, Date.parse(other.start)), end: Math.min(to, Date.parse(other.end)) })).filter((other) => other.start < other.end);
  let peak = 0;
  for (const moment of new Set([from, ...inside.map((other) => other.start)])) {
    peak = Math.max(peak, inside.filter((other) => other.start <= moment && moment < other.end).length);
  }
  return peak;
}

/**
 * How many viewers a webcast may take (the viewers issue registers them): the organization's
 * max_viewers, and at most 50 for a test webcast (SPEC §5, §9); null = no limit. Without the
 * organization's rules (a browser that lacks them) only the test cap is known.
 */
export function participantLimitOf(webcast: Pick<WebcastRow, "is_test">, organization: OrganizationRules | null): number | null {
  const max = organization ? limitsOf(organization).max_viewers : null;
  if (!webcast.is_test) return max;
  return max === null ? TEST_WEBCAST_MAX_PARTICIPANTS : Math.min(max, TEST_WEBCAST_MAX_PARTICIPANTS);
}

/**
 * How many webcasts count against max_webcasts in `month`: the organization's webcasts starting
 * that month, test webcasts excepted (they have their own monthly quota, SPEC §5).
 */
export function countedInMonth(webcasts: readonly Pick<WebcastRow, "id" | "is_test" | "event_start_date_time">[], month: string, exceptId?: string): number {
  return webcasts.filter((webcast) => webcast.id !== exceptId && !webcast.is_test && webcastMonth(webcast) === month).length;
}

type Checked = Partial<Pick<WebcastRow, "event_title" | "description" | "duration" | "timezone" | "is_test">>;

/**
 * Field errors of the given webcast fields, in `locale` (SPEC §5): title required and at most 255
 * characters, description at most 10,000, duration at least a minute, at most 20 for a test webcast
 * and at most the organization's max_duration (when its rules are known), a known time zone.
 * `is_test` is the webcast's value after the change.
 */
export function webcastFieldErrors(fields: Checked, locale: UiLocale, organization: OrganizationRules | null): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const text = (key: WebcastMessage) => localized(WEBCAST_MESSAGES[key], locale);
  if (fields.event_title !== undefined) {
    if (fields.event_title.length === 0) add("event_title", text("title_required"));
    else if (fields.event_title.length > EVENT_TITLE_MAX) add("event_title", text("title_too_long"));
  }
  if (fields.description != null && fields.description.length > DESCRIPTION_MAX) add("description", text("description_too_long"));
  if (fields.duration !== undefined) {
    if (fields.duration < 1) add("duration", text("duration_positive"));
    else {
      if (fields.is_test && fields.duration > TEST_WEBCAST_MAX_DURATION) add("duration", text("test_duration"));
      const max = organization ? allowsValue(organization, "max_duration", fields.duration) : { ok: true as const };
      if (!max.ok) add("duration", limitReachedMessage("max_duration", max.limit, locale));
    }
  }
  if (fields.timezone !== undefined && !isTimeZone(fields.timezone)) add("timezone", text("timezone_invalid"));
  return errors;
}
