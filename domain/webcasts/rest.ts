import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { passwordSchema } from "../validation/password.ts";
import { FORM_BOOLEANS, type FormBoolean, isTrue } from "../validation/form-booleans.ts";
import { type UpdateWebcastArgs, createWebcastArgs } from "./mutators.ts";
import { MAX_LISTED_SPEAKERS } from "../speakers/mutators.ts";
import {
  type AttendeeOptions,
  WEBCAST_EVENT_TYPES,
  WEBCAST_PRIVACIES,
  WEBCAST_QUALITIES,
  WEBCAST_SOURCE_TYPES,
  type WebcastSettings,
} from "./record.ts";
import { type LocalizedText, } from "../validation/localized.ts";
import { type RegistrationField, registrationFieldsSchema } from "../registration/record.ts";

/**
 * SPEC §3 webcast `speakers (id, is_producer)` as the webcast forms send them: `id` is the person's
 * user id. The list replaces the webcast's speakers exactly as PATCH …/speakers does (absent
 * `is_producer`: kept, or not the producer for a new speaker); absent, the speakers are untouched.
 */
const webcastFormSpeaker = z.strictObject({ id: z.int().positive(), is_producer: z.boolean().optional() });
export type WebcastFormSpeaker = z.output<typeof webcastFormSpeaker>;

/**
 * POST /api/webcasts (JSON): what `createWebcast` takes but the id and the time, which the server
 * makes, and the webcast's first `speakers`. Shapes only; the mutators judge the rest (title,
 * durations, time zone, limits, speakers) in en/fr.
 */
export const createWebcastBody = createWebcastArgs.omit({ id: true, now: true }).extend({
  // Optional without a default here, so the typed client may leave them out (the mutator defaults them).
  is_premiere: z.boolean().optional(),
  is_test: z.boolean().optional(),
  speakers: z.array(webcastFormSpeaker).max(MAX_LISTED_SPEAKERS).optional(),
});
export type CreateWebcastBody = z.input<typeof createWebcastBody>;


/**
 * Attendee options as a form sends them: `attendee_options[poster_overlay]=1` (PHP/Laravel
 * bracket keys, read literally). Each key is one option; the mutator merges them key by key.
 */
const ATTENDEE_OPTION_KEYS = ["ask_questions", "view_resources", "view_details", "switch_language", "poster_overlay", "question_wall"] as const satisfies readonly (keyof AttendeeOptions)[];
type AttendeeOptionFormKey = `attendee_options[${(typeof ATTENDEE_OPTION_KEYS)[number]}]`;
const attendeeOptionsForm = Object.fromEntries(ATTENDEE_OPTION_KEYS.map((key) => [`attendee_options[${key}]`, z.enum(FORM_BOOLEANS).optional()])) as Record<AttendeeOptionFormKey, z.ZodOptional<z.ZodEnum<{ [K in FormBoolean]: K }>>>;

/** Boolean settings a form may send (`1/0/true/false/on/off`). Not `billing_enabled`: the billing calls own it. */
const FORM_BOOLEAN_SETTINGS = [
  "screen_sharing",
  "replay_enabled",
  "registration_required",
  "control_number_required",
  "sso_required",
  "anonymous_questions",
  "speakers_see_stats",
  "schedule_visible",
  "add_to_calendar_visible",
  "vod_download",
  "sponsors_visible",
] as const satisfies readonly (keyof WebcastSettings)[];
type FormBooleanSetting = (typeof FORM_BOOLEAN_SETTINGS)[number];
const booleanSettingsForm = Object.fromEntries(FORM_BOOLEAN_SETTINGS.map((key) => [key, z.enum(FORM_BOOLEANS).optional()])) as Record<FormBooleanSetting, z.ZodOptional<z.ZodEnum<{ [K in FormBoolean]: K }>>>;

/**
 * The speakers as a form sends them: `speakers[0][id]=12&speakers[0][is_producer]=1` (PHP/Laravel
 * bracket keys, like `attendee_options[…]`), each entry a user id (digits) and a form boolean.
 */
const formSpeaker = z.strictObject({
  id: z.string().regex(/^[1-9]\d{0,14}$/),
  is_producer: z.enum(FORM_BOOLEANS).optional(),
});
/** `speakers[<index>][<field>]`: an index of at most 3 digits without leading zeros (the list holds ≤ 500). */
const SPEAKER_KEY = /^speakers\[(0|[1-9]\d{0,2})\]\[([A-Za-z_]+)\]$/;

/**
 * A form's `speakers[<i>][<field>]` keys gathered into a `speakers` list (position = index; a
 * missing index leaves a hole the schema refuses), other keys kept as sent; a blank `speakers`
 * alone is the empty list (a form cannot send an empty list otherwise). Keys that do not fit stay
 * literal, so the strict schema refuses them as unknown fields.
 */
export function nestFormSpeakers(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const fields: Record<string, unknown> = {};
  const entries: Record<string, unknown>[] = [];
  let nested = false;
  for (const [key, field] of Object.entries(value)) {
    const match = SPEAKER_KEY.exec(key);
    if (!match) {
      fields[key] = field;
      continue;
    }
    nested = true;
    const entry = (entries[Number(match[1])] ??= {});
    entry[match[2] ?? ""] = field;
  }
  // Holes become undefined (Array.from), so the schema names the missing index.
  if (nested) fields.speakers = Array.from(entries);
  else if (fields.speakers === "") fields.speakers = [];
  return fields;
}

/** The longest `registration_fields` JSON text a form may send (30 fields of 50 options fit well below). */
const REGISTRATION_FORM_TEXT_MAX = 1_000_000;

/** JSON text → its value; text that is not JSON stays a string, which the schema then refuses ("must be a list"). */
function parseJsonText(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * POST /api/webcasts/{uid} with `_method=PATCH` (multipart or urlencoded form data, SPEC §7):
 * the fields of `updateWebcast`, as the strings a form sends (so the typed client sends strings
 * too); `updateFields` turns them into the mutator's values, `formSpeakers` the speaker list.
 * Only the fields sent change. Unknown fields are refused (422) so a misspelt one is never
 * silently ignored. The password, branding images and billing have their own calls
 * (access-controls, branding, billing/*).
 */
const updateWebcastFormFields = z.strictObject({
  /** Checked first by `isPatchOverride` (400 without it). */
  _method: z.string(),
  event_title: z.string().max(10_000).optional(),
  /** Blank clears it (Laravel's empty-to-null). */
  description: z.string().max(100_000).optional(),
  event_start_date_time: z.iso.datetime().optional(),
  /** Whole minutes. */
  duration: z
    .string()
    .regex(/^-?\d{1,9}$/)
    .optional(),
  timezone: z.string().max(100).optional(),
  language: z.enum(["en", "fr"]).optional(),
  is_premiere: z.enum(FORM_BOOLEANS).optional(),
  is_test: z.enum(FORM_BOOLEANS).optional(),
  // Settings (issue #5).
  event_type: z.enum(WEBCAST_EVENT_TYPES).optional(),
  /** Blank: not chosen yet (null). */
  source_type: z.enum([...WEBCAST_SOURCE_TYPES, ""]).optional(),
  quality: z.enum(WEBCAST_QUALITIES).optional(),
  privacy: z.enum(WEBCAST_PRIVACIES).optional(),
  /** Blank clears it. */
  tag: z.string().max(1_000).optional(),
  theme: z.string().max(100).optional(),
  /** #rrggbb (the mutator's rule); blank clears it. */
  title_color: z.string().max(100).optional(),
  /**
   * The whole registration form as JSON text (an array of fields, domain/registration/record.ts):
   * too deep for bracket keys. It replaces the form; `[]` empties it. Judged by the mutator's rules.
   */
  registration_fields: z.string().max(REGISTRATION_FORM_TEXT_MAX).transform(parseJsonText).pipe(registrationFieldsSchema).optional(),
  ...booleanSettingsForm,
  ...attendeeOptionsForm,
  /** From the `speakers[<i>][…]` keys (`nestFormSpeakers`); a blank `speakers` empties the list. */
  speakers: z.array(formSpeaker).max(MAX_LISTED_SPEAKERS).optional(),
});
/** The form as sent (bracket keys as they come), validated once its speaker keys are nested. */
export const updateWebcastForm = z.preprocess(nestFormSpeakers, updateWebcastFormFields);
/** The form's fields once `nestFormSpeakers` has gathered the speakers. */
export type UpdateWebcastForm = z.input<typeof updateWebcastFormFields>;

/** The arguments of `updateWebcast` (besides id and now) a validated form asks for: only the fields sent. */
export function updateFields(form: z.output<typeof updateWebcastForm>): Omit<UpdateWebcastArgs, "id" | "now"> {
  const fields: Omit<UpdateWebcastArgs, "id" | "now"> = {};
  const blankToNull = (value: string) => (value.trim() === "" ? null : value);
  if (form.event_title !== undefined) fields.event_title = form.event_title;
  if (form.description !== undefined) fields.description = blankToNull(form.description);
  if (form.event_start_date_time !== undefined) fields.event_start_date_time = form.event_start_date_time;
  if (form.duration !== undefined) fields.duration = Number(form.duration);
  if (form.timezone !== undefined) fields.timezone = form.timezone;
  if (form.language !== undefined) fields.language = form.language;
  if (form.is_premiere !== undefined) fields.is_premiere = isTrue(form.is_premiere);
  if (form.is_test !== undefined) fields.is_test = isTrue(form.is_test);
  if (form.event_type !== undefined) fields.event_type = form.event_type;
  if (form.source_type !== undefined) fields.source_type = form.source_type === "" ? null : form.source_type;
  if (form.quality !== undefined) fields.quality = form.quality;
  if (form.privacy !== undefined) fields.privacy = form.privacy;
  if (form.tag !== undefined) fields.tag = blankToNull(form.tag);
  if (form.theme !== undefined) fields.theme = form.theme;
  if (form.title_color !== undefined) fields.title_color = blankToNull(form.title_color);
  if (form.registration_fields !== undefined) fields.registration_fields = form.registration_fields satisfies RegistrationField[];
  for (const key of FORM_BOOLEAN_SETTINGS) {
    const value = form[key];
    if (value !== undefined) fields[key] = isTrue(value);
  }
  const options: Partial<AttendeeOptions> = {};
  for (const key of ATTENDEE_OPTION_KEYS) {
    const value = form[`attendee_options[${key}]`];
    if (value !== undefined) options[key] = isTrue(value);
  }
  if (Object.keys(options).length > 0) fields.attendee_options = options;
  return fields;
}

/** The speaker list a validated form sends (user ids as numbers), or undefined when it sends none (speakers untouched). */
export function formSpeakers(form: z.output<typeof updateWebcastForm>): WebcastFormSpeaker[] | undefined {
  return form.speakers?.map((entry) => ({ id: Number(entry.id), ...(entry.is_producer === undefined ? {} : { is_producer: isTrue(entry.is_producer) }) }));
}

/** Whether a form asks for the PATCH override (checked before the fields: without it, nothing is parsed). */
export function isPatchOverride(value: unknown): boolean {
  return typeof value === "string" && value.toUpperCase() === "PATCH";
}

/** A POST to /api/webcasts/{uid} without `_method=PATCH`: SPEC §7 only defines the override. */
export const METHOD_OVERRIDE_REQUIRED: LocalizedText = {
  en: "Send the changes as form data with _method=PATCH.",
  fr: "Envoyez les modifications en données de formulaire avec _method=PATCH.",
};

/** PATCH poster-overlay, question-wall and anonymous-questions (SPEC §7): `{ enabled }`. */
export const toggleBody = z.strictObject({ enabled: z.boolean() });
export type ToggleBody = z.input<typeof toggleBody>;

/**
 * PATCH /api/webcasts/{uid}/access-controls (JSON): the access flags, and `password` (a string
 * sets it, null removes it, absent keeps it). The password follows the SPEC §5 password rule.
 */
export function accessControlsBody(locale: UiLocale) {
  return z.strictObject({
    privacy: z.enum(WEBCAST_PRIVACIES).optional(),
    registration_required: z.boolean().optional(),
    control_number_required: z.boolean().optional(),
    sso_required: z.boolean().optional(),
    password: passwordSchema(locale).max(200).nullable().optional(),
  });
}
export type AccessControlsBody = z.input<ReturnType<typeof accessControlsBody>>;

/**
 * POST /api/webcasts/{uid}/reset (JSON, SPEC §7 `{scheduled_start, timezone}`): the new start as
 * an instant with its zone (`…Z` or an offset), or null/absent to keep the start time; `timezone`
 * the IANA zone the webcast is shown in (absent: unchanged). The mutator judges both.
 */
export const resetBody = z.strictObject({
  scheduled_start: z.iso.datetime({ offset: true }).nullable().optional(),
  timezone: z.string().max(100).optional(),
});
export type ResetBody = z.input<typeof resetBody>;
