import { describe, expect, it } from "vitest";
import {
  onAirLockedDraftFields,
  accessValuesOf,
  createArgsFromDraft,
  draftFieldOf,
  draftFromMutationArgs,
  draftFromWebcast,
  draftSpeakerErrors,
  emptyWebcastDraft,
  sameDraft,
  settingsTabDraft,
  settingsTabOfArgs,
  speakersArgsFromDraft,
  stepsWithErrors,
  updateArgsFromDraft,
  updateArgsFromSettings,
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
      event_type: "video",
      source_type: null,
      quality: "720p",
      screen_sharing: false,
      replay_enabled: true,
      privacy: "public",
      registration_required: false,
      control_number_required: false,
      sso_required: false,
      attendee_options: { ask_questions: true, view_resources: true, view_details: true, switch_language: true, poster_overlay: false, question_wall: false },
      now: now.toISOString(),
    });
  });

  it("carries the wizard's access and attendee options steps into createWebcast", () => {
    const draft = valid();
    expect(Object.keys(draft.access).sort()).toEqual(
      ["ask_questions", "control_number_required", "poster_overlay", "privacy", "question_wall", "registration_required", "sso_required", "switch_language", "view_details", "view_resources"].sort(),
    );
    draft.access = { ...draft.access, privacy: "private", sso_required: true, question_wall: true, view_resources: false };
    const args = createArgsFromDraft(draft, { id: row.id, now: now.toISOString() });
    expect(args).toMatchObject({ privacy: "private", sso_required: true, registration_required: false });
    expect(args.attendee_options).toEqual({ ask_questions: true, view_resources: false, view_details: true, switch_language: true, poster_overlay: false, question_wall: true });
    expect(stepsWithErrors({ sso_required: ["x"], question_wall: ["y"] })).toEqual(["access", "attendee_options"]);
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
    draft.details = { ...draftFromWebcast(row).details, quality: "1080p", source_type: "rtmp" };
    expect(updateArgsFromDraft(draft, row, "2026-11-22T10:00:00Z")).toEqual({ id: row.id, quality: "1080p", source_type: "rtmp", now: "2026-11-22T10:00:00Z" });
  });

  it("keeps a settings tab's fields only, and sends only what changed (attendee options as a partial object)", () => {
    const qa = settingsTabDraft(row, "qa");
    expect(qa.access).toEqual({ ask_questions: true, poster_overlay: false, question_wall: false, anonymous_questions: false });
    expect(updateArgsFromSettings(qa.access, row, "2026-11-22T10:00:00Z")).toBeNull();
    expect(updateArgsFromSettings({ ...qa.access, question_wall: true, anonymous_questions: true }, row, "2026-11-22T10:00:00Z")).toEqual({
      id: row.id,
      attendee_options: { question_wall: true },
      anonymous_questions: true,
      now: "2026-11-22T10:00:00Z",
    });
    const branded = { ...row, title_color: "#1d4ed8", tag: "board" };
    expect(settingsTabDraft(branded, "branding").access).toEqual({ theme: "go", title_color: "#1d4ed8" });
    // Blank texts clear; a colour in other case is the same colour.
    expect(updateArgsFromSettings({ title_color: "#1D4ED8", theme: "dark" }, branded, "t")).toEqual({ id: row.id, theme: "dark", now: "t" });
    expect(updateArgsFromSettings({ tag: "  ", title_color: "" }, branded, "t")).toEqual({ id: row.id, tag: null, title_color: null, now: "t" });
    expect(accessValuesOf(row).tag).toBe("");
    // The registration form lives in the access tab and is compared by value (a draft holds a copy).
    const form = [{ id: "f", type: "checkbox" as const, name: { en: "Member" }, required: false, options: [], condition: null }];
    const withForm = { ...row, registration_fields: form };
    expect(settingsTabDraft(withForm, "access").access.registration_fields).toEqual(form);
    expect(updateArgsFromSettings({ registration_fields: structuredClone(form) }, withForm, "t")).toBeNull();
    expect(updateArgsFromSettings({ registration_fields: [] }, withForm, "t")).toEqual({ id: row.id, registration_fields: [], now: "t" });
    expect(settingsTabOfArgs({ id: row.id, registration_fields: [], now: "t" })).toBe("access");
  });

  it("lays a refused mutation's arguments over a draft, and maps row fields to form fields", () => {
    const draft = draftFromMutationArgs(draftFromWebcast(row), { event_title: "Renamed", duration: 90, is_test: true, event_start_date_time: "2026-12-02T19:00:00Z" });
    expect(draft.details).toMatchObject({ event_title: "Renamed", duration: "90", kind: "test", start_date: "2026-12-02", start_time: "14:00" });
    expect(draftFieldOf("event_start_date_time")).toBe("start_time");
    expect(draftFieldOf("duration")).toBe("duration");
    expect(draftFieldOf("state")).toBeNull();
    expect(draftFieldOf("title_color")).toBe("title_color");
    expect(draftFieldOf("attendee_options.question_wall")).toBe("question_wall");
    expect(draftFieldOf("quality")).toBe("quality");
    expect(draftFieldOf("registration_fields.2.options.0.name")).toBe("registration_fields");
  });

  it("reopens a refused settings change in its tab, with its values", () => {
    const args = { id: row.id, attendee_options: { poster_overlay: true }, anonymous_questions: true, now: "t" };
    expect(settingsTabOfArgs(args)).toBe("qa");
    expect(settingsTabOfArgs({ id: row.id, title_color: "#zzzzzz", now: "t" })).toBe("branding");
    expect(settingsTabOfArgs({ id: row.id, quality: "1080p", now: "t" })).toBeNull();
    const fixed = draftFromMutationArgs(settingsTabDraft(row, "qa"), args);
    expect(fixed.access).toMatchObject({ poster_overlay: true, anonymous_questions: true, ask_questions: true });
    expect(draftFromMutationArgs(draftFromWebcast(row), { source_type: "vmr", tag: null }).details.source_type).toBe("vmr");
  });

  it("validates the speakers step on its own: one producer, a person once, the known limit (en and fr)", () => {
    const draft = valid();
    expect(draft.details.speakers).toEqual([]);
    const sara = { user_id: 11, name: "Sara", email: "sara@demo.test", is_producer: true };
    const omar = { user_id: 12, name: "Omar", email: "omar@demo.test", is_producer: true };
    draft.details.speakers = [sara, omar, { ...sara, is_producer: false }];
    expect(webcastDraftErrors(draft.details, "en", { maxSpeakers: 2 }).speakers).toEqual([
      "This person is already in the list of speakers.",
      "A webcast has one producer at most.",
      "Speaker limit reached: a webcast may have at most 2 speakers.",
    ]);
    expect(draftSpeakerErrors([sara, omar], "fr", null)).toEqual(["Un webcast a au plus un producteur."]);
    expect(draftSpeakerErrors([sara, { ...omar, is_producer: false }], "en", null)).toEqual([]);
    expect(stepsWithErrors(webcastDraftErrors(draft.details, "en"))).toEqual(["speakers"]);
  });

  it("makes the setWebcastSpeakers arguments of the wizard's speakers, in order, or none", () => {
    const draft = valid();
    let next = 0;
    const newId = () => `0194c4a0-0000-7000-8000-00000000000${++next}`;
    expect(speakersArgsFromDraft(draft, { webcastId: row.id, now: "t", newId })).toBeNull();
    draft.details.speakers = [
      { user_id: 12, name: "Omar", email: "omar@demo.test", is_producer: false },
      { user_id: 11, name: "Sara", email: "sara@demo.test", is_producer: true },
    ];
    expect(speakersArgsFromDraft(draft, { webcastId: row.id, now: "t", newId })).toEqual({
      webcast_id: row.id,
      organization_id: 1,
      speakers: [
        { id: "0194c4a0-0000-7000-8000-000000000001", user_id: 12, name: "Omar", email: "omar@demo.test", is_producer: false, shown_in_lobby: true },
        { id: "0194c4a0-0000-7000-8000-000000000002", user_id: 11, name: "Sara", email: "sara@demo.test", is_producer: true, shown_in_lobby: true },
      ],
      now: "t",
    });
    // The speakers are not webcast fields: createWebcast does not carry them.
    expect(createArgsFromDraft(draft, { id: row.id, now: "t" })).not.toHaveProperty("speakers");
  });

  it("compares drafts by value", () => {
    const a = valid();
    const b: WebcastDraft = { details: { ...a.details }, access: { ...a.access } };
    expect(sameDraft(a, b)).toBe(true);
    b.details.description = "x";
    expect(sameDraft(a, b)).toBe(false);
    expect(sameDraft(a, { details: a.details, access: { ...a.access, privacy: "private" } })).toBe(false);
    // The speakers list by value (a draft read back from IndexedDB is a copy), order included.
    const sara = { user_id: 11, name: "Sara", email: "sara@demo.test", is_producer: false };
    const omar = { user_id: 12, name: "Omar", email: "omar@demo.test", is_producer: false };
    const withSpeakers = (speakers: (typeof sara)[]): WebcastDraft => ({ details: { ...a.details, speakers }, access: a.access });
    expect(sameDraft(withSpeakers([sara, omar]), withSpeakers([{ ...sara }, { ...omar }]))).toBe(true);
    expect(sameDraft(withSpeakers([sara, omar]), withSpeakers([omar, sara]))).toBe(false);
    expect(sameDraft(withSpeakers([sara]), withSpeakers([{ ...sara, is_producer: true }]))).toBe(false);
  });
});

describe("onAirLockedDraftFields", () => {
  it("locks the form fields the rows' on-air locked fields are made of, and no other", () => {
    expect([...onAirLockedDraftFields()].sort()).toEqual(["duration", "event_type", "kind", "quality", "source_type", "start_date", "start_time", "timezone"]);
  });
});
