import type { EventAttributes } from "ics";

/**
 * "Add to calendar" on the public webcast page (SPEC §3 add-to-calendar visibility): an .ics file
 * and Google Calendar, Outlook.com and Office 365 links, all in UTC. The links are plain strings,
 * built at once; the .ics is written by the `ics` package, loaded on first use by a dynamic import
 * because it weighs ≈ 20 KB gzipped (yup inside) against the viewer route's 150 KB budget: the
 * page imports this module statically and pays for `ics` only when a viewer asks for the file.
 * Pure and runtime-neutral (browser, Node, workerd). No authorization: the page is public; the
 * worker sends `add_to_calendar_visible` and a null start when the schedule is hidden.
 */

export interface CalendarEventInput {
  title: string;
  /** The webcast's description, if shown; the page URL is added after it. */
  description?: string | null;
  /** ISO start and end (PublicWebcast); an end missing or not after the start means one hour. */
  start: string;
  end?: string | null;
  /** The public page (`/w/{id}`): where the viewer joins. */
  url: string;
  /** Stable across downloads, so a calendar updates the entry rather than adding a second; defaults to the URL. */
  uid?: string;
  organizer?: { name: string; email?: string };
}

export interface CalendarLinks {
  google: string;
  outlook: string;
  office365: string;
}

export const ICS_CONTENT_TYPE = "text/calendar;charset=utf-8";

const HOUR_MS = 3_600_000;
/**
 * The description in a link stops here (the URL is always kept): links over ~8 KB are refused by
 * some browsers and by Google; the .ics carries the whole text.
 */
export const LINK_DESCRIPTION_MAX = 1_000;

/** Start and end in epoch ms; throws on an unreadable start (the page offers no calendar without a schedule). */
function timesOf(event: CalendarEventInput): { start: number; end: number } {
  const start = Date.parse(event.start);
  if (!Number.isFinite(start)) throw new RangeError(`Unreadable start: ${event.start}`);
  const end = event.end ? Date.parse(event.end) : Number.NaN;
  return { start, end: Number.isFinite(end) && end > start ? end : start + HOUR_MS };
}

/** The description followed by the page URL, the description cut to `max` characters (code points). */
function details(event: CalendarEventInput, max = Number.POSITIVE_INFINITY): string {
  const chars = [...(event.description?.trim() ?? "")];
  const text = chars.length > max ? `${chars.slice(0, max - 1).join("").trimEnd()}…` : chars.join("");
  return text === "" ? event.url : `${text}\n\n${event.url}`;
}

/** 2026-11-27T12:00:00.000Z → 2026-11-27T12:00:00Z (Outlook) or 20261127T120000Z (Google). */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const basicUtc = (ms: number) => isoSeconds(ms).replace(/[-:]/g, "");

/** Query encoded with %20 for spaces: Outlook shows a "+" as it is. */
const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");

function outlookLink(host: string, event: CalendarEventInput, start: number, end: number): string {
  const params = { path: "/calendar/action/compose", rru: "addevent", subject: event.title, startdt: isoSeconds(start), enddt: isoSeconds(end), body: details(event, LINK_DESCRIPTION_MAX), location: event.url };
  return `https://${host}/calendar/0/deeplink/compose?${query(params)}`;
}

/** The three links; the location is the page URL, which calendars show as a link. */
export function calendarLinks(event: CalendarEventInput): CalendarLinks {
  const { start, end } = timesOf(event);
  const google = query({ action: "TEMPLATE", text: event.title, dates: `${basicUtc(start)}/${basicUtc(end)}`, details: details(event, LINK_DESCRIPTION_MAX), location: event.url });
  return {
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: outlookLink("outlook.live.com", event, start, end),
    office365: outlookLink("outlook.office.com", event, start, end),
  };
}

/**
 * The .ics file (RFC 5545: CRLF lines folded at 75 characters, texts escaped, by `ics`). `ics`
 * puts a parameter value in quotes without escaping line breaks or quotes, so they are taken out
 * of the organizer's name here. Rejects when `ics` refuses the event (an invalid URL or e-mail).
 */
export async function calendarIcs(event: CalendarEventInput): Promise<string> {
  const { createEvent } = await import("ics");
  const { start, end } = timesOf(event);
  const organizer = event.organizer && { name: event.organizer.name.replace(/[\p{Cc}"\s]+/gu, " ").trim(), ...(event.organizer.email ? { email: event.organizer.email } : {}) };
  const attributes: EventAttributes = {
    productId: "-//igo-events//webcast page//EN",
    uid: event.uid ?? event.url,
    title: event.title,
    description: details(event),
    url: event.url,
    location: event.url,
    start,
    startInputType: "utc",
    startOutputType: "utc",
    end,
    endInputType: "utc",
    endOutputType: "utc",
    status: "CONFIRMED",
    ...(organizer ? { organizer } : {}),
  };
  const { error, value } = createEvent(attributes);
  if (error || value === null) throw error ?? new Error("The calendar file could not be made.");
  return value;
}

/** The .ics and the three links at once (the .ics loads `ics` on first call). */
export async function webcastCalendarEvent(event: CalendarEventInput): Promise<CalendarLinks & { ics: string }> {
  return { ...calendarLinks(event), ics: await calendarIcs(event) };
}
