import { describe, expect, it } from "vitest";
import { isDateString, utcToWallTime, wallTimeToUtc } from "./wall-time.ts";

describe("wall time ↔ UTC", () => {
  it("converts in a zone with daylight saving, both seasons", () => {
    expect(wallTimeToUtc({ date: "2026-07-01", time: "14:00" }, "America/Toronto")).toBe("2026-07-01T18:00:00Z");
    expect(wallTimeToUtc({ date: "2026-12-01", time: "14:00" }, "America/Toronto")).toBe("2026-12-01T19:00:00Z");
    expect(wallTimeToUtc({ date: "2026-12-01", time: "09:30" }, "Europe/Paris")).toBe("2026-12-01T08:30:00Z");
    expect(wallTimeToUtc({ date: "2026-12-01", time: "09:30" }, "UTC")).toBe("2026-12-01T09:30:00Z");
  });

  it("round-trips", () => {
    for (const zone of ["America/Toronto", "Asia/Kolkata", "Pacific/Auckland", "UTC"]) {
      const iso = wallTimeToUtc({ date: "2027-03-15", time: "23:45" }, zone);
      expect(iso).not.toBeNull();
      expect(utcToWallTime(iso ?? "", zone)).toEqual({ date: "2027-03-15", time: "23:45" });
    }
  });

  it("moves a time skipped by a daylight-saving jump past the jump", () => {
    // 2026-03-08 02:30 does not exist in Toronto (02:00 → 03:00).
    const iso = wallTimeToUtc({ date: "2026-03-08", time: "02:30" }, "America/Toronto");
    expect(iso).not.toBeNull();
    expect(utcToWallTime(iso ?? "", "America/Toronto").time >= "03:00").toBe(true);
  });

  it("refuses malformed dates, times and zones", () => {
    expect(isDateString("2026-02-30")).toBe(false);
    expect(isDateString("2026-2-3")).toBe(false);
    expect(wallTimeToUtc({ date: "2026-02-30", time: "10:00" }, "UTC")).toBeNull();
    expect(wallTimeToUtc({ date: "2026-02-03", time: "24:00" }, "UTC")).toBeNull();
    expect(wallTimeToUtc({ date: "2026-02-03", time: "10:00" }, "Mars/Olympus")).toBeNull();
  });
});
