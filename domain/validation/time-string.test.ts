import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatTimeString, parseTimeString, timeString } from "./time-string.ts";

describe("time strings hh:mm:ss (SPEC §5)", () => {
  it("parses hh:mm:ss into seconds", () => {
    expect(parseTimeString("00:00:00")).toBe(0);
    expect(parseTimeString("01:02:03")).toBe(3723);
    expect(parseTimeString(" 10:59:59 ")).toBe(39_599);
    expect(parseTimeString("123:00:00")).toBe(442_800);
  });
  it.each(["1:02:03", "02:03", "01:60:00", "01:00:60", "01:02:03.5", "aa:bb:cc", "", "01-02-03", "-01:00:00"])("refuses %j", (value) => {
    expect(parseTimeString(value)).toBeNull();
  });
  it("formats seconds, dropping fractions and clamping negatives", () => {
    expect(formatTimeString(3723)).toBe("01:02:03");
    expect(formatTimeString(59.9)).toBe("00:00:59");
    expect(formatTimeString(-5)).toBe("00:00:00");
    expect(formatTimeString(100 * 3600)).toBe("100:00:00");
  });
  it("round-trips seconds → text → seconds, and canonical text → seconds → text", () => {
    fc.assert(fc.property(fc.nat({ max: 10_000 * 3600 }), (seconds) => {
      expect(parseTimeString(formatTimeString(seconds))).toBe(seconds);
    }));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), (h, m, s) => {
        const text = [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
        expect(formatTimeString(parseTimeString(text) ?? -1)).toBe(text);
      }),
    );
  });
  it("gives the format message in en and fr; empty passes", () => {
    expect(timeString("1:00", "en")).toBe("Use the format hh:mm:ss.");
    expect(timeString("1:00", "fr")).toBe("Utilisez le format hh:mm:ss.");
    expect(timeString("", "en")).toBeNull();
    expect(timeString("00:01:00", "fr")).toBeNull();
  });
});
