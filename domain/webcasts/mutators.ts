import { z } from "zod";
import type { MessageLocale } from "../i18n/locales.ts";
import { canCreateServices, hasFeature, limitReachedMessage, limitsOf, ORGANIZATION_MESSAGES, withinLimit } from "../organizations/index.ts";
import { can } from "../permissions/can.ts";
import { type MutationContext, MutationRejected, type MutationTx, type OrganizationRules, defineMutator, matchesQuery } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { WEBCAST_MESSAGES, type WebcastMessage } from "./messages.ts";
import {
  type AttendeeOptions,
  DEFAULT_WEBCAST_SETTINGS,
  WEBCAST_EVENT_TYPES,
  WEBCAST_PRIVACIES,
  WEBCAST_QUALITIES,
  WEBCAST_SOURCE_TYPES,
  type WebcastRow,
  type WebcastSettings,
} from "./record.ts";
import { ON_AIR_LOCKED_FIELDS, countedInMonthQuery, isOnAir, webcastFieldErrors, webcastMonth } from "./rules.ts";

/**
 * The webcast mutators (docs/sync.md): the only way the synced webcast core changes. The browser
 * runs them optimistically, the server replays them as the authority. Each checks its permission
 * (`webcasts.create` / `.update` / `.delete` in the organization) itself. Ids and times travel in
 * the arguments, so a replay gives the same row on every side.
 */

const isoDateTime = z.iso.datetime();
// Shapes only; what a person can get wrong (blank title, durations, time zone) is a localized rule.
const editable = {
  event_title: z.string().max(10_000),
  description: z.string().max(100_000).nullable(),
  event_start_date_time: isoDateTime,
  duration: z.int(),
  timezone: z.string().max(100),
  language: z.enum(["en", "fr"]),
  is_premiere: z.boolean(),
  is_test: z.boolean(),
};

/**
 * Settings a mutation may change (issue #5). Not here: `has_password` (the access-controls route
 * sets the password on the server), branding images and loops (set by their upload routes).
 * `attendee_options` is a partial object merged key by key, so two toggles made on two devices
 * both land.
 */
const settings = {
  event_type: z.enum(WEBCAST_EVENT_TYPES),
  source_type: z.enum(WEBCAST_SOURCE_TYPES).nullable(),
  quality: z.enum(WEBCAST_QUALITIES),
  screen_sharing: z.boolean(),
  replay_enabled: z.boolean(),
  privacy: z.enum(WEBCAST_PRIVACIES),
  registration_required: z.boolean(),
  control_number_required: z.boolean(),
  sso_required: z.boolean(),
  tag: z.string().max(1_000).nullable(),
  attendee_options: z
    .strictObject({
      ask_questions: z.boolean(),
      view_resources: z.boolean(),
      view_details: z.boolean(),
      switch_language: z.boolean(),
      poster_overlay: z.boolean(),
      question_wall: z.boolean(),
    })
    .partial(),
  anonymous_questions: z.boolean(),
  speakers_see_stats: z.boolean(),
  schedule_visible: z.boolean(),
  add_to_calendar_visible: z.boolean(),
  vod_download: z.boolean(),
  sponsors_visible: z.boolean(),
  billing_enabled: z.boolean(),
  theme: z.string().max(100),
  title_color: z.string().max(100).nullable(),
};
export type SettingsField = keyof typeof settings;
export const SETTINGS_FIELDS = Object.keys(settings) as SettingsField[];

export const createWebcastArgs = z.strictObject({
  id: z.string().regex(UUID_V7),
  organization_id: z.int().positive(),
  ...editable,
  ...z.object(settings).partial().shape,
  description: editable.description.optional(),
  is_premiere: editable.is_premiere.default(false),
  is_test: editable.is_test.default(false),
  /** Client time of the creation: created_at and updated_at. */
  now: isoDateTime,
});

/** Fields an update may change (a subset; omitted fields are kept, which is what merges concurrent edits). */
export const updateWebcastArgs = z.strictObject({
  id: z.string().regex(UUID_V7),
  ...z.object(editable).partial().shape,
  ...z.object(settings).partial().shape,
  /** Client time of the edit: updated_at. */
  now: isoDateTime,
});

export const deleteWebcastArgs = z.strictObject({ id: z.string().regex(UUID_V7) });

export type CreateWebcastArgs = z.input<typeof createWebcastArgs>;
export type UpdateWebcastArgs = z.input<typeof updateWebcastArgs>;
export type EditableWebcastField = keyof typeof editable;
export const EDITABLE_WEBCAST_FIELDS = Object.keys(editable) as EditableWebcastField[];

function refuse(code: string, key: WebcastMessage, errors?: Record<string, string[]>): MutationRejected {
  return new MutationRejected(code, WEBCAST_MESSAGES[key], errors);
}

/**
 * The organization's rules, or null where they are not known (a browser without them: the
 * server judges). The server must provide them: a store without the lookup is a wiring error,
 * not a reason to skip limits.
 */
async function organizationRules(tx: MutationTx, ctx: MutationContext, organizationId: number): Promise<OrganizationRules | null> {
  if (!tx.organization) {
    if (ctx.location === "server") throw new Error("ServerStore.read.organization is required on the server");
    return null;
  }
  const rules = await tx.organization(organizationId);
  if (!rules) throw refuse("not_found", "organization_not_found");
  return rules;
}

function checkFields(fields: Parameters<typeof webcastFieldErrors>[0], locale: MessageLocale, organization: OrganizationRules | null): void {
  const errors = webcastFieldErrors(fields, locale, organization);
  if (Object.keys(errors).length > 0) throw refuse("validation_failed", "invalid", errors);
}

async function checkMonthlyLimit(tx: MutationTx, organization: OrganizationRules, webcast: Pick<WebcastRow, "id" | "organization_id" | "event_start_date_time">): Promise<void> {
  // No cap, nothing to count (sales-managed organizations by default).
  if (limitsOf(organization).max_webcasts === null) return;
  const month = webcastMonth(webcast);
  // A count of the month (an index range on the server), never a listing of the organization.
  const query = countedInMonthQuery(month);
  let counted = await tx.count("webcasts", webcast.organization_id, query);
  const self = await tx.get("webcasts", webcast.id);
  if (self && matchesQuery(self, webcast.organization_id, query)) counted--;
  const check = withinLimit(organization, "max_webcasts", counted);
  if (!check.ok) {
    const message = (locale: MessageLocale) => limitReachedMessage("max_webcasts", check.limit, locale);
    throw new MutationRejected("limit_reached", { en: message("en"), fr: message("fr") });
  }
}

const normalizeDescription = (value: string | null | undefined) => (value == null || value.trim() === "" ? null : value.trim());

/**
 * Creates a webcast (state upcoming, SPEC §4) under the id the client made. Refused without
 * `webcasts.create` in the organization, in a deactivated organization (SPEC §4), without
 * allow_webcasts (allow_premiere_webcasts for a premiere), over max_webcasts for its month or with
 * invalid fields; an id already taken is a conflict.
 */
export const createWebcast = defineMutator("createWebcast", createWebcastArgs, async (tx, args, ctx) => {
  if (!can(ctx.actor, "webcasts.create", args.organization_id)) throw refuse("forbidden", "create_forbidden");
  const organization = await organizationRules(tx, ctx, args.organization_id);
  if (organization) {
    if (!canCreateServices(organization)) throw new MutationRejected("forbidden", ORGANIZATION_MESSAGES.deactivated);
    if (!hasFeature(organization, "allow_webcasts")) throw refuse("forbidden", "webcasts_disabled");
    if (args.is_premiere && !hasFeature(organization, "allow_premiere_webcasts")) throw refuse("forbidden", "premiere_disabled");
  }
  if (await tx.get("webcasts", args.id)) throw refuse("conflict", "already_exists");

  const row: WebcastRow = {
    id: args.id,
    organization_id: args.organization_id,
    event_title: args.event_title.trim(),
    description: normalizeDescription(args.description),
    event_start_date_time: args.event_start_date_time,
    duration: args.duration,
    timezone: args.timezone,
    language: args.language,
    state: "upcoming",
    is_premiere: args.is_premiere,
    is_test: args.is_test,
    created_by: ctx.actor.id,
    created_at: args.now,
    updated_at: args.now,
    ...DEFAULT_WEBCAST_SETTINGS,
    ...settingsPatchOf(args, DEFAULT_WEBCAST_SETTINGS),
  };
  checkFields(row, ctx.locale, organization);
  checkSettings(DEFAULT_WEBCAST_SETTINGS, row, ctx.locale, organization);
  if (organization && !row.is_test) await checkMonthlyLimit(tx, organization, row);
  await tx.put("webcasts", row);
});

/**
 * Patches the given fields of a webcast and bumps updated_at; fields not given are left as they
 * are on the server (per-field last write wins). Refused when the webcast is gone (deleted),
 * without `webcasts.update` in its organization, when an on-air webcast's schedule or type would
 * change, for invalid fields, a premiere without allow_premiere_webcasts, or a move into a month
 * already at max_webcasts.
 */
export const updateWebcast = defineMutator("updateWebcast", updateWebcastArgs, async (tx, args, ctx) => {
  const current = await tx.get("webcasts", args.id);
  if (!current) throw refuse("not_found", "not_found");
  if (!can(ctx.actor, "webcasts.update", current.organization_id)) throw refuse("forbidden", "update_forbidden");

  const patch = patchOf(args, current);
  const next: WebcastRow = { ...current, ...patch };

  if (isOnAir(current) && ON_AIR_LOCKED_FIELDS.some((field) => next[field] !== current[field])) throw refuse("locked", "on_air_locked");

  const durationChecked = patch.duration !== undefined || (next.is_test && !current.is_test);
  const needsRules = durationChecked || (next.is_premiere && !current.is_premiere) || countsNewly(current, next) || gatedSettingsChange(current, next);
  const organization = needsRules ? await organizationRules(tx, ctx, current.organization_id) : null;
  checkFields(
    {
      ...(patch.event_title === undefined ? {} : { event_title: patch.event_title }),
      ...(patch.description === undefined ? {} : { description: patch.description }),
      ...(durationChecked ? { duration: next.duration, is_test: next.is_test } : {}),
      ...(patch.timezone === undefined ? {} : { timezone: patch.timezone }),
    },
    ctx.locale,
    organization,
  );
  checkSettings(current, next, ctx.locale, organization);
  if (organization) {
    if (next.is_premiere && !current.is_premiere && !hasFeature(organization, "allow_premiere_webcasts")) throw refuse("forbidden", "premiere_disabled");
    if (countsNewly(current, next)) await checkMonthlyLimit(tx, organization, next);
  }
  await tx.patch("webcasts", args.id, { ...patch, updated_at: args.now });
});

/** The given editable fields, normalized as create stores them (absent and undefined = not given). */
function patchOf(args: z.output<typeof updateWebcastArgs>, current: WebcastRow): Partial<WebcastRow> {
  const patch: Partial<WebcastRow> = {};
  if (args.event_title !== undefined) patch.event_title = args.event_title.trim();
  if (args.description !== undefined) patch.description = normalizeDescription(args.description);
  if (args.event_start_date_time !== undefined) patch.event_start_date_time = args.event_start_date_time;
  if (args.duration !== undefined) patch.duration = args.duration;
  if (args.timezone !== undefined) patch.timezone = args.timezone;
  if (args.language !== undefined) patch.language = args.language;
  if (args.is_premiere !== undefined) patch.is_premiere = args.is_premiere;
  if (args.is_test !== undefined) patch.is_test = args.is_test;
  return { ...patch, ...settingsPatchOf(args, current) };
}

/** The settings given in `args`, normalized; attendee options merged over `current`'s. */
function settingsPatchOf(args: Partial<Omit<WebcastSettings, "attendee_options">> & { attendee_options?: Partial<AttendeeOptions> | undefined }, current: Pick<WebcastSettings, "attendee_options">): Partial<WebcastSettings> {
  const patch: Partial<WebcastSettings> = {};
  for (const field of SETTINGS_FIELDS) {
    const value = args[field];
    if (value === undefined) continue;
    if (field === "attendee_options") patch.attendee_options = { ...current.attendee_options, ...(value as Partial<AttendeeOptions>) };
    else if (field === "tag") patch.tag = normalizeText(value as string | null);
    else if (field === "title_color") patch.title_color = normalizeText(value as string | null)?.toLowerCase() ?? null;
    else (patch as Record<string, unknown>)[field] = value;
  }
  return patch;
}

const normalizeText = (value: string | null) => (value == null || value.trim() === "" ? null : value.trim());

/** Settings an organization's feature flag gates (SPEC §3), checked when the value is newly taken. */
const GATED_SETTINGS = [
  { field: "source_type", value: "rtmp", feature: "allow_rtmp_mode", message: "rtmp_disabled" },
  { field: "source_type", value: "vmr", feature: "allow_vmr_sources", message: "vmr_disabled" },
  { field: "quality", value: "1080p", feature: "allow_1080_webcasts", message: "hd_disabled" },
  { field: "vod_download", value: true, feature: "allow_replay_download", message: "replay_download_disabled" },
] as const satisfies readonly { field: SettingsField; value: unknown; feature: Parameters<typeof hasFeature>[1]; message: WebcastMessage }[];

function gatedSettingsChange(current: WebcastSettings, next: WebcastSettings): boolean {
  return GATED_SETTINGS.some((gate) => next[gate.field] === gate.value && current[gate.field] !== gate.value);
}

/**
 * The settings rules: a title colour is #rrggbb; a gated value newly taken needs its feature
 * (when the organization's rules are known).
 */
function checkSettings(current: WebcastSettings, next: WebcastSettings, locale: MessageLocale, organization: OrganizationRules | null): void {
  if (next.title_color !== null && next.title_color !== current.title_color && !/^#[0-9a-f]{6}$/.test(next.title_color)) {
    throw refuse("validation_failed", "invalid", { title_color: [WEBCAST_MESSAGES.title_color_invalid[locale]] });
  }
  if (!organization) return;
  for (const gate of GATED_SETTINGS) {
    if (next[gate.field] === gate.value && current[gate.field] !== gate.value && !hasFeature(organization, gate.feature)) throw refuse("forbidden", gate.message);
  }
}

/** Whether the change makes the webcast count in a month it did not count in (max_webcasts). */
function countsNewly(current: WebcastRow, next: WebcastRow): boolean {
  if (next.is_test) return false;
  return current.is_test || webcastMonth(current) !== webcastMonth(next);
}

/**
 * Deletes a webcast. Refused when it is already gone, without `webcasts.delete` in its
 * organization, or while it is on air (SPEC §4 "A live webcast cannot be deleted").
 */
export const deleteWebcast = defineMutator("deleteWebcast", deleteWebcastArgs, async (tx, args, ctx) => {
  const current = await tx.get("webcasts", args.id);
  if (!current) throw refuse("not_found", "not_found");
  if (!can(ctx.actor, "webcasts.delete", current.organization_id)) throw refuse("forbidden", "delete_forbidden");
  if (isOnAir(current)) throw refuse("locked", "live_delete");
  await tx.delete("webcasts", args.id);
});

/** Every webcast mutator by name, for the client replica and the server's applyPush. */
export const WEBCAST_MUTATORS = { createWebcast, updateWebcast, deleteWebcast } as const;
