import { describe, expect, it } from "vitest";
import { UI_LOCALES } from "../i18n/locales.ts";
import { PARTICIPANT_EXPORT_HEADERS, type ExportedViewer, participantExportBasename, participantExportHeader, participantExportRows } from "./export.ts";
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
