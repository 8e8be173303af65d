import { utcToWallTime } from "../time/wall-time.ts";

/**
 * Calendar arithmetic of the sessions calendar (/sessions/calendar, SPEC §2): month and week
 * grids of calendar days ("YYYY-MM-DD") and which day a session falls on in the viewer's time
 * zone. Pure: days are computed in UTC date arithmetic, never in the runtime's zone.
 */

export type CalendarView = "month" | "week";
/** 0 = Sunday, 1 = Monday. */
export type WeekStart = 0 | 1;

const DAY_MS = 86_400_000;

function toDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return toDay(dayMs(day) + days * DAY_MS);
}

/** `day` moved by `months` months, clamped to the last day of the target month. */
export function addMonths(day: string, months: number): string {
  const date = new Date(dayMs(day));
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return toDay(target.getTime());
}

/** The first day of the week holding `day`. */
export function startOfWeek(day: string, weekStart: WeekStart): string {
  const weekday = new Date(dayMs(day)).getUTCDay();
  return addDays(day, -((weekday - weekStart + 7) % 7));
}

/** The 7 days of the week holding `day`. */
export function weekDays(day: string, weekStart: WeekStart): string[] {
  const first = startOfWeek(day, weekStart);
  return Array.from({ length: 7 }, (_, index) => addDays(first, index));
}

/** The weeks (rows of 7 days) covering the month of `day`, from the week of its 1st to the week of its last day. */
export function monthWeeks(day: string, weekStart: WeekStart): string[][] {
  const first = `${day.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  for (let start = startOfWeek(first, weekStart); start <= last; start = addDays(start, 7)) weeks.push(weekDays(start, weekStart));
  return weeks;
}

/** The days a view shows around `day`: the month's weeks, or the week. */
export function visibleDays(view: CalendarView, day: string, weekStart: WeekStart): string[] {
  return view === "month" ? monthWeeks(day, weekStart).flat() : weekDays(day, weekStart);
}

/** The day to show after "previous" / "next" in a view. */
export function stepDay(view: CalendarView, day: string, direction: -1 | 1): string {
  return view === "month" ? addMonths(day, direction) : addDays(day, 7 * direction);
}

/** The calendar day of an instant in `timeZone`. */
export function dayOf(iso: string, timeZone: string): string {
  return utcToWallTime(iso, timeZone).date;
}

/** Items by the day they start on in `timeZone`, each day's items by start time. */
export function byDay<T extends { event_start_date_time: string }>(items: readonly T[], timeZone: string): Map<string, T[]> {
  const days = new Map<string, T[]>();
  const sorted = [...items].sort((a, b) => a.event_start_date_time.localeCompare(b.event_start_date_time));
  for (const item of sorted) {
    const key = dayOf(item.event_start_date_time, timeZone);
    const list = days.get(key);
    if (list) list.push(item);
    else days.set(key, [item]);
  }
  return days;
}

/** Week start of a UI language: Sunday in English (North America), Monday otherwise. */
export function weekStartOf(locale: string): WeekStart {
  return locale.toLowerCase().startsWith("en") ? 0 : 1;
}
