import { describe, expect, it } from "vitest";
import { UI_LOCALES } from "../i18n/locales.ts";
import { utcToWallTime } from "../time/wall-time.ts";
import { PARTICIPANT_EXPORT_HEADERS, type ExportedViewer, participantExportBasename, participantExportHeader, participantExportRow, participantExportRows } from "./export.ts";
import { splitTags } from "./rules.ts";

const viewer: ExportedViewer = {
  name: "Zoé Tremblay",
  email: "zoe@example.test",
  tags: ["vip", "press"],
  control_number: "CN-1",
  vote_weight: 2.5,
  registered: true,
  invitation_sent: false,
  reminder_sent: true,
  is_moderator: false,
  created_at: "2026-03-01T15:30:00.000Z",
};

describe("participant export rows", () => {
  it("one row per viewer after the header, labels in the language asked, the date in the webcast's zone", () => {
    expect(participantExportRows([viewer], "en", "America/Toronto")).toEqual([
      ["Name", "E-mail", "Tags", "Control number", "Vote weight", "Registered", "Invitation sent", "Reminder sent", "Moderator", "Added on"],
      ["Zoé Tremblay", "zoe@example.test", "vip, press", "CN-1", 2.5, "Yes", "No", "Yes", "No", "2026-03-01 10:30"],
    ]);
    const [header, row] = participantExportRows([{ ...viewer, control_number: null, tags: [] }], "fr", "Europe/Paris");
    expect(header?.[0]).toBe("Nom");
    expect(row).toEqual(["Zoé Tremblay", "zoe@example.test", "", null, 2.5, "Oui", "Non", "Oui", "Non", "2026-03-01 16:30"]);
  });

  it("writes the same date and time as the time-zone rule, across summer time changes and quarter-hour zones", () => {
    for (const zone of ["Europe/Paris", "America/St_Johns", "Asia/Kathmandu", "Australia/Lord_Howe", "UTC"]) {
      const row = participantExportRow("en", zone);
      // Every 7 minutes 13 seconds around the 2026 spring and autumn changes (both hemispheres).
      for (const start of [Date.UTC(2026, 2, 28, 12), Date.UTC(2026, 3, 4, 12), Date.UTC(2026, 9, 3, 12), Date.UTC(2026, 9, 24, 12), Date.UTC(2026, 10, 1, 0)]) {
        for (let at = start; at < start + 36 * 3_600_000; at += 433_000) {
          const created_at = new Date(at).toISOString();
          const { date, time } = utcToWallTime(created_at, zone);
          expect(row({ ...viewer, created_at })[9], `${zone} ${created_at}`).toBe(`${date} ${time}`);
        }
      }
    }
  });

  it("has ten headers in every language; tags read back by the import's splitter", () => {
    for (const locale of UI_LOCALES) expect(participantExportHeader(locale), locale).toHaveLength(10);
    expect(PARTICIPANT_EXPORT_HEADERS.de?.[1]).toBe("E-Mail");
    const [, row] = participantExportRows([viewer], "de", "UTC");
    expect(splitTags(String(row?.[2]))).toEqual(viewer.tags);
  });

  it("names the file after the webcast", () => {
    expect(participantExportBasename(" Annual meeting ")).toBe("Annual meeting participants");
    expect(participantExportBasename("")).toBe("participants");
  });
});
