import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonths, byDay, dayOf, monthWeeks, startOfWeek, stepDay, visibleDays, weekDays, weekStartOf } from "./calendar.ts";

describe("sessions calendar", () => {
  it("lays out a month in whole weeks from the chosen week start", () => {
    const mondays = monthWeeks("2026-11-22", 1);
    expect(mondays[0]?.[0]).toBe("2026-10-26");
    expect(mondays.at(-1)?.at(-1)).toBe("2026-12-06");
    expect(mondays).toHaveLength(6);
    const sundays = monthWeeks("2026-02-10", 0);
    expect(sundays[0]?.[0]).toBe("2026-02-01");
    expect(sundays).toHaveLength(4);
  });

  it("steps by month (clamped) and by week", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15");
    expect(stepDay("week", "2026-11-22", -1)).toBe("2026-11-15");
    expect(stepDay("month", "2026-11-22", 1)).toBe("2026-12-22");
  });

  it("always gives 7 consecutive days starting on the week start", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }), fc.constantFrom(0 as const, 1 as const), (date, weekStart) => {
        const day = date.toISOString().slice(0, 10);
        const days = weekDays(day, weekStart);
        expect(days).toContain(day);
        expect(new Date(`${days[0]}T00:00:00Z`).getUTCDay()).toBe(weekStart);
        expect(startOfWeek(days[6] ?? "", weekStart)).toBe(days[0]);
        expect(visibleDays("month", day, weekStart).length % 7).toBe(0);
      }),
    );
  });

  it("puts a session on its day in the viewer's zone", () => {
    expect(dayOf("2026-11-23T02:00:00Z", "America/Toronto")).toBe("2026-11-22");
    expect(dayOf("2026-11-23T02:00:00Z", "Europe/Paris")).toBe("2026-11-23");
    const days = byDay(
      [
        { id: "b", event_start_date_time: "2026-11-23T15:00:00Z" },
        { id: "a", event_start_date_time: "2026-11-23T09:00:00Z" },
      ],
      "UTC",
    );
    expect(days.get("2026-11-23")?.map((item) => item.id)).toEqual(["a", "b"]);
  });

  it("starts weeks on Sunday in English, Monday otherwise", () => {
    expect(weekStartOf("en")).toBe(0);
    expect(weekStartOf("fr")).toBe(1);
  });
});
