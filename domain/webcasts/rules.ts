import type { MessageLocale } from "../i18n/locales.ts";
import { allowsValue, limitReachedMessage } from "../organizations/index.ts";
import type { OrganizationRules, RowQuery } from "../sync/types.ts";
import { WEBCAST_MESSAGES, type WebcastMessage } from "./messages.ts";
import type { WebcastApiStatus, WebcastRow } from "./record.ts";

export const EVENT_TITLE_MAX = 255;
export const DESCRIPTION_MAX = 10_000;
/** SPEC §5 and §9: a test webcast lasts at most 20 minutes. */
export const TEST_WEBCAST_MAX_DURATION = 20;

/**
 * States in which the webcast is on air (SPEC §4): it cannot be deleted ("A live webcast cannot
 * be deleted") and its schedule and type are locked. Loops before and after the show are not on
 * air: a late start can still be rescheduled during the pre-show loop.
 */
export const ON_AIR_STATES: ReadonlySet<WebcastApiStatus> = new Set<WebcastApiStatus>(["starting", "live", "premiering", "stopping"]);

/** Fields an on-air webcast keeps as they are. */
export const ON_AIR_LOCKED_FIELDS = ["event_start_date_time", "duration", "is_premiere", "is_test", "event_type", "source_type", "quality"] as const satisfies readonly (keyof WebcastRow)[];

export function isOnAir(webcast: Pick<WebcastRow, "state">): boolean {
  return ON_AIR_STATES.has(webcast.state);
}

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
export function webcastFieldErrors(fields: Checked, locale: MessageLocale, organization: OrganizationRules | null): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const text = (key: WebcastMessage) => WEBCAST_MESSAGES[key][locale];
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
