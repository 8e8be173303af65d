import { describe, expect, it } from "vitest";
import { type FeaturedCandidate, endOf, featuredWebcasts, homeWebcasts, isLastCandidate, isNextCandidate } from "./featured.ts";
import type { WebcastApiStatus } from "./record.ts";

const NOW = Date.UTC(2026, 5, 15, 12);
const hours = (n: number) => new Date(NOW + n * 3_600_000).toISOString();
let n = 0;
function webcast(name: string, state: WebcastApiStatus, startHours: number, duration = 60): FeaturedCandidate & { name: string } {
  n++;
  return { id: `0194c4a0-0000-7000-8000-${n.toString(16).padStart(12, "0")}`, name, state, event_start_date_time: hours(startHours), duration };
}
const names = (rows: readonly { name: string }[]) => rows.map((row) => row.name);

describe("isNextCandidate / isLastCandidate", () => {
  it("keeps what is still to come or on air, until its scheduled end unless on air", () => {
    expect(isNextCandidate(webcast("soon", "upcoming", 1), NOW)).toBe(true);
    expect(isNextCandidate(webcast("under way", "upcoming", -0.5), NOW)).toBe(true);
    expect(isNextCandidate(webcast("never held", "upcoming", -2), NOW)).toBe(false);
    expect(isNextCandidate(webcast("late show", "live", -5), NOW)).toBe(true);
    expect(isNextCandidate(webcast("pre-show loop", "pre_loop", 0.1), NOW)).toBe(true);
    expect(isNextCandidate(webcast("canceled", "canceled", 3), NOW)).toBe(false);
    expect(isNextCandidate(webcast("archived", "archived", 3), NOW)).toBe(false);
  });

  it("counts archived and closing loops as ended, not canceled ones", () => {
    expect(isLastCandidate(webcast("a", "archived", -1))).toBe(true);
    expect(isLastCandidate(webcast("b", "end_loop", -1))).toBe(true);
    expect(isLastCandidate(webcast("c", "canceled", -1))).toBe(false);
    expect(isLastCandidate(webcast("d", "upcoming", -10))).toBe(false);
  });

  it("ends a webcast duration minutes after its start", () => {
    expect(endOf({ event_start_date_time: "2026-01-01T10:00:00Z", duration: 90 })).toBe(Date.UTC(2026, 0, 1, 11, 30));
  });
});

describe("featuredWebcasts", () => {
  it("picks the soonest next and the most recent last", () => {
    const rows = [
      webcast("later", "upcoming", 48),
      webcast("soon", "upcoming", 2),
      webcast("never held", "upcoming", -5),
      webcast("canceled", "canceled", 1),
      webcast("old archive", "archived", -72),
      webcast("recent archive", "archived", -24),
    ];
    const { next, last } = featuredWebcasts(rows, NOW);
    expect([next?.name, last?.name]).toEqual(["soon", "recent archive"]);
  });

  it("puts a show on air before anything upcoming (it started earlier)", () => {
    expect(featuredWebcasts([webcast("soon", "upcoming", 1), webcast("late", "live", -3)], NOW).next?.name).toBe("late");
  });

  it("answers nulls for nothing, and breaks ties on the id whatever the order", () => {
    expect(featuredWebcasts([], NOW)).toEqual({ next: null, last: null });
    const a = webcast("a", "upcoming", 1);
    const b = webcast("b", "upcoming", 1);
    expect(featuredWebcasts([b, a], NOW).next?.name).toBe("a");
    expect(featuredWebcasts([a, b], NOW).next?.name).toBe("a");
  });

  it("compares instants, not strings (precision and offsets vary)", () => {
    const whole = { ...webcast("whole", "upcoming", 1), event_start_date_time: "2026-06-15T13:00:00Z" };
    const early = { ...webcast("early", "upcoming", 1), event_start_date_time: "2026-06-15T12:59:59.500Z" };
    expect(featuredWebcasts([whole, early], NOW).next?.name).toBe("early");
  });
});

describe("homeWebcasts", () => {
  it("lists what is coming soonest first, then the rest most recent first, up to the limit", () => {
    const rows = [webcast("old", "archived", -72), webcast("later", "upcoming", 48), webcast("live", "live", -0.5), webcast("recent", "archived", -24), webcast("soon", "upcoming", 2)];
    expect(names(homeWebcasts(rows, NOW, 10))).toEqual(["live", "soon", "later", "recent", "old"]);
    expect(names(homeWebcasts(rows, NOW, 2))).toEqual(["live", "soon"]);
  });
});
