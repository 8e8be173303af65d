/**
 * Wall-clock date and time in an IANA time zone ↔ UTC instants, with nothing but `Intl` (the
 * browser offline and the worker give the same answers). Forms edit a webcast's start as the
 * organizer reads it ("2026-12-01" at "14:00" in "America/Toronto"); the row stores UTC.
 */

export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM (24 h) */
  time: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock parts of `instant` in `timeZone`, as a UTC timestamp (ms) of those parts. */
function wallMillis(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0);
}

/** Whether `date` is a real calendar day (YYYY-MM-DD). */
export function isDateString(date: string): boolean {
  const match = DATE.exec(date);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** Whether `time` is HH:MM (24 h). */
export function isTimeString(time: string): boolean {
  return TIME.test(time);
}

/**
 * The UTC instant (ISO, seconds precision) of a wall-clock time in `timeZone`, or null when the
 * date or time is malformed. A time skipped by a daylight-saving jump lands on the instant after
 * the jump, as calendars do.
 */
export function wallTimeToUtc({ date, time }: WallTime, timeZone: string): string | null {
  if (!isDateString(date) || !isTimeString(time)) return null;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  try {
    // The offsets half a day before and after cover any transition near the wanted time: the
    // candidate that reads back as the wanted wall time wins (the earlier one when a fall-back
    // hour repeats); in a spring-forward gap, the offset before the jump lands after it.
    const offsetBefore = wallMillis(wanted - 43_200_000, timeZone) - (wanted - 43_200_000);
    const offsetAfter = wallMillis(wanted + 43_200_000, timeZone) - (wanted + 43_200_000);
    const candidates = [wanted - offsetBefore, wanted - offsetAfter].sort((a, b) => a - b);
    const exact = candidates.find((instant) => wallMillis(instant, timeZone) === wanted);
    return new Date(exact ?? wanted - offsetBefore).toISOString().replace(/\.\d{3}Z$/, "Z");
  } catch {
    return null;
  }
}

/** The wall-clock date and time of a UTC instant in `timeZone` (UTC when the zone is unknown). */
export function utcToWallTime(iso: string, timeZone: string): WallTime {
  let local: number;
  try {
    local = wallMillis(Date.parse(iso), timeZone);
  } catch {
    local = Date.parse(iso);
  }
  const text = new Date(local).toISOString();
  return { date: text.slice(0, 10), time: text.slice(11, 16) };
}
