import { describe, expect, it } from "vitest";
import {
  createArgsFromDraft,
  draftFieldOf,
  draftFromMutationArgs,
  draftFromWebcast,
  emptyWebcastDraft,
  sameDraft,
  stepsWithErrors,
  updateArgsFromDraft,
  type WebcastDraft,
  webcastDraftErrors,
} from "./draft.ts";
import { DEFAULT_WEBCAST_SETTINGS, type WebcastRow } from "./record.ts";

const now = new Date("2026-11-22T10:17:00Z");
const valid = (): WebcastDraft => {
  const draft = emptyWebcastDraft({ organizationId: 1, timezone: "America/Toronto", language: "fr", now });
  draft.details.event_title = "Assemblée annuelle";
  return draft;
};
const row: WebcastRow = {
  ...DEFAULT_WEBCAST_SETTINGS,
  id: "01936f1e-0000-7000-8000-000000000001",
  organization_id: 1,
  event_title: "Town hall",
  description: null,
  event_start_date_time: "2026-12-01T19:00:00Z",
  duration: 60,
  timezone: "America/Toronto",
  language: "en",
  state: "upcoming",
  is_premiere: false,
  is_test: false,
  created_by: 3,
  created_at: "2026-11-01T00:00:00Z",
  updated_at: "2026-11-01T00:00:00Z",
};

describe("webcast draft", () => {
  it("starts tomorrow at the next full hour in the organizer's zone, one hour long", () => {
    const { details } = valid();
    expect(details).toMatchObject({ start_date: "2026-11-23", start_time: "06:00", duration: "60", kind: "live", language: "fr" });
    expect(webcastDraftErrors(details, "en", { startAfter: now })).toEqual({});
  });

  it("checks each field with en and fr messages and says which steps hold errors", () => {
    const draft = valid();
    draft.details = { ...draft.details, organization_id: null, event_title: "  ", duration: "1.5", start_time: "25:00" };
    const en = webcastDraftErrors(draft.details, "en");
    expect(en).toEqual({
      organization_id: ["This field is required"],
      event_title: ["The title is required."],
      duration: ["The duration must be a whole number of minutes."],
      start_time: ["Enter a time as hh:mm."],
    });
    expect(webcastDraftErrors(draft.details, "fr").event_title).toEqual(["Le titre est obligatoire."]);
    expect(stepsWithErrors(en)).toEqual(["general", "schedule"]);
  });

  it("refuses a past start (datetime_after, now rounded to the minute), a bad date and a long test", () => {
    const draft = valid();
    draft.details = { ...draft.details, start_date: "2026-11-22", start_time: "05:17" }; // 10:17 UTC
    expect(webcastDraftErrors(draft.details, "en", { startAfter: now }).start_time).toEqual(["This date must be in the future."]);
    expect(webcastDraftErrors({ ...draft.details, start_date: "2026-13-01" }, "fr").start_date).toEqual(["Saisissez une date au format AAAA-MM-JJ."]);
    expect(webcastDraftErrors({ ...valid().details, kind: "test", duration: "30" }, "en").duration).toEqual(["A test webcast may last at most 20 minutes."]);
    expect(stepsWithErrors(webcastDraftErrors({ ...valid().details, timezone: "Nowhere/Else" }, "en"))).toEqual(["schedule"]);
  });

  it("makes createWebcast arguments in UTC", () => {
    const args = createArgsFromDraft(valid(), { id: row.id, now: now.toISOString() });
    expect(args).toEqual({
      id: row.id,
      organization_id: 1,
      event_title: "Assemblée annuelle",
      description: null,
      event_start_date_time: "2026-11-23T11:00:00Z",
      duration: 60,
      timezone: "America/Toronto",
      language: "fr",
      is_premiere: false,
      is_test: false,
      now: now.toISOString(),
    });
  });

  it("reads a webcast back and updates only what changed", () => {
    const draft = draftFromWebcast(row);
    expect(draft.details).toMatchObject({ start_date: "2026-12-01", start_time: "14:00", kind: "live" });
    expect(updateArgsFromDraft(draft, row, "2026-11-22T10:00:00Z")).toBeNull();
    draft.details = { ...draft.details, event_title: "Town hall 2", kind: "premiere", start_time: "15:00" };
    expect(updateArgsFromDraft(draft, row, "2026-11-22T10:00:00Z")).toEqual({
      id: row.id,
      event_title: "Town hall 2",
      is_premiere: true,
      event_start_date_time: "2026-12-01T20:00:00Z",
      now: "2026-11-22T10:00:00Z",
    });
  });

  it("lays a refused mutation's arguments over a draft, and maps row fields to form fields", () => {
    const draft = draftFromMutationArgs(draftFromWebcast(row), { event_title: "Renamed", duration: 90, is_test: true, event_start_date_time: "2026-12-02T19:00:00Z" });
    expect(draft.details).toMatchObject({ event_title: "Renamed", duration: "90", kind: "test", start_date: "2026-12-02", start_time: "14:00" });
    expect(draftFieldOf("event_start_date_time")).toBe("start_time");
    expect(draftFieldOf("duration")).toBe("duration");
    expect(draftFieldOf("state")).toBeNull();
  });

  it("compares drafts by value", () => {
    const a = valid();
    const b: WebcastDraft = { details: { ...a.details }, access: {} };
    expect(sameDraft(a, b)).toBe(true);
    b.details.description = "x";
    expect(sameDraft(a, b)).toBe(false);
  });
});
