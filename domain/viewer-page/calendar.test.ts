import { describe, expect, it } from "vitest";
import { type CalendarEventInput, LINK_DESCRIPTION_MAX, calendarIcs, calendarLinks, webcastCalendarEvent } from "./calendar.ts";

const URL_OF_PAGE = "https://app.example.com/w/0193a0b2-7c4d-7e8f-9a0b-1c2d3e4f5a6b";
const EVENT: CalendarEventInput = {
  title: "Town hall; Q&A, 2026",
  description: "Line one\nLine two, with a comma; and a semicolon \\ backslash",
  start: "2026-11-27T14:30:00.000Z",
  end: "2026-11-27T16:00:00.000Z",
  url: URL_OF_PAGE,
};

/** Physical lines (CRLF), then logical ones (a line starting with a space or a tab continues the previous). */
function parseIcs(ics: string) {
  expect(ics.endsWith("\r\n")).toBe(true);
  const physical = ics.slice(0, -2).split("\r\n");
  for (const line of physical) expect(line).not.toMatch(/[\r\n]/);
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) logical[logical.length - 1] += line.slice(1);
    else logical.push(line);
  }
  const props = new Map<string, string>();
  for (const line of logical) {
    const colon = line.indexOf(":");
    props.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return { physical, logical, props };
}

/** RFC 5545 TEXT unescaping. */
const unescapeText = (text: string) => text.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

describe("calendarIcs", () => {
  it("writes one VEVENT in UTC with the title, the description then the page URL, escaped", async () => {
    const { logical, props } = parseIcs(await calendarIcs(EVENT));
    expect(logical[0]).toBe("BEGIN:VCALENDAR");
    expect(logical.at(-1)).toBe("END:VCALENDAR");
    expect(logical.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(props.get("DTSTART")).toBe("20261127T143000Z");
    expect(props.get("DTEND")).toBe("20261127T160000Z");
    expect(props.get("DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
    expect(props.get("SUMMARY")).toBe("Town hall\\; Q&A\\, 2026");
    expect(unescapeText(props.get("DESCRIPTION") ?? "")).toBe(`${EVENT.description}\n\n${URL_OF_PAGE}`);
    expect(props.get("URL")).toBe(URL_OF_PAGE);
    expect(props.get("UID")).toBe(URL_OF_PAGE);
    expect(props.get("PRODID")).toBe("-//igo-events//webcast page//EN");
  });

  it("folds long lines at 75 characters, accents and emoji kept whole", async () => {
    const description = `Bienvenue à tous 🎉 ${"é".repeat(300)}`;
    const { physical, props } = parseIcs(await calendarIcs({ ...EVENT, description }));
    expect(physical.some((line) => line.startsWith("\t") || line.startsWith(" "))).toBe(true);
    for (const line of physical) expect([...line].length).toBeLessThanOrEqual(75);
    expect(unescapeText(props.get("DESCRIPTION") ?? "")).toBe(`${description}\n\n${URL_OF_PAGE}`);
  });

  it("lasts one hour when the end is missing or not after the start", async () => {
    for (const end of [null, undefined, EVENT.start, "2026-11-27T13:00:00Z", "garbage"]) {
      expect(parseIcs(await calendarIcs({ ...EVENT, end })).props.get("DTEND")).toBe("20261127T153000Z");
    }
  });

  it("uses the given uid, the page URL alone without a description, and an organizer without line breaks or quotes", async () => {
    const ics = await calendarIcs({ ...EVENT, description: "  ", uid: "webcast-1@app.example.com", organizer: { name: 'Acme "Events"\r\nATTACH:http://evil.test', email: "events@example.com" } });
    const { props, logical } = parseIcs(ics);
    expect(props.get("UID")).toBe("webcast-1@app.example.com");
    expect(props.get("DESCRIPTION")).toBe(URL_OF_PAGE);
    expect(logical.some((line) => line.startsWith("ATTACH"))).toBe(false);
    expect(logical.find((line) => line.startsWith("ORGANIZER"))).toBe('ORGANIZER;CN="Acme Events ATTACH:http://evil.test":MAILTO:events@example.com');
  });

  it("rejects an unreadable start and what ics refuses (a relative URL)", async () => {
    await expect(calendarIcs({ ...EVENT, start: "soon" })).rejects.toThrow(RangeError);
    await expect(calendarIcs({ ...EVENT, url: "/w/1" })).rejects.toThrow();
  });
});

describe("calendarLinks", () => {
  const params = (link: string) => Object.fromEntries(new URL(link).searchParams);

  it("fills Google Calendar's template in UTC", () => {
    const { google } = calendarLinks(EVENT);
    expect(google.startsWith("https://calendar.google.com/calendar/render?")).toBe(true);
    expect(params(google)).toEqual({
      action: "TEMPLATE",
      text: EVENT.title,
      dates: "20261127T143000Z/20261127T160000Z",
      details: `${EVENT.description}\n\n${URL_OF_PAGE}`,
      location: URL_OF_PAGE,
    });
  });

  it("fills the Outlook.com and Office 365 compose deep links, spaces as %20", () => {
    const { outlook, office365 } = calendarLinks(EVENT);
    for (const [link, host] of [
      [outlook, "outlook.live.com"],
      [office365, "outlook.office.com"],
    ] as const) {
      const url = new URL(link);
      expect([url.host, url.pathname]).toEqual([host, "/calendar/0/deeplink/compose"]);
      expect(params(link)).toEqual({
        path: "/calendar/action/compose",
        rru: "addevent",
        subject: EVENT.title,
        startdt: "2026-11-27T14:30:00Z",
        enddt: "2026-11-27T16:00:00Z",
        body: `${EVENT.description}\n\n${URL_OF_PAGE}`,
        location: URL_OF_PAGE,
      });
      expect(link).not.toContain("+");
      expect(link).toContain("Town%20hall");
    }
  });

  it("cuts a long description in the links, never the URL", () => {
    const description = "x".repeat(LINK_DESCRIPTION_MAX * 5);
    const { google, outlook } = calendarLinks({ ...EVENT, description });
    const text = params(google).details ?? "";
    expect(text.endsWith(`…\n\n${URL_OF_PAGE}`)).toBe(true);
    expect([...(text.split("\n\n")[0] ?? "")].length).toBe(LINK_DESCRIPTION_MAX);
    expect(params(outlook).body).toBe(text);
  });

  it("throws on an unreadable start", () => {
    expect(() => calendarLinks({ ...EVENT, start: "" })).toThrow(RangeError);
  });
});

describe("webcastCalendarEvent", () => {
  it("gives the .ics and the three links", async () => {
    const all = await webcastCalendarEvent(EVENT);
    expect(Object.keys(all).sort()).toEqual(["google", "ics", "office365", "outlook"]);
    expect(parseIcs(all.ics).props.get("DTSTART")).toBe("20261127T143000Z");
    expect(all.google).toBe(calendarLinks(EVENT).google);
  });
});
