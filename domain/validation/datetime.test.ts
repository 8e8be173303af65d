import { describe, expect, it } from "vitest";
import { ACTIVITY_TYPES, activityDatetimeAfter, dateAfterStartOfDay, datetimeAfter, datetimeAfterIf, floorToMinute, instantMillis, todayIn } from "./datetime.ts";

const now = new Date("2026-09-01T14:00:30Z");

describe("instants", () => {
  it("reads Dates, epoch ms and ISO strings with a zone only", () => {
    expect(instantMillis(now)).toBe(now.getTime());
    expect(instantMillis(0)).toBe(0);
    expect(instantMillis("2026-09-01T10:00:30-04:00")).toBe(now.getTime());
    expect(instantMillis("2026-09-01T14:00Z")).toBe(Date.UTC(2026, 8, 1, 14));
    expect(instantMillis("2026-09-01T14:00:00")).toBeNull();
    expect(instantMillis("2026-09-01")).toBeNull();
    expect(instantMillis("soon")).toBeNull();
    expect(instantMillis(new Date(Number.NaN))).toBeNull();
  });
  it("rounds now down to the minute", () => {
    expect(floorToMinute(now)).toBe(Date.UTC(2026, 8, 1, 14, 0, 0));
  });
});

describe("datetime_after now (SPEC §5)", () => {
  it("needs a value strictly after now rounded down to the minute", () => {
    expect(datetimeAfter("2026-09-01T14:00:00Z", "en", { now })).toBe("This date must be in the future.");
    expect(datetimeAfter("2026-09-01T13:59:00Z", "fr", { now })).toBe("Cette date doit être dans le futur.");
    expect(datetimeAfter("2026-09-01T14:00:01Z", "en", { now })).toBeNull();
    expect(datetimeAfter(new Date("2026-09-01T14:01:00Z"), "en", { now })).toBeNull();
  });
  it("passes an empty value and refuses one that is not an instant", () => {
    expect(datetimeAfter("", "en", { now })).toBeNull();
    expect(datetimeAfter(null, "en", { now })).toBeNull();
    expect(datetimeAfter("2026-09-02T10:00", "en", { now })).toBe("This date is invalid.");
    expect(datetimeAfter("demain", "fr", { now })).toBe("Cette date est invalide.");
  });
});

describe("datetime_after a given date (SPEC §5)", () => {
  const start = "2026-09-01T14:00:00Z";
  it("needs a value after it, shown as a wall time in the given zone or by its label", () => {
    expect(datetimeAfter("2026-09-01T14:00:00Z", "en", { after: start })).toBe("This date must be after 2026-09-01 14:00.");
    expect(datetimeAfter("2026-09-01T13:00:00Z", "fr", { after: start, timeZone: "America/Toronto" })).toBe("Cette date doit être après 2026-09-01 10:00.");
    expect(datetimeAfter("2026-09-01T13:00:00Z", "en", { after: start, label: "the start" })).toBe("This date must be after the start.");
    expect(datetimeAfter("2026-09-01T13:00:00Z", "fr", { after: start, label: "le début" })).toBe("Cette date doit être après le début.");
    expect(datetimeAfter("2026-09-01T14:00:01Z", "en", { after: start })).toBeNull();
  });
  it("passes while the reference is empty or unreadable", () => {
    expect(datetimeAfter("2026-09-01T13:00:00Z", "en", { after: null })).toBeNull();
    expect(datetimeAfter("2026-09-01T13:00:00Z", "en", { after: "" })).toBeNull();
    expect(datetimeAfter("2026-09-01T13:00:00Z", "en", { after: "not yet" })).toBeNull();
  });
});

describe("datetime_after variants (SPEC §5)", () => {
  it("checks only while another field holds one of the values", () => {
    expect(datetimeAfterIf("2026-08-01T00:00:00Z", "en", { now, other: "scheduled", values: ["scheduled"] })).toBe("This date must be in the future.");
    expect(datetimeAfterIf("2026-08-01T00:00:00Z", "fr", { now, other: "scheduled", values: ["scheduled"] })).toBe("Cette date doit être dans le futur.");
    expect(datetimeAfterIf("2026-08-01T00:00:00Z", "en", { now, other: "now", values: ["scheduled"] })).toBeNull();
  });
  it("skips the activity variant for physical, icastpro, external and embed activities only", () => {
    const past = "2026-08-01T00:00:00Z";
    const skipped = ACTIVITY_TYPES.filter((activityType) => activityDatetimeAfter(past, "en", { now, activityType }) === null);
    expect(skipped).toEqual(["physical", "icastpro", "external", "embed"]);
    expect(activityDatetimeAfter(past, "fr", { now, activityType: "webcast" })).toBe("Cette date doit être dans le futur.");
    expect(activityDatetimeAfter("2026-09-02T00:00:00Z", "en", { now, activityType: "meeting" })).toBeNull();
  });
});

describe("date-only variant (SPEC §5: against the start of the day)", () => {
  it("accepts today and later, in the given time zone", () => {
    expect(todayIn(now, "UTC")).toBe("2026-09-01");
    expect(todayIn(new Date("2026-09-01T02:00:00Z"), "America/Toronto")).toBe("2026-08-31");
    expect(dateAfterStartOfDay("2026-09-01", "en", { now })).toBeNull();
    expect(dateAfterStartOfDay("2026-09-02", "en", { now })).toBeNull();
    expect(dateAfterStartOfDay("2026-08-31", "en", { now: new Date("2026-09-01T02:00:00Z"), timeZone: "America/Toronto" })).toBeNull();
  });
  it("refuses yesterday and a day that does not exist, in en and fr", () => {
    expect(dateAfterStartOfDay("2026-08-31", "en", { now })).toBe("This date cannot be in the past.");
    expect(dateAfterStartOfDay("2026-08-31", "fr", { now })).toBe("Cette date ne peut pas être passée.");
    expect(dateAfterStartOfDay("2026-02-30", "en", { now })).toBe("This date is invalid.");
    expect(dateAfterStartOfDay("", "en", { now })).toBeNull();
  });
});
