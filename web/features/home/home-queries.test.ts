import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { can } from "../../../domain/permissions/can.ts";
import { FEATURED_PERMISSION, featuredWebcasts, homeWebcasts } from "../../../domain/webcasts/featured.ts";
import { DEFAULT_WEBCAST_SETTINGS, WEBCAST_API_STATUSES, type WebcastApiStatus, type WebcastRow } from "../../../domain/webcasts/record.ts";
import { LocalDatabase } from "../../local/db.ts";
import { freshUserId } from "../../local/testing.ts";
import { profileUser } from "../../test/users.ts";
import { readFeatured, readHomeWebcasts } from "./home-queries.ts";

const NOW = Date.UTC(2026, 5, 15, 12);
const HOUR_MS = 3_600_000;
// Sees organizations 1 and 2, not 3.
const user = profileUser(["sessions.view"], {
  permissions: { "sessions.view": [1, 2] },
  accounts: [
    { id: 1, name: "One", role: "organizer", deactivated: false },
    { id: 2, name: "Two", role: "organizer", deactivated: false },
  ],
});

function row(n: number, fields: Partial<WebcastRow>): WebcastRow {
  return {
    ...DEFAULT_WEBCAST_SETTINGS,
    id: `0194c4a0-0000-7000-8000-${n.toString(16).padStart(12, "0")}`,
    organization_id: 1,
    event_title: `Webcast ${n}`,
    description: null,
    event_start_date_time: new Date(NOW).toISOString(),
    duration: 60,
    timezone: "UTC",
    language: "en",
    state: "upcoming",
    is_premiere: false,
    is_test: false,
    created_by: 1,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...fields,
  };
}

/** What the pure rules answer over the whole table (the reference). */
function expected(rows: WebcastRow[], limit: number) {
  const visible = rows.filter((webcast) => can(user, FEATURED_PERMISSION, webcast.organization_id));
  return { home: homeWebcasts(visible, NOW, limit).map((webcast) => webcast.id), featured: featuredWebcasts(visible, NOW) };
}

async function withDatabase(rows: WebcastRow[], check: (db: LocalDatabase) => Promise<void>) {
  const db = new LocalDatabase(freshUserId());
  try {
    await db.view_webcasts.bulkPut(rows);
    await check(db);
  } finally {
    db.close();
  }
}

// Start times near now, in whole seconds with or without a fraction (the same second in both
// forms sorts differently as strings than as instants), some sharing a second.
const start = fc
  .tuple(fc.integer({ min: -12, max: 12 }), fc.constantFrom("", ".5", ".000", ".9999"))
  .map(([halfHours, fraction]) => `${new Date(NOW + halfHours * 30 * 60_000).toISOString().slice(0, 19)}${fraction}Z`);
const webcast = (starts: fc.Arbitrary<string>, states: fc.Arbitrary<WebcastApiStatus> = fc.constantFrom(...WEBCAST_API_STATUSES)) =>
  fc.record({
    state: states,
    event_start_date_time: starts,
    duration: fc.oneof(fc.integer({ min: 1, max: 180 }), fc.constantFrom(60 * 24, 60 * 72)),
    organization_id: fc.constantFrom(1, 2, 3),
  });
// Two seconds, mostly ended or canceled webcasts: reads fill their pages within a second, and the
// list needs the past.
const crowdedStart = fc
  .tuple(fc.constantFrom(-1, 1), fc.constantFrom("", ".5", ".000", ".9999", ".25"))
  .map(([hours, fraction]) => `${new Date(NOW + hours * HOUR_MS).toISOString().slice(0, 19)}${fraction}Z`);
const mostlyPast = fc.oneof({ arbitrary: fc.constantFrom<WebcastApiStatus>("archived", "end_loop", "canceled"), weight: 9 }, { arbitrary: fc.constantFrom(...WEBCAST_API_STATUSES), weight: 1 });

async function matchesTheRules(fields: Partial<WebcastRow>[], limit: number) {
  const rows = fields.map((field, index) => row(index + 1, field));
  const reference = expected(rows, limit);
  await withDatabase(rows, async (db) => {
    expect((await readHomeWebcasts(db, user, NOW, limit)).map((webcast) => webcast.id)).toEqual(reference.home);
    const featured = await readFeatured(db, user, NOW);
    expect({ next: featured.next?.id ?? null, last: featured.last?.id ?? null }).toEqual({ next: reference.featured.next?.id ?? null, last: reference.featured.last?.id ?? null });
  });
}

describe("home queries (indexed) answer as the pure rules over every webcast", () => {
  it("for random tables (states, times, durations, organizations, ties)", async () => {
    await fc.assert(fc.asyncProperty(fc.array(webcast(start), { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), matchesTheRules), { numRuns: 150 });
    // 150 runs over IndexedDB take 3–4 s on a busy 2-core machine: a property, not a speed check.
  }, 30_000);

  it("for crowded tables, where reads stop within a second", async () => {
    await fc.assert(fc.asyncProperty(fc.array(webcast(crowdedStart, mostlyPast), { minLength: 20, maxLength: 120 }), fc.integer({ min: 1, max: 4 }), matchesTheRules), { numRuns: 60 });
  }, 30_000);

  it("finds a show on air that started long ago, and one still running from a long webcast", async () => {
    const rows = [
      row(1, { state: "live", event_start_date_time: new Date(NOW - 400 * 24 * HOUR_MS).toISOString() }),
      row(2, { state: "upcoming", event_start_date_time: new Date(NOW - 30 * HOUR_MS).toISOString(), duration: 48 * 60 }),
      row(3, { state: "upcoming", event_start_date_time: new Date(NOW + HOUR_MS).toISOString() }),
      row(4, { state: "upcoming", event_start_date_time: new Date(NOW - 3 * HOUR_MS).toISOString() }),
      row(5, { state: "archived", event_start_date_time: new Date(NOW + 5 * HOUR_MS).toISOString() }),
    ];
    await withDatabase(rows, async (db) => {
      expect((await readHomeWebcasts(db, user, NOW, 10)).map((webcast) => webcast.event_title)).toEqual(["Webcast 1", "Webcast 2", "Webcast 3", "Webcast 5", "Webcast 4"]);
      const { next, last } = await readFeatured(db, user, NOW);
      expect([next?.event_title, last?.event_title]).toEqual(["Webcast 1", "Webcast 5"]);
    });
  });

  it("compares instants within a second, where string order differs", async () => {
    const rows = [
      row(1, { event_title: "Later in the second", event_start_date_time: "2026-06-15T13:00:00.5Z" }),
      row(2, { event_title: "Start of the second", event_start_date_time: "2026-06-15T13:00:00Z" }),
      row(3, { event_title: "Ended, later", state: "archived", event_start_date_time: "2026-06-15T09:00:00.5Z" }),
      row(4, { event_title: "Ended, start of the second", state: "archived", event_start_date_time: "2026-06-15T09:00:00Z" }),
    ];
    await withDatabase(rows, async (db) => {
      expect((await readHomeWebcasts(db, user, NOW, 1)).map((webcast) => webcast.event_title)).toEqual(["Start of the second"]);
      const { next, last } = await readFeatured(db, user, NOW);
      expect([next?.event_title, last?.event_title]).toEqual(["Start of the second", "Ended, later"]);
    });
  });

  it("reads on past a second full of webcasts the user may not see, both ways", async () => {
    const at = (hours: number, fraction: string) => `${new Date(NOW + hours * HOUR_MS).toISOString().slice(0, 19)}${fraction}Z`;
    const hidden = (n: number, state: WebcastApiStatus, hours: number) => row(n, { organization_id: 3, state, event_start_date_time: at(hours, `.${n}`) });
    const rows = [
      ...Array.from({ length: 30 }, (_, i) => hidden(100 + i, "upcoming", 2)),
      ...Array.from({ length: 30 }, (_, i) => hidden(200 + i, "archived", -2)),
      row(1, { event_title: "Upcoming, later second", event_start_date_time: at(3, ".5") }),
      row(2, { event_title: "Upcoming, same second", event_start_date_time: at(3, "") }),
      row(3, { event_title: "Upcoming, last", event_start_date_time: at(4, "") }),
      row(4, { event_title: "Ended, same second", state: "archived", event_start_date_time: at(-3, "") }),
      row(5, { event_title: "Ended, later in the second", state: "archived", event_start_date_time: at(-3, ".5") }),
    ];
    await withDatabase(rows, async (db) => {
      expect((await readHomeWebcasts(db, user, NOW, 4)).map((webcast) => webcast.event_title)).toEqual(["Upcoming, same second", "Upcoming, later second", "Upcoming, last", "Ended, later in the second"]);
      expect((await readFeatured(db, user, NOW)).last?.event_title).toBe("Ended, later in the second");
    });
  });

  it("reads only a few rows of a large table", async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => row(i + 1, { state: i % 10 < 6 ? "archived" : "upcoming", event_start_date_time: new Date(NOW + (i - 1_000) * 5 * HOUR_MS).toISOString() }));
    await withDatabase(rows, async (db) => {
      const seen: string[] = [];
      const spy = (webcast: WebcastRow) => void seen.push(webcast.id);
      db.view_webcasts.hook("reading", (webcast: WebcastRow) => {
        spy(webcast);
        return webcast;
      });
      const home = await readHomeWebcasts(db, user, NOW, 10);
      expect(home.map((webcast) => webcast.id)).toEqual(expected(rows, 10).home);
      expect(seen.length).toBeLessThan(100);
    });
  });
});
