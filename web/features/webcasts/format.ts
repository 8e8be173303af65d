import type { WebcastRow } from "../../../domain/webcasts/record.ts";

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ""}`;
  let found = formats.get(key);
  if (!found) {
    // Explicit fields, not dateStyle/timeStyle: those cannot be combined with timeZoneName.
    found = new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" });
    formats.set(key, found);
  }
  return found;
}

/**
 * "Jun 16, 2026, 2:00 PM EDT" / "16 juin 2026, 14:00 UTC−4": the start in the user's language and
 * the webcast's own time zone (as its organizer planned it); the browser's zone when it is unknown.
 */
export function formatWebcastStart(webcast: Pick<WebcastRow, "event_start_date_time" | "timezone">, locale: string): string {
  const start = new Date(webcast.event_start_date_time);
  try {
    return format(locale, webcast.timezone).format(start);
  } catch {
    return format(locale, undefined).format(start);
  }
}
