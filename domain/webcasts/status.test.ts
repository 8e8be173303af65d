import { describe, expect, it } from "vitest";
import { WEBCAST_API_STATUSES } from "./record.ts";
import { WEBCAST_STATUS_GROUPS, displayedState, matchesSearch, statusGroupOf } from "./status.ts";

describe("webcast status groups", () => {
  it("puts every API status in one group", () => {
    for (const state of WEBCAST_API_STATUSES) expect(WEBCAST_STATUS_GROUPS).toContain(statusGroupOf({ state }));
    expect(statusGroupOf({ state: "archived" })).toBe("after");
    expect(statusGroupOf({ state: "resetting" })).toBe("upcoming");
    expect(statusGroupOf({ state: "premiering" })).toBe("live");
  });

  it("shows a live premiere as premiering", () => {
    expect(displayedState({ state: "live", is_premiere: true })).toBe("premiering");
    expect(displayedState({ state: "live", is_premiere: false })).toBe("live");
  });

  it("searches titles and descriptions without case or accents", () => {
    const webcast = { event_title: "Assemblée générale", description: "Budget 2027" };
    expect(matchesSearch(webcast, "assemblee")).toBe(true);
    expect(matchesSearch(webcast, "BUDGET")).toBe(true);
    expect(matchesSearch(webcast, "  ")).toBe(true);
    expect(matchesSearch(webcast, "town hall")).toBe(false);
  });
});
