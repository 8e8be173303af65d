import type { UiLocale } from "../i18n/locales.ts";
import { datetimeAfter } from "../validation/datetime.ts";
import { required } from "../validation/required.ts";
import { WEBCAST_MESSAGES } from "./messages.ts";
import type { CreateWebcastArgs, UpdateWebcastArgs } from "./mutators.ts";
import { SPEAKER_MESSAGES, type SetWebcastSpeakersArgs, speakerLimitMessage } from "../speakers/mutators.ts";
import { type AttendeeOptions, DEFAULT_WEBCAST_SETTINGS, WEBCAST_EVENT_TYPES, WEBCAST_PRIVACIES, WEBCAST_QUALITIES, WEBCAST_SOURCE_TYPES, type WebcastRow } from "./record.ts";
import { webcastFieldErrors } from "./rules.ts";
import { utcToWallTime, wallTimeToUtc } from "../time/wall-time.ts";
import { localized } from "../validation/localized.ts";
import { ON_AIR_LOCKED_FIELDS } from "./status.ts";
import type { RegistrationField } from "../registration/record.ts";

/**
 * The webcast draft (SPEC §3 "Draft webcast: details payload and access payload"): what a webcast
 * form holds while the organizer types, autosaved on the device (web/local `drafts`), turned into a
 * `createWebcast` / `updateWebcast` mutation on save. Values are kept as typed (a duration is the
 * text of its field) so a half-typed form survives a reload exactly.
 *
 * The details payload holds the details tab and the wizard's first three steps (core fields, event
 * and source type, quality, screen sharing, replay; the wizard's speakers — SPEC §3 webcast
 * `speakers (id, is_producer)` — sent after `createWebcast` as `setWebcastSpeakers`). The access
 * payload holds the other settings (access, attendee options, Q&A, content, branding), flat (an
 * attendee option is a key of its own)
 * and partial: a settings tab of the edit screen keeps only its own fields there, the wizard its
 * access and attendee-options steps. Clearing a draft empties both payloads (SPEC §4).
 */

export const WEBCAST_KINDS = ["live", "premiere", "test"] as const;
export type WebcastKind = (typeof WEBCAST_KINDS)[number];

export interface WebcastDraftDetails {
  organization_id: number | null;
  event_title: string;
  description: string;
  language: "en" | "fr";
  kind: WebcastKind;
  /** YYYY-MM-DD, in `timezone`. */
  start_date: string;
  /** HH:MM, in `timezone`. */
  start_time: string;
  timezone: string;
  /** Minutes, as typed. */
  duration: string;
  event_type: (typeof WEBCAST_EVENT_TYPES)[number];
  /** null: not chosen yet. */
  source_type: (typeof WEBCAST_SOURCE_TYPES)[number] | null;
  quality: (typeof WEBCAST_QUALITIES)[number];
  screen_sharing: boolean;
  replay_enabled: boolean;
  /**
   * The wizard's speakers step, in order: the people picked (name and e-mail copied, as
   * `setWebcastSpeakers` needs for new speakers) and the producer. Empty elsewhere: an existing
   * webcast's speakers are edited in their own tab, straight through their mutators.
   */
  speakers: WebcastDraftSpeaker[];
}

/** A person picked in the wizard's speakers step (their speaker row is made when the webcast is saved). */
export interface WebcastDraftSpeaker {
  user_id: number;
  name: string;
  email: string;
  is_producer: boolean;
}

/** SPEC §3 attendee options, one draft field each (a save sends only the changed ones). */
export const ATTENDEE_OPTION_FIELDS = ["ask_questions", "view_resources", "view_details", "switch_language", "poster_overlay", "question_wall"] as const satisfies readonly (keyof AttendeeOptions)[];
export type AttendeeOptionField = (typeof ATTENDEE_OPTION_FIELDS)[number];

/** Every setting the access payload can hold, as typed (a tag or a colour is its text; "" = none). */
export interface WebcastAccessValues extends Record<AttendeeOptionField, boolean> {
  privacy: (typeof WEBCAST_PRIVACIES)[number];
  registration_required: boolean;
  control_number_required: boolean;
  sso_required: boolean;
  anonymous_questions: boolean;
  speakers_see_stats: boolean;
  schedule_visible: boolean;
  add_to_calendar_visible: boolean;
  vod_download: boolean;
  sponsors_visible: boolean;
  tag: string;
  theme: string;
  title_color: string;
  /** The registration form (domain/registration), edited whole in the access tab. */
  registration_fields: RegistrationField[];
}
export type WebcastAccessField = keyof WebcastAccessValues;

/** The access payload: the settings this draft's form edits (see above). */
export type WebcastDraftAccess = Partial<WebcastAccessValues>;

export interface WebcastDraft {
  details: WebcastDraftDetails;
  access: WebcastDraftAccess;
}

export type WebcastDraftField = keyof WebcastDraftDetails;
/** A field of either payload: where a form shows a value and its errors. */
export type WebcastFormField = WebcastDraftField | WebcastAccessField;
export type WebcastFormErrors = Partial<Record<WebcastFormField, string[]>>;

export const WIZARD_ACCESS_FIELDS = ["privacy", "registration_required", "control_number_required", "sso_required"] as const satisfies readonly WebcastAccessField[];

/** The wizard's steps and the fields each one validates (SPEC §5: every step's errors block saving). */
export const WEBCAST_WIZARD_STEPS = [
  { id: "general", fields: ["organization_id", "event_title", "description", "language", "kind"] },
  { id: "schedule", fields: ["start_date", "start_time", "timezone", "duration"] },
  { id: "speakers", fields: ["speakers"] },
  { id: "access", fields: WIZARD_ACCESS_FIELDS },
  { id: "attendee_options", fields: ATTENDEE_OPTION_FIELDS },
] as const satisfies readonly { id: string; fields: readonly WebcastFormField[] }[];
export type WebcastWizardStep = (typeof WEBCAST_WIZARD_STEPS)[number]["id"];

/** Details-payload settings: shown on the details tab, not asked by the wizard (they start as the defaults). */
export const DETAILS_SETTINGS_FIELDS = ["event_type", "source_type", "quality", "screen_sharing", "replay_enabled"] as const satisfies readonly (WebcastDraftField & keyof WebcastRow)[];

/**
 * The tabs of the edit screen that edit access-payload settings, and their fields. Each has its
 * own draft and sends only its own changed fields, so a refused change belongs to one tab.
 */
export const WEBCAST_SETTINGS_TABS = {
  access: ["privacy", "registration_required", "control_number_required", "sso_required", "registration_fields"],
  content: ["view_resources", "view_details", "switch_language", "schedule_visible", "add_to_calendar_visible", "sponsors_visible", "speakers_see_stats", "vod_download", "tag"],
  qa: ["ask_questions", "poster_overlay", "question_wall", "anonymous_questions"],
  branding: ["theme", "title_color"],
} as const satisfies Record<string, readonly WebcastAccessField[]>;
export type WebcastSettingsTab = keyof typeof WEBCAST_SETTINGS_TABS;

export const DEFAULT_WEBCAST_DURATION = 60;

export function kindOf(row: Pick<WebcastRow, "is_premiere" | "is_test">): WebcastKind {
  return row.is_test ? "test" : row.is_premiere ? "premiere" : "live";
}

/**
 * A fresh draft: starts tomorrow at the next full hour in the organizer's time zone, lasts an
 * hour, in the interface language when a webcast can have it (en or fr), else French (pt/es/de).
 */
export function emptyWebcastDraft(options: { organizationId: number | null; timezone: string; language: UiLocale; now: Date }): WebcastDraft {
  const start = new Date(options.now.getTime() + 24 * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  start.setUTCHours(start.getUTCHours() + 1);
  const wall = utcToWallTime(start.toISOString(), options.timezone);
  return {
    details: {
      organization_id: options.organizationId,
      event_title: "",
      description: "",
      language: options.language === "en" ? "en" : "fr",
      kind: "live",
      start_date: wall.date,
      start_time: wall.time,
      timezone: options.timezone,
      duration: String(DEFAULT_WEBCAST_DURATION),
      ...detailsSettingsOf(DEFAULT_WEBCAST_SETTINGS),
      speakers: [],
    },
    access: pickAccess(accessValuesOf(DEFAULT_WEBCAST_SETTINGS), [...WIZARD_ACCESS_FIELDS, ...ATTENDEE_OPTION_FIELDS]),
  };
}

function detailsSettingsOf(settings: Pick<WebcastRow, (typeof DETAILS_SETTINGS_FIELDS)[number]>): Pick<WebcastDraftDetails, (typeof DETAILS_SETTINGS_FIELDS)[number]> {
  return { event_type: settings.event_type, source_type: settings.source_type, quality: settings.quality, screen_sharing: settings.screen_sharing, replay_enabled: settings.replay_enabled };
}

/** Every access-payload setting of a webcast (or of the defaults), as a form shows it. */
export function accessValuesOf(settings: Omit<WebcastAccessValues, "tag" | "title_color" | AttendeeOptionField> & { tag: string | null; title_color: string | null; attendee_options: AttendeeOptions }): WebcastAccessValues {
  return {
    privacy: settings.privacy,
    registration_required: settings.registration_required,
    control_number_required: settings.control_number_required,
    sso_required: settings.sso_required,
    ...settings.attendee_options,
    anonymous_questions: settings.anonymous_questions,
    speakers_see_stats: settings.speakers_see_stats,
    schedule_visible: settings.schedule_visible,
    add_to_calendar_visible: settings.add_to_calendar_visible,
    vod_download: settings.vod_download,
    sponsors_visible: settings.sponsors_visible,
    tag: settings.tag ?? "",
    theme: settings.theme,
    title_color: settings.title_color ?? "",
    registration_fields: settings.registration_fields,
  };
}

/** The given fields of `values` (a settings tab's or a wizard step's part of the access payload). */
export function pickAccess(values: WebcastAccessValues, fields: readonly WebcastAccessField[]): WebcastDraftAccess {
  const picked: Record<string, unknown> = {};
  for (const field of fields) picked[field] = values[field];
  return picked as WebcastDraftAccess;
}

/**
 * The draft of a settings tab: its fields of `row` in the access payload. The details payload is
 * not the tab's (the details tab has its own draft): it holds fixed values, so a stored tab draft
 * never carries details that went stale meanwhile.
 */
export function settingsTabDraft(row: WebcastRow, tab: WebcastSettingsTab): WebcastDraft {
  return { details: { ...SETTINGS_TAB_DETAILS }, access: pickAccess(accessValuesOf(row), WEBCAST_SETTINGS_TABS[tab]) };
}

const SETTINGS_TAB_DETAILS: Readonly<WebcastDraftDetails> = {
  organization_id: null,
  event_title: "",
  description: "",
  language: "en",
  kind: "live",
  start_date: "",
  start_time: "",
  timezone: "",
  duration: "",
  ...detailsSettingsOf(DEFAULT_WEBCAST_SETTINGS),
  speakers: [],
};

/** The draft of an existing webcast's details tab: its fields as the organizer reads them. */
export function draftFromWebcast(row: WebcastRow): WebcastDraft {
  const wall = utcToWallTime(row.event_start_date_time, row.timezone);
  return {
    details: {
      organization_id: row.organization_id,
      event_title: row.event_title,
      description: row.description ?? "",
      language: row.language,
      kind: kindOf(row),
      start_date: wall.date,
      start_time: wall.time,
      timezone: row.timezone,
      duration: String(row.duration),
      ...detailsSettingsOf(row),
      speakers: [],
    },
    access: {},
  };
}

/** The draft with the fields a refused create or update carried, laid over `base` (the Fix flow). */
export function draftFromMutationArgs(base: WebcastDraft, args: Partial<CreateWebcastArgs>): WebcastDraft {
  const details = { ...base.details };
  if (typeof args.organization_id === "number") details.organization_id = args.organization_id;
  if (typeof args.event_title === "string") details.event_title = args.event_title;
  if (args.description !== undefined) details.description = args.description ?? "";
  if (args.language === "en" || args.language === "fr") details.language = args.language;
  if (typeof args.timezone === "string") details.timezone = args.timezone;
  if (typeof args.duration === "number") details.duration = String(args.duration);
  if (typeof args.is_test === "boolean" || typeof args.is_premiere === "boolean") {
    details.kind = kindOf({ is_test: args.is_test ?? details.kind === "test", is_premiere: args.is_premiere ?? details.kind === "premiere" });
  }
  if (typeof args.event_start_date_time === "string") {
    const wall = utcToWallTime(args.event_start_date_time, details.timezone);
    details.start_date = wall.date;
    details.start_time = wall.time;
  }
  if (args.event_type !== undefined) details.event_type = args.event_type;
  if (args.source_type !== undefined) details.source_type = args.source_type;
  if (args.quality !== undefined) details.quality = args.quality;
  if (args.screen_sharing !== undefined) details.screen_sharing = args.screen_sharing;
  if (args.replay_enabled !== undefined) details.replay_enabled = args.replay_enabled;

  const access: Record<string, unknown> = { ...base.access };
  for (const [field, value] of Object.entries(args)) {
    if (field === "attendee_options" && value) Object.assign(access, value);
    else if (field === "tag" || field === "title_color") access[field] = (value as string | null) ?? "";
    else if (ACCESS_ROW_FIELDS.has(field)) access[field] = value;
  }
  return { details, access: access as WebcastDraftAccess };
}

/** Row fields that are access-payload fields of the same name (the attendee options are nested in the row). */
const ACCESS_ROW_FIELDS: ReadonlySet<string> = new Set<string>(
  Object.keys(accessValuesOf(DEFAULT_WEBCAST_SETTINGS)).filter((field) => !(ATTENDEE_OPTION_FIELDS as readonly string[]).includes(field)),
);

const DURATION = /^\s*\d+\s*$/;

function parsedDuration(text: string): number | null {
  return DURATION.test(text) ? Number(text.trim()) : null;
}

/**
 * Field errors of a draft, by draft field, in `locale`. The mutators' own rules
 * (webcastFieldErrors) plus the form rules: an organization chosen, a real date, hh:mm, a whole
 * number of minutes, and — when `startAfter` is given — a start after it (SPEC §5 datetime_after,
 * now rounded down to the minute), and the speakers step's rules (`draftSpeakerErrors`, with
 * `maxSpeakers` when the organization's limit is known).
 */
export function webcastDraftErrors(details: WebcastDraftDetails, locale: UiLocale, options: { startAfter?: Date; maxSpeakers?: number | null } = {}): Partial<Record<WebcastDraftField, string[]>> {
  const errors: Partial<Record<WebcastDraftField, string[]>> = {};
  const add = (field: WebcastDraftField, message: string) => (errors[field] ??= []).push(message);
  const text = (key: keyof typeof WEBCAST_MESSAGES) => localized(WEBCAST_MESSAGES[key], locale);

  const missing = (field: WebcastDraftField, value: unknown) => {
    const message = required(value, locale);
    if (message) add(field, message);
    return message !== null;
  };
  missing("organization_id", details.organization_id);
  const duration = parsedDuration(details.duration);
  if (!missing("duration", details.duration) && duration === null) add("duration", text("duration_integer"));
  const ruleErrors = webcastFieldErrors(
    {
      event_title: details.event_title.trim(),
      description: details.description,
      timezone: details.timezone,
      ...(duration === null ? {} : { duration, is_test: details.kind === "test" }),
    },
    locale,
    null,
  );
  for (const [field, messages] of Object.entries(ruleErrors)) for (const message of messages) add(field as WebcastDraftField, message);

  missing("start_date", details.start_date);
  missing("start_time", details.start_time);
  const start = errors.timezone ? null : wallTimeToUtc({ date: details.start_date, time: details.start_time }, details.timezone);
  if (start === null && !errors.timezone) {
    if (details.start_date.trim() !== "" && wallTimeToUtc({ date: details.start_date, time: "00:00" }, details.timezone) === null) add("start_date", text("date_invalid"));
    else if (details.start_time.trim() !== "") add("start_time", text("time_invalid"));
  }
  if (start !== null && options.startAfter) {
    const late = datetimeAfter(start, locale, { now: options.startAfter });
    if (late) add("start_time", late);
  }
  for (const message of draftSpeakerErrors(details.speakers, locale, options.maxSpeakers ?? null)) add("speakers", message);
  return errors;
}

/**
 * The wizard speakers step's errors, as `setWebcastSpeakers` would refuse them (SPEC §3, §5): a
 * person listed once, one producer at most, and at most `maxSpeakers` (null: no cap, or not
 * known on this device — the server judges).
 */
export function draftSpeakerErrors(speakers: readonly WebcastDraftSpeaker[], locale: UiLocale, maxSpeakers: number | null): string[] {
  const errors: string[] = [];
  if (new Set(speakers.map((speaker) => speaker.user_id)).size < speakers.length) errors.push(localized(SPEAKER_MESSAGES.duplicate_person, locale));
  if (speakers.filter((speaker) => speaker.is_producer).length > 1) errors.push(localized(SPEAKER_MESSAGES.one_producer, locale));
  if (maxSpeakers !== null && speakers.length > maxSpeakers) errors.push(localized(speakerLimitMessage(maxSpeakers), locale));
  return errors;
}

/**
 * The `setWebcastSpeakers` arguments that give a webcast just created from `draft` its speakers
 * (in the draft's order, each under a new id from `newId`), or null when the draft has none.
 */
export function speakersArgsFromDraft(draft: WebcastDraft, options: { webcastId: string; now: string; newId(): string }): SetWebcastSpeakersArgs | null {
  const { organization_id, speakers } = draft.details;
  if (organization_id === null || speakers.length === 0) return null;
  return {
    webcast_id: options.webcastId,
    organization_id,
    speakers: speakers.map((speaker) => ({ id: options.newId(), user_id: speaker.user_id, name: speaker.name, email: speaker.email, is_producer: speaker.is_producer, shown_in_lobby: true })),
    now: options.now,
  };
}

/** The wizard steps that hold at least one error. */
export function stepsWithErrors(errors: WebcastFormErrors): WebcastWizardStep[] {
  return WEBCAST_WIZARD_STEPS.filter((step) => step.fields.some((field) => (errors[field]?.length ?? 0) > 0)).map((step) => step.id);
}

const FORM_FIELDS: ReadonlySet<string> = new Set<string>([...Object.keys(SETTINGS_TAB_DETAILS), ...Object.keys(accessValuesOf(DEFAULT_WEBCAST_SETTINGS))]);

/**
 * The draft fields an on-air webcast keeps, derived from the rows' ON_AIR_LOCKED_FIELDS: the start
 * instant is made of the start date, time and time zone (changing the zone moves the instant), the
 * premiere and test flags are the kind, the rest keep their names. The form disables these.
 */
export function onAirLockedDraftFields(): ReadonlySet<WebcastDraftField> {
  const fields = new Set<WebcastDraftField>();
  for (const field of ON_AIR_LOCKED_FIELDS) {
    if (field === "event_start_date_time") for (const part of ["start_date", "start_time", "timezone"] as const) fields.add(part);
    else if (field === "is_premiere" || field === "is_test") fields.add("kind");
    else fields.add(field);
  }
  return fields;
}

/**
 * Where a mutation's field error (by row field) shows in the form: the start instant's errors
 * under the time, the premiere and test flags under the type, an attendee option's
 * (`attendee_options.ask_questions`) under that option, a registration form's
 * (`registration_fields.0.name`) under the form, the rest under the field of the same name.
 */
export function draftFieldOf(rowField: string): WebcastFormField | null {
  if (rowField === "event_start_date_time") return "start_time";
  if (rowField === "is_test" || rowField === "is_premiere") return "kind";
  // A registration form's errors (`registration_fields.2.options.0.name`) belong to the form's editor.
  if (rowField.startsWith("registration_fields.")) return "registration_fields";
  const option = rowField.startsWith("attendee_options.") ? rowField.slice("attendee_options.".length) : null;
  if (option !== null) return (ATTENDEE_OPTION_FIELDS as readonly string[]).includes(option) ? (option as AttendeeOptionField) : null;
  return FORM_FIELDS.has(rowField) ? (rowField as WebcastFormField) : null;
}

/**
 * The settings tab a refused `updateWebcast` belongs to (the tab of its first access-payload
 * field), or null for the details tab. Each tab sends only its own fields.
 */
export function settingsTabOfArgs(args: Partial<UpdateWebcastArgs>): WebcastSettingsTab | null {
  const fields = Object.keys(draftFromMutationArgs({ details: { ...SETTINGS_TAB_DETAILS }, access: {} }, args).access);
  for (const [tab, tabFields] of Object.entries(WEBCAST_SETTINGS_TABS) as [WebcastSettingsTab, readonly string[]][]) {
    if (fields.some((field) => tabFields.includes(field))) return tab;
  }
  return null;
}

/** The row fields a valid draft stands for (call after `webcastDraftErrors` found nothing). */
function rowFields(details: WebcastDraftDetails) {
  const start = wallTimeToUtc({ date: details.start_date, time: details.start_time }, details.timezone);
  const duration = parsedDuration(details.duration);
  if (start === null || duration === null) throw new Error("rowFields of an invalid draft");
  return {
    event_title: details.event_title.trim(),
    description: details.description.trim() === "" ? null : details.description,
    event_start_date_time: start,
    duration,
    timezone: details.timezone,
    language: details.language,
    is_premiere: details.kind === "premiere",
    is_test: details.kind === "test",
    ...detailsSettingsOf(details),
  };
}

type SettingsArgs = Omit<UpdateWebcastArgs, "id" | "now" | keyof ReturnType<typeof rowFields>>;

/**
 * The mutation arguments of an access payload's fields that differ from `current` (all given
 * fields without `current`): a tag or colour left blank is null, the attendee options a partial
 * object (only the changed options: toggles made elsewhere are kept).
 */
export function settingsArgsOf(access: WebcastDraftAccess, current?: WebcastAccessValues): SettingsArgs {
  // What the mutator stores: trimmed texts, colours in lower case.
  // Lists (the registration form) by value: a draft read back from IndexedDB holds a copy.
  const stored = (field: WebcastAccessField, value: unknown) =>
    Array.isArray(value) ? JSON.stringify(value) : typeof value !== "string" ? value : field === "title_color" ? value.trim().toLowerCase() : value.trim();
  const args: Record<string, unknown> = {};
  const options: Partial<AttendeeOptions> = {};
  for (const [field, value] of Object.entries(access) as [WebcastAccessField, unknown][]) {
    if (value === undefined || (current !== undefined && stored(field, value) === stored(field, current[field]))) continue;
    if ((ATTENDEE_OPTION_FIELDS as readonly string[]).includes(field)) options[field as AttendeeOptionField] = value === true;
    else if (typeof value === "string" && (field === "tag" || field === "title_color")) args[field] = value.trim() === "" ? null : value.trim();
    else args[field] = value;
  }
  if (Object.keys(options).length > 0) args.attendee_options = options;
  return args as SettingsArgs;
}

/** The `createWebcast` arguments of a valid draft. */
export function createArgsFromDraft(draft: WebcastDraft, options: { id: string; now: string }): CreateWebcastArgs {
  const { organization_id } = draft.details;
  if (organization_id === null) throw new Error("createArgsFromDraft without an organization");
  return { id: options.id, organization_id, ...rowFields(draft.details), ...settingsArgsOf(draft.access), now: options.now };
}

/**
 * The `updateWebcast` arguments of a valid details-tab draft: only the fields that differ from
 * `current` (its access payload's too), or null when none does.
 */
export function updateArgsFromDraft(draft: WebcastDraft, current: WebcastRow, now: string): UpdateWebcastArgs | null {
  const next = rowFields(draft.details);
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (next[key] !== current[key]) changed[key] = next[key];
  }
  Object.assign(changed, settingsArgsOf(draft.access, accessValuesOf(current)));
  if (Object.keys(changed).length === 0) return null;
  return { id: current.id, ...changed, now };
}

/** The `updateWebcast` arguments of a settings tab's draft: its changed fields only, or null. */
export function updateArgsFromSettings(access: WebcastDraftAccess, current: WebcastRow, now: string): UpdateWebcastArgs | null {
  const changed = settingsArgsOf(access, accessValuesOf(current));
  if (Object.keys(changed).length === 0) return null;
  return { id: current.id, ...changed, now };
}

/** Whether two drafts hold the same values (a form is "dirty" when its draft differs from where it started). */
export function sameDraft(a: WebcastDraft, b: WebcastDraft): boolean {
  // Lists (the speakers) by value: a draft read back from IndexedDB is a copy.
  const sameValue = (x: unknown, y: unknown) => x === y || (Array.isArray(x) && Array.isArray(y) && JSON.stringify(x) === JSON.stringify(y));
  const same = (x: Record<string, unknown>, y: Record<string, unknown>) => {
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    return [...keys].every((key) => sameValue(x[key], y[key]));
  };
  return same({ ...a.details }, { ...b.details }) && same(a.access, b.access);
}
