import { describe, expect, it } from "vitest";
import { nextActions, startingSoon, type WebcastCounts } from "./dashboard.ts";
import type { WebcastRow } from "./record.ts";
import { webcastRow } from "./testing.ts";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const webcast = (fields: Partial<WebcastRow> = {}): WebcastRow =>
  webcastRow({ id: "0194c4a0-0000-7000-8000-000000000001", event_start_date_time: "2026-11-23T12:00:00Z", created_by: 1, created_at: "2026-11-01T00:00:00Z", updated_at: "2026-11-01T00:00:00Z", ...fields });
const none: WebcastCounts = { speakers: 0, producers: 0, polls: 0, resources: 0, embed_apps: 0, segments: 0, streaming_outputs: 0, viewers: 0 };

describe("webcast dashboard", () => {
  it("says when an upcoming webcast starts within 10 or 60 minutes (SPEC §9)", () => {
    expect(startingSoon(webcast({ event_start_date_time: "2026-11-22T12:05:00Z" }), NOW)).toBe("under_10");
    expect(startingSoon(webcast({ event_start_date_time: "2026-11-22T12:45:00Z" }), NOW)).toBe("under_60");
    expect(startingSoon(webcast({ event_start_date_time: "2026-11-22T14:00:00Z" }), NOW)).toBeNull();
    expect(startingSoon(webcast({ event_start_date_time: "2026-11-22T12:05:00Z", state: "live" }), NOW)).toBeNull();
    expect(startingSoon(webcast({ event_start_date_time: "2026-11-22T11:55:00Z" }), NOW)).toBeNull();
  });

  it("lists the next actions, most important first, and none once on air or past", () => {
    expect(nextActions(webcast(), none)).toEqual(["choose_source", "add_speakers", "add_polls", "add_resources", "set_branding"]);
    expect(nextActions(webcast({ privacy: "private" }), none)).toContain("add_viewers");
    expect(nextActions(webcast({ privacy: "private" }), { ...none, viewers: null })).not.toContain("add_viewers");
    expect(nextActions(webcast({ source_type: "rtmp", theme: "dark" }), { ...none, speakers: 2, polls: 1, resources: 1 })).toEqual(["choose_producer"]);
    expect(nextActions(webcast({ state: "live" }), none)).toEqual([]);
    expect(nextActions(webcast({ state: "archived" }), none)).toEqual([]);
  });
});
