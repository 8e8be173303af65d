import { describe, expect, it } from "vitest";
import { validate } from "../validation/parse.ts";
import { DEFAULT_WEBCAST_SETTINGS, type WebcastRow } from "./record.ts";
import { createWebcastBody, isPatchOverride, timezoneShort, updateFields, updateWebcastForm, webcastResource } from "./rest.ts";

const row: WebcastRow = {
  ...DEFAULT_WEBCAST_SETTINGS,
  id: "0194c4a0-0000-7000-8000-000000000001",
  organization_id: 3,
  event_title: "Town hall",
  description: null,
  event_start_date_time: "2026-01-10T15:00:00.000Z",
  duration: 90,
  timezone: "America/Toronto",
  language: "en",
  state: "upcoming",
  is_premiere: false,
  is_test: false,
  created_by: 7,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

describe("webcastResource", () => {
  it("names the row as SPEC §3 does, with its end, zone abbreviation and organization", () => {
    const resource = webcastResource(row, "Demo Events");
    expect(resource).toMatchObject({ uid: row.id, organization: { id: 3, name: "Demo Events" }, event_end_date_time: "2026-01-10T16:30:00.000Z", timezone_short: "EST" });
    expect(resource).not.toHaveProperty("id");
    expect(resource).not.toHaveProperty("created_by");
  });

  it("falls back to the zone's name when the runtime does not know it", () => {
    expect(timezoneShort("Mars/Olympus", 0)).toBe("Mars/Olympus");
  });
});

describe("createWebcastBody", () => {
  it("is createWebcast's arguments without the id and the time, strict", () => {
    const body = { organization_id: 1, event_title: "x", event_start_date_time: "2026-01-01T00:00:00Z", duration: 5, timezone: "UTC", language: "fr" };
    expect(validate(createWebcastBody, body, "en").ok).toBe(true);
    const refused = validate(createWebcastBody, { ...body, id: row.id, state: "live" }, "en");
    expect(refused.ok).toBe(false);
  });
});

describe("updateWebcastForm", () => {
  it("reads form strings: numbers, booleans, a blank description as null; only the fields sent", () => {
    const parsed = validate(updateWebcastForm, { _method: "PATCH", duration: "45", is_test: "on", is_premiere: "0", description: " " }, "en");
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(updateFields(parsed.data)).toEqual({ duration: 45, is_test: true, is_premiere: false, description: null });
  });

  it("refuses non-numbers, unknown fields and files, with localized messages", () => {
    const en = validate(updateWebcastForm, { _method: "PATCH", duration: "1h", colour: "red" }, "en");
    expect(en.ok).toBe(false);
    if (!en.ok) expect(Object.keys(en.errors)).toEqual(expect.arrayContaining(["duration", "_"]));
    const fr = validate(updateWebcastForm, { _method: "PATCH", language: "de" }, "fr");
    if (fr.ok) throw new Error("expected a refusal");
    expect(fr.errors.language?.[0]).toMatch(/invalide/i);
  });

  it("recognizes the override in any case", () => {
    expect(["PATCH", "patch", "Patch"].map(isPatchOverride)).toEqual([true, true, true]);
    expect([undefined, "PUT", ["PATCH"]].map(isPatchOverride)).toEqual([false, false, false]);
  });
});
