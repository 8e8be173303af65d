import type { MessageLocale } from "../i18n/locales.ts";
import { datetimeAfter } from "../validation/datetime.ts";
import { required } from "../validation/required.ts";
import { WEBCAST_MESSAGES } from "./messages.ts";
import type { CreateWebcastArgs, UpdateWebcastArgs } from "./mutators.ts";
import type { WebcastRow } from "./record.ts";
import { webcastFieldErrors } from "./rules.ts";
import { utcToWallTime, wallTimeToUtc } from "../time/wall-time.ts";

/**
 * The webcast draft (SPEC §3 "Draft webcast: details payload and access payload"): what a webcast
 * form holds while the organizer types, autosaved on the device (web/local `drafts`), turned into a
 * `createWebcast` / `updateWebcast` mutation on save. Values are kept as typed (a duration is the
 * text of its field) so a half-typed form survives a reload exactly.
 *
 * The access payload is empty until the access settings exist (issue #5 adds privacy,
 * registration, password…); clearing a draft empties both payloads (SPEC §4).
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
}

export type WebcastDraftAccess = Record<string, never>;

export interface WebcastDraft {
  details: WebcastDraftDetails;
  access: WebcastDraftAccess;
}

export type WebcastDraftField = keyof WebcastDraftDetails;

/** The wizard's steps and the fields each one validates (SPEC §5: every step's errors block saving). */
export const WEBCAST_WIZARD_STEPS = [
  { id: "general", fields: ["organization_id", "event_title", "description", "language", "kind"] },
  { id: "schedule", fields: ["start_date", "start_time", "timezone", "duration"] },
] as const satisfies readonly { id: string; fields: readonly WebcastDraftField[] }[];
export type WebcastWizardStep = (typeof WEBCAST_WIZARD_STEPS)[number]["id"];

export const DEFAULT_WEBCAST_DURATION = 60;

export function kindOf(row: Pick<WebcastRow, "is_premiere" | "is_test">): WebcastKind {
  return row.is_test ? "test" : row.is_premiere ? "premiere" : "live";
}

/**
 * A fresh draft: starts tomorrow at the next full hour in the organizer's time zone, lasts an
 * hour, in the interface language (fr for pt/es/de, like validation texts).
 */
export function emptyWebcastDraft(options: { organizationId: number | null; timezone: string; language: "en" | "fr"; now: Date }): WebcastDraft {
  const start = new Date(options.now.getTime() + 24 * 3_600_000);
  start.setUTCMinutes(0, 0, 0);
  start.setUTCHours(start.getUTCHours() + 1);
  const wall = utcToWallTime(start.toISOString(), options.timezone);
  return {
    details: {
      organization_id: options.organizationId,
      event_title: "",
      description: "",
      language: options.language,
      kind: "live",
      start_date: wall.date,
      start_time: wall.time,
      timezone: options.timezone,
      duration: String(DEFAULT_WEBCAST_DURATION),
    },
    access: {},
  };
}

/** The draft of an existing webcast's form: its fields as the organizer reads them. */
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
  return { details, access: { ...base.access } };
}

const DURATION = /^\s*\d+\s*$/;

function parsedDuration(text: string): number | null {
  return DURATION.test(text) ? Number(text.trim()) : null;
}

/**
 * Field errors of a draft, by draft field, in `locale`. The mutators' own rules
 * (webcastFieldErrors) plus the form rules: an organization chosen, a real date, hh:mm, a whole
 * number of minutes, and — when `startAfter` is given — a start after it (SPEC §5 datetime_after,
 * now rounded down to the minute).
 */
export function webcastDraftErrors(details: WebcastDraftDetails, locale: MessageLocale, options: { startAfter?: Date } = {}): Partial<Record<WebcastDraftField, string[]>> {
  const errors: Partial<Record<WebcastDraftField, string[]>> = {};
  const add = (field: WebcastDraftField, message: string) => (errors[field] ??= []).push(message);
  const text = (key: keyof typeof WEBCAST_MESSAGES) => WEBCAST_MESSAGES[key][locale];

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
  return errors;
}

/** The wizard steps that hold at least one error. */
export function stepsWithErrors(errors: Partial<Record<WebcastDraftField, string[]>>): WebcastWizardStep[] {
  return WEBCAST_WIZARD_STEPS.filter((step) => step.fields.some((field) => (errors[field]?.length ?? 0) > 0)).map((step) => step.id);
}

/**
 * Where a mutation's field error (by row field) shows in the form: the start instant's errors
 * under the time, the rest under the field of the same name.
 */
export function draftFieldOf(rowField: string): WebcastDraftField | null {
  if (rowField === "event_start_date_time") return "start_time";
  if (rowField === "is_test" || rowField === "is_premiere") return "kind";
  const fields: readonly string[] = WEBCAST_WIZARD_STEPS.flatMap((step) => step.fields);
  return fields.includes(rowField) ? (rowField as WebcastDraftField) : null;
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
  };
}

/** The `createWebcast` arguments of a valid draft. */
export function createArgsFromDraft(draft: WebcastDraft, options: { id: string; now: string }): CreateWebcastArgs {
  const { organization_id } = draft.details;
  if (organization_id === null) throw new Error("createArgsFromDraft without an organization");
  return { id: options.id, organization_id, ...rowFields(draft.details), now: options.now };
}

/** The `updateWebcast` arguments of a valid draft: only the fields that differ from `current`, or null when none does. */
export function updateArgsFromDraft(draft: WebcastDraft, current: WebcastRow, now: string): UpdateWebcastArgs | null {
  const next = rowFields(draft.details);
  const changed: Partial<typeof next> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (next[key] !== current[key]) (changed as Record<string, unknown>)[key] = next[key];
  }
  if (Object.keys(changed).length === 0) return null;
  return { id: current.id, ...changed, now };
}

/** Whether two drafts hold the same values (a form is "dirty" when its draft differs from where it started). */
export function sameDraft(a: WebcastDraft, b: WebcastDraft): boolean {
  const same = (x: Record<string, unknown>, y: Record<string, unknown>) => {
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    return [...keys].every((key) => x[key] === y[key]);
  };
  return same({ ...a.details }, { ...b.details }) && same(a.access, b.access);
}
