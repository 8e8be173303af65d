import { describe, expect, it } from "vitest";
import { formatWebcastStart } from "./format.ts";

describe("formatWebcastStart", () => {
  it("writes the start in the user's language and the webcast's time zone, with the zone", () => {
    const webcast = { event_start_date_time: "2026-06-16T18:00:00.000Z", timezone: "America/Toronto" };
    expect(formatWebcastStart(webcast, "en")).toBe("Jun 16, 2026, 2:00 PM EDT");
    expect(formatWebcastStart(webcast, "fr")).toMatch(/^16 juin 2026.*14:00 UTC−4$/);
    expect(formatWebcastStart({ ...webcast, timezone: "Europe/Paris" }, "de")).toMatch(/^16\.06\.2026.*20:00 MESZ$|^16\. Juni 2026.*20:00 MESZ$/);
  });

  it("falls back to the browser's zone for an unknown one", () => {
    expect(formatWebcastStart({ event_start_date_time: "2026-06-16T18:00:00.000Z", timezone: "Mars/Olympus" }, "en")).toMatch(/2026/);
  });
});
