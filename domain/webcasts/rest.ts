import { z } from "zod";
import type { MessageLocale } from "../i18n/locales.ts";
import { endOf } from "./featured.ts";
import { type UpdateWebcastArgs, createWebcastArgs } from "./mutators.ts";
import type { WebcastApiStatus, WebcastRow } from "./record.ts";

/**
 * The webcast as the REST routes answer it (docs/webcasts-api.md), named as SPEC §3 names it: the
 * synced row's `id` is the public `uid`, plus the computed end, the time zone's short name and the
 * organization's name. The browser builds the same shape from IndexedDB (home, offline).
 */
export interface WebcastResource {
  uid: string;
  organization_id: number;
  organization: { id: number; name: string | null };
  event_title: string;
  description: string | null;
  event_start_date_time: string;
  event_end_date_time: string;
  duration: number;
  timezone: string;
  timezone_short: string;
  language: "en" | "fr";
  state: WebcastApiStatus;
  is_premiere: boolean;
  is_test: boolean;
  created_at: string;
  updated_at: string;
}

/** `Europe/Paris` → "GMT+2" / `America/Toronto` → "EDT" at that instant; the zone itself when unknown. */
export function timezoneShort(timeZone: string, at: number): string {
  try {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(at);
    return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

export function webcastResource(row: WebcastRow, organizationName: string | null): WebcastResource {
  return {
    uid: row.id,
    organization_id: row.organization_id,
    organization: { id: row.organization_id, name: organizationName },
    event_title: row.event_title,
    description: row.description,
    event_start_date_time: row.event_start_date_time,
    event_end_date_time: new Date(endOf(row)).toISOString(),
    duration: row.duration,
    timezone: row.timezone,
    timezone_short: timezoneShort(row.timezone, Date.parse(row.event_start_date_time)),
    language: row.language,
    state: row.state,
    is_premiere: row.is_premiere,
    is_test: row.is_test,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * POST /api/webcasts (JSON): what `createWebcast` takes but the id and the time, which the server
 * makes. Shapes only; the mutator judges the rest (title, durations, time zone, limits) in en/fr.
 */
export const createWebcastBody = createWebcastArgs.omit({ id: true, now: true }).extend({
  // Optional without a default here, so the typed client may leave them out (the mutator defaults them).
  is_premiere: z.boolean().optional(),
  is_test: z.boolean().optional(),
});
export type CreateWebcastBody = z.input<typeof createWebcastBody>;

/** Form booleans as browsers send them: "1", "true" and "on" are true; "0", "false", "off" and "" false. */
const FORM_BOOLEANS = ["1", "0", "true", "false", "on", "off", ""] as const;
type FormBoolean = (typeof FORM_BOOLEANS)[number];
const isTrue = (value: FormBoolean) => value === "1" || value === "true" || value === "on";

/**
 * POST /api/webcasts/{uid} with `_method=PATCH` (multipart or urlencoded form data, SPEC §7):
 * the fields of `updateWebcast`, as the strings a form sends (so the typed client sends strings
 * too); `updateFields` turns them into the mutator's values. Only the fields sent change. Unknown
 * fields are refused (422) so a misspelt one is never silently ignored.
 */
export const updateWebcastForm = z.strictObject({
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
});
export type UpdateWebcastForm = z.input<typeof updateWebcastForm>;

/** The arguments of `updateWebcast` (besides id and now) a validated form asks for: only the fields sent. */
export function updateFields(form: z.output<typeof updateWebcastForm>): Omit<UpdateWebcastArgs, "id" | "now"> {
  const fields: Omit<UpdateWebcastArgs, "id" | "now"> = {};
  if (form.event_title !== undefined) fields.event_title = form.event_title;
  if (form.description !== undefined) fields.description = form.description.trim() === "" ? null : form.description;
  if (form.event_start_date_time !== undefined) fields.event_start_date_time = form.event_start_date_time;
  if (form.duration !== undefined) fields.duration = Number(form.duration);
  if (form.timezone !== undefined) fields.timezone = form.timezone;
  if (form.language !== undefined) fields.language = form.language;
  if (form.is_premiere !== undefined) fields.is_premiere = isTrue(form.is_premiere);
  if (form.is_test !== undefined) fields.is_test = isTrue(form.is_test);
  return fields;
}

/** Whether a form asks for the PATCH override (checked before the fields: without it, nothing is parsed). */
export function isPatchOverride(value: unknown): boolean {
  return typeof value === "string" && value.toUpperCase() === "PATCH";
}

/** A POST to /api/webcasts/{uid} without `_method=PATCH`: SPEC §7 only defines the override. */
export const METHOD_OVERRIDE_REQUIRED: Record<MessageLocale, string> = {
  en: "Send the changes as form data with _method=PATCH.",
  fr: "Envoyez les modifications en données de formulaire avec _method=PATCH.",
};
