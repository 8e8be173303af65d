import { describe, expect, it } from "vitest";
import { ORGANIZATION_ID, rules } from "../sync/testing.ts";
import { matchesQuery } from "../sync/types.ts";
import type { WebcastRow } from "./record.ts";
import { webcastRow } from "./testing.ts";
import { TEST_WEBCAST_MAX_PARTICIPANTS, TEST_WEBCASTS_PER_MONTH, participantLimitOf, peakOverlap, simultaneousQuery, testsInMonthQuery, webcastWindow } from "./rules.ts";
import { isEnded } from "./status.ts";

const webcast = webcastRow;

describe("participantLimitOf (SPEC §5, §9: a test webcast takes at most 50 participants)", () => {
  it("is max_viewers for a webcast, null when unlimited or unknown", () => {
    expect(participantLimitOf(webcast(), rules({ limits: { max_viewers: 500 } }))).toBe(500);
    expect(participantLimitOf(webcast(), rules({ limits: { max_viewers: null } }))).toBeNull();
    expect(participantLimitOf(webcast(), null)).toBeNull();
  });

  it("caps a test webcast at 50, or at a smaller max_viewers", () => {
    expect(TEST_WEBCAST_MAX_PARTICIPANTS).toBe(50);
    expect(participantLimitOf(webcast({ is_test: true }), rules({ limits: { max_viewers: 500 } }))).toBe(50);
    expect(participantLimitOf(webcast({ is_test: true }), rules({ limits: { max_viewers: 20 } }))).toBe(20);
    expect(participantLimitOf(webcast({ is_test: true }), rules({ limits: { max_viewers: null } }))).toBe(50);
    expect(participantLimitOf(webcast({ is_test: true }), null)).toBe(50);
    // Self-serve defaults (max_viewers 100).
    expect(participantLimitOf(webcast({ is_test: true }), { self_serve: true, deactivated_at: null })).toBe(50);
  });
});

describe("testsInMonthQuery", () => {
  it("matches the organization's test webcasts starting that month (UTC), every state", () => {
    const query = testsInMonthQuery("2026-03");
    expect(TEST_WEBCASTS_PER_MONTH).toBe(5);
    expect(matchesQuery(webcast({ is_test: true, event_start_date_time: "2026-03-01T00:00:00.000Z" }), ORGANIZATION_ID, query)).toBe(true);
    expect(matchesQuery(webcast({ is_test: true, event_start_date_time: "2026-03-31T23:59:59.999Z", state: "canceled" }), ORGANIZATION_ID, query)).toBe(true);
    expect(matchesQuery(webcast({ is_test: true, event_start_date_time: "2026-04-01T00:00:00.000Z" }), ORGANIZATION_ID, query)).toBe(false);
    expect(matchesQuery(webcast({ is_test: false }), ORGANIZATION_ID, query)).toBe(false);
    expect(matchesQuery(webcast({ is_test: true, organization_id: 2 }), ORGANIZATION_ID, query)).toBe(false);
  });
});

describe("simultaneousQuery (max_simultaneous_webcasts)", () => {
  const mine = webcast({ id: "mine", event_start_date_time: "2026-03-10T15:00:00.000Z", duration: 60 });
  const overlaps = (other: Partial<WebcastRow>, longest: number | null = 120) => matchesQuery(webcast(other), ORGANIZATION_ID, simultaneousQuery(mine, longest));

  it("spans [start, start + duration) in UTC milliseconds", () => {
    expect(webcastWindow({ event_start_date_time: "2026-03-10T15:00Z", duration: 90 })).toEqual({ start: "2026-03-10T15:00:00.000Z", end: "2026-03-10T16:30:00.000Z" });
  });

  it("matches webcasts whose span overlaps, touching ends excepted", () => {
    expect(overlaps({ event_start_date_time: "2026-03-10T15:00:00.000Z" })).toBe(true);
    expect(overlaps({ event_start_date_time: "2026-03-10T15:59:59.999Z", duration: 5 })).toBe(true);
    expect(overlaps({ event_start_date_time: "2026-03-10T14:30:00.000Z", duration: 31 })).toBe(true);
    expect(overlaps({ event_start_date_time: "2026-03-10T16:00:00.000Z" })).toBe(false); // starts as mine ends
    expect(overlaps({ event_start_date_time: "2026-03-10T14:00:00.000Z", duration: 60 })).toBe(false); // ends as mine starts
    expect(overlaps({ event_start_date_time: "2026-03-10T14:00:00Z", duration: 61 })).toBe(true); // a start stored without milliseconds
  });

  it("leaves out test webcasts, ended ones and other organizations", () => {
    expect(overlaps({ is_test: true, duration: 20 })).toBe(false);
    for (const state of ["archived", "canceled"] as const) expect(overlaps({ state })).toBe(false);
    for (const state of ["upcoming", "resetting", "live", "pre_loop", "premiering", "end_loop"] as const) expect(overlaps({ state })).toBe(true);
    expect(overlaps({ organization_id: 2 })).toBe(false);
    expect(isEnded({ state: "archived" })).toBe(true);
    expect(isEnded({ state: "end_loop" })).toBe(false);
  });

  it("reaches back by the longest duration allowed (an index range), or to the first start without one", () => {
    expect(simultaneousQuery(mine, 120)).toEqual({
      range: { column: "event_start_date_time", from: "2026-03-10T13:00:00.000Z", to: "2026-03-10T16:00:00.000Z" },
      equals: { is_test: false },
      except: { column: "state", values: ["archived", "canceled"] },
      endsAfter: { minutes: "duration", after: "2026-03-10T15:00:00.000Z" },
    });
    // A webcast longer than the organization's max_duration (lowered since) and started before the reach is not seen.
    expect(overlaps({ event_start_date_time: "2026-03-10T12:00:00.000Z", duration: 240 }, 120)).toBe(false);
    expect(overlaps({ event_start_date_time: "2026-03-10T12:00:00.000Z", duration: 240 }, null)).toBe(true);
    expect(simultaneousQuery(mine, null).range.from).toBe("");
  });
});

describe("peakOverlap", () => {
  const span = (start: string, end: string) => ({ start: `2026-03-10T${start}:00.000Z`, end: `2026-03-10T${end}:00.000Z` });

  it("counts the most spans at one moment within the span, ends excluded", () => {
    expect(peakOverlap(span("09:30", "10:30"), [])).toBe(0);
    expect(peakOverlap(span("09:30", "10:30"), [span("09:00", "10:00"), span("10:00", "11:00")])).toBe(1);
    expect(peakOverlap(span("09:00", "12:00"), [span("09:00", "10:00"), span("09:30", "10:30"), span("10:15", "11:00")])).toBe(2);
    expect(peakOverlap(span("09:00", "10:00"), [span("10:00", "11:00"), span("08:00", "09:00")])).toBe(0);
    expect(peakOverlap(span("09:00", "10:00"), [span("08:00", "12:00"), span("09:59", "10:30")])).toBe(2);
  });
});
