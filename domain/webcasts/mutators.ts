import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { canCreateServices, hasFeature, type LimitKey, limitReachedMessage, limitsOf, ORGANIZATION_MESSAGES, withinLimit } from "../organizations/index.ts";
import { can } from "../permissions/can.ts";
import { type MutationContext, MutationRejected, type MutationTx, type OrganizationRules, type RowQuery, defineMutator, matchesQuery, ofRow, inOrganization } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { datetimeAfter } from "../validation/datetime.ts";
import { WEBCAST_MESSAGES, type WebcastMessage, testQuotaMessage } from "./messages.ts";
import { organizationRules } from "./part-rules.ts";
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
import { ON_AIR_LOCKED_FIELDS, isEnded, isOnAir } from "./status.ts";
import {
  TEST_WEBCASTS_PER_MONTH,
  countedInMonthQuery,
  simultaneousQuery,
  testsInMonthQuery,
  webcastFieldErrors,
  webcastMonth,
  peakOverlap,
  webcastWindow,
} from "./rules.ts";
import { BRANDING_IMAGES, brandingName } from "../branding/images.ts";
import { localized, renderedInEveryLocale } from "../validation/localized.ts";
import { registrationFieldsSchema } from "../registration/record.ts";
import { registrationFormErrors } from "../registration/form-rules.ts";
import { attendeeOptionsSchema } from "./attendee-options.ts";

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
 * Settings a mutation may change (issue #5). Not here: `billing_enabled` (setWebcastBilling, back
 * office only), `has_password` (the access-controls route
 * sets the password on the server), branding images and loops (set by their upload routes).
 * `attendee_options` is a partial object merged key by key, so two toggles made on two devices
 * both land. `registration_fields` is the whole form (domain/registration), replaced at once and
 * judged by `registrationFormErrors`.
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
  attendee_options: attendeeOptionsSchema.strict().partial(),
  anonymous_questions: z.boolean(),
  speakers_see_stats: z.boolean(),
  schedule_visible: z.boolean(),
  add_to_calendar_visible: z.boolean(),
  vod_download: z.boolean(),
  sponsors_visible: z.boolean(),
  theme: z.string().max(100),
  title_color: z.string().max(100).nullable(),
  registration_fields: registrationFieldsSchema,
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

function checkFields(fields: Parameters<typeof webcastFieldErrors>[0], locale: UiLocale, organization: OrganizationRules | null): void {
  const errors = webcastFieldErrors(fields, locale, organization);
  if (Object.keys(errors).length > 0) throw refuse("validation_failed", "invalid", errors);
}

type Counted = Pick<WebcastRow, "id" | "organization_id">;

/**
 * How many of the organization's webcasts other than `webcast` match `query`: a count (an index
 * range on the server), never a listing of the organization; the webcast's stored row, when it
 * matches, is set apart (an update is judged against the others).
 */
async function countOthers(tx: MutationTx, webcast: Counted, query: RowQuery<"webcasts">): Promise<number> {
  let counted = await tx.count("webcasts", webcast.organization_id, query);
  const self = await tx.get("webcasts", webcast.id);
  if (self && matchesQuery(self, webcast.organization_id, query)) counted--;
  return counted;
}

function limitReached(key: LimitKey, limit: number): MutationRejected {
  const message = (locale: UiLocale) => limitReachedMessage(key, limit, locale);
  return new MutationRejected("limit_reached", renderedInEveryLocale(message));
}

async function checkMonthlyLimit(tx: MutationTx, organization: OrganizationRules, webcast: Counted & Pick<WebcastRow, "event_start_date_time">): Promise<void> {
  // No cap, nothing to count (sales-managed organizations by default).
  if (limitsOf(organization).max_webcasts === null) return;
  const counted = await countOthers(tx, webcast, countedInMonthQuery(webcastMonth(webcast)));
  const check = withinLimit(organization, "max_webcasts", counted);
  if (!check.ok) throw limitReached("max_webcasts", check.limit);
}

/**
 * The test webcasts' monthly quota (SPEC §5, §9; `TEST_WEBCASTS_PER_MONTH` per organization and
 * calendar month of the start, every state counted as for max_webcasts). It needs no
 * organization rules, so a browser judges it offline from the rows it holds.
 */
async function checkTestQuota(tx: MutationTx, webcast: Counted & Pick<WebcastRow, "event_start_date_time">): Promise<void> {
  const counted = await countOthers(tx, webcast, testsInMonthQuery(webcastMonth(webcast)));
  if (counted >= TEST_WEBCASTS_PER_MONTH) throw new MutationRejected("limit_reached", testQuotaMessage(TEST_WEBCASTS_PER_MONTH));
}

/**
 * max_simultaneous_webcasts ("webcasts live at the same time"), judged on the schedule: refused
 * when the webcast's span [start, start + duration) overlaps the spans of that many other
 * webcasts of the organization that are not test webcasts and not over (`simultaneousQuery`). The
 * count's index range reaches back by the organization's max_duration. Going live (the control
 * room) is to re-check it against the webcasts actually on air.
 */
async function checkSimultaneousLimit(tx: MutationTx, organization: OrganizationRules, webcast: WebcastRow): Promise<void> {
  const limits = limitsOf(organization);
  if (limits.max_simultaneous_webcasts === null) return;
  const query = simultaneousQuery(webcast, limits.max_duration);
  const counted = await countOthers(tx, webcast, query);
  // Fewer overlapping spans than the limit: never that many at once (the usual case, one count).
  const byCount = withinLimit(organization, "max_simultaneous_webcasts", counted);
  if (byCount.ok) return;
  // With a limit of 1 any overlap is one too many. Above it, the most at once may still be fewer
  // (9:00–10:00 and 10:00–11:00 never meet): this rare case reads the organization's webcasts to
  // find the peak within the span.
  if (byCount.limit <= 1) throw limitReached("max_simultaneous_webcasts", byCount.limit);
  const others = (await tx.list("webcasts", webcast.organization_id)).filter((row) => row.id !== webcast.id && matchesQuery(row, webcast.organization_id, query));
  const check = withinLimit(organization, "max_simultaneous_webcasts", peakOverlap(webcastWindow(webcast), others.map(webcastWindow)));
  if (!check.ok) throw limitReached("max_simultaneous_webcasts", check.limit);
}

const normalizeDescription = (value: string | null | undefined) => (value == null || value.trim() === "" ? null : value.trim());

/**
 * Creates a webcast (state upcoming, SPEC §4) under the id the client made. Refused without
 * `webcasts.create` in the organization, in a deactivated organization (SPEC §4), without
 * allow_webcasts (allow_premiere_webcasts for a premiere), with invalid fields, over max_webcasts
 * for its month or max_simultaneous_webcasts for its span, or (a test webcast) over the test quota
 * of its month; an id already taken is a conflict.
 */
export const createWebcast = defineMutator("createWebcast", createWebcastArgs, inOrganization, async (tx, args, ctx) => {
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
  if (row.is_test) await checkTestQuota(tx, row);
  else if (organization) {
    await checkMonthlyLimit(tx, organization, row);
    await checkSimultaneousLimit(tx, organization, row);
  }
  await tx.put("webcasts", row);
});

/**
 * Patches the given fields of a webcast and bumps updated_at; fields not given are left as they
 * are on the server (per-field last write wins). Refused when the webcast is gone (deleted),
 * without `webcasts.update` in its organization, when an on-air webcast's schedule or type would
 * change, for invalid fields, a premiere without allow_premiere_webcasts, a move into a month
 * already at max_webcasts (or at the test quota, for a test webcast), or a span newly overlapping
 * max_simultaneous_webcasts others.
 */
export const updateWebcast = defineMutator("updateWebcast", updateWebcastArgs, ofRow, async (tx, args, ctx) => {
  const current = await tx.get("webcasts", args.id);
  if (!current) throw refuse("not_found", "not_found");
  if (!can(ctx.actor, "webcasts.update", current.organization_id)) throw refuse("forbidden", "update_forbidden");

  const patch = patchOf(args, current);
  const next: WebcastRow = { ...current, ...patch };

  if (isOnAir(current) && ON_AIR_LOCKED_FIELDS.some((field) => next[field] !== current[field])) throw refuse("locked", "on_air_locked");

  const durationChecked = patch.duration !== undefined || (next.is_test && !current.is_test);
  const needsRules = durationChecked || (next.is_premiere && !current.is_premiere) || countsNewly(current, next) || overlapsNewly(current, next) || gatedSettingsChange(current, next);
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
    if (overlapsNewly(current, next)) await checkSimultaneousLimit(tx, organization, next);
  }
  if (testCountsNewly(current, next)) await checkTestQuota(tx, next);
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
export const GATED_SETTINGS = [
  { field: "source_type", value: "rtmp", feature: "allow_rtmp_mode", message: "rtmp_disabled" },
  { field: "source_type", value: "vmr", feature: "allow_vmr_sources", message: "vmr_disabled" },
  { field: "quality", value: "1080p", feature: "allow_1080_webcasts", message: "hd_disabled" },
  { field: "vod_download", value: true, feature: "allow_replay_download", message: "replay_download_disabled" },
] as const satisfies readonly { field: SettingsField; value: unknown; feature: Parameters<typeof hasFeature>[1]; message: WebcastMessage }[];

function gatedSettingsChange(current: WebcastSettings, next: WebcastSettings): boolean {
  return GATED_SETTINGS.some((gate) => next[gate.field] === gate.value && current[gate.field] !== gate.value);
}

/**
 * The settings rules: a title colour is #rrggbb; a registration form given follows the form rules
 * (`registrationFormErrors`, SPEC §5); a gated value newly taken needs its feature (when the
 * organization's rules are known).
 */
function checkSettings(current: WebcastSettings, next: WebcastSettings, locale: UiLocale, organization: OrganizationRules | null): void {
  if (next.title_color !== null && next.title_color !== current.title_color && !/^#[0-9a-f]{6}$/.test(next.title_color)) {
    throw refuse("validation_failed", "invalid", { title_color: [localized(WEBCAST_MESSAGES.title_color_invalid, locale)] });
  }
  // A form given (a new list) is judged whole: a field's condition depends on the fields before it.
  if (next.registration_fields !== current.registration_fields) {
    const errors = registrationFormErrors(next.registration_fields, locale);
    if (Object.keys(errors).length > 0) throw refuse("validation_failed", "invalid", errors);
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

/** Whether the change makes a test webcast count in a month it did not count in (the test quota). */
function testCountsNewly(current: WebcastRow, next: WebcastRow): boolean {
  if (!next.is_test) return false;
  return !current.is_test || webcastMonth(current) !== webcastMonth(next);
}

/**
 * Whether the change may make the webcast overlap webcasts it did not overlap
 * (max_simultaneous_webcasts): it starts to count (no longer a test, no longer over), or its span
 * reaches outside its former span. A span that only shrinks is never refused (the organization
 * may have lowered its limit since).
 */
function overlapsNewly(current: WebcastRow, next: WebcastRow): boolean {
  if (next.is_test || isEnded(next)) return false;
  if (current.is_test || isEnded(current)) return true;
  const before = webcastWindow(current);
  const after = webcastWindow(next);
  return after.start < before.start || after.end > before.end;
}

/**
 * Deletes a webcast. Refused when it is already gone, without `webcasts.delete` in its
 * organization, or while it is on air (SPEC §4 "A live webcast cannot be deleted").
 */
export const deleteWebcast = defineMutator("deleteWebcast", deleteWebcastArgs, ofRow, async (tx, args, ctx) => {
  const current = await tx.get("webcasts", args.id);
  if (!current) throw refuse("not_found", "not_found");
  if (!can(ctx.actor, "webcasts.delete", current.organization_id)) throw refuse("forbidden", "delete_forbidden");
  if (isOnAir(current)) throw refuse("locked", "live_delete");
  await tx.delete("webcasts", args.id);
});

// ---------------------------------------------------------------------------------------------
// Mutators of the REST settings calls (issue #5, docs/webcasts-api.md). Three are server-only:
// they set what must match something only the server holds (the password hash in
// `webcast_secrets`, images stored in R2) or will drive the control room (reset). They refuse to
// run anywhere but on the server, so a browser never applies them optimistically; the routes push
// them like any mutation, so devices receive the change by the usual pull.

/**
 * Mutators only the server's own routes may run. The sync push route should refuse these names
 * from browsers (each is safe anyway: same permission as its route, keys checked, and a
 * `has_password` without a matching hash fails closed).
 */
export const SERVER_ONLY_WEBCAST_MUTATORS: ReadonlySet<string> = new Set(["setWebcastAccess", "setWebcastBranding", "resetWebcast"]);

function serverOnly(ctx: MutationContext): void {
  if (ctx.location !== "server") throw refuse("forbidden", "server_only");
}

/** The webcast if it exists and the actor holds `webcasts.update` in its organization. */
async function webcastToUpdate(tx: MutationTx, id: string, ctx: MutationContext): Promise<WebcastRow> {
  const current = await tx.get("webcasts", id);
  if (!current) throw refuse("not_found", "not_found");
  if (!can(ctx.actor, "webcasts.update", current.organization_id)) throw refuse("forbidden", "update_forbidden");
  return current;
}

export const setWebcastAccessArgs = z.strictObject({
  id: z.string().regex(UUID_V7),
  privacy: settings.privacy.optional(),
  registration_required: settings.registration_required.optional(),
  control_number_required: settings.control_number_required.optional(),
  sso_required: settings.sso_required.optional(),
  has_password: z.boolean().optional(),
  now: isoDateTime,
});
export type SetWebcastAccessArgs = z.input<typeof setWebcastAccessArgs>;

/**
 * Server only (PATCH /api/webcasts/{uid}/access-controls): the access flags and `has_password`,
 * in one change. The route stores the password's hash in `webcast_secrets` after this is applied;
 * a viewer gate asks for a password when `has_password` is set and accepts only a stored hash's
 * match, so a flag without its hash locks out rather than opens. Needs `webcasts.update`.
 */
export const setWebcastAccess = defineMutator("setWebcastAccess", setWebcastAccessArgs, ofRow, async (tx, args, ctx) => {
  serverOnly(ctx);
  await webcastToUpdate(tx, args.id, ctx);
  const { id, now, ...given } = args;
  const patch: Partial<WebcastRow> = {};
  for (const [field, value] of Object.entries(given)) if (value !== undefined) Reflect.set(patch, field, value);
  await tx.patch("webcasts", id, { ...patch, updated_at: now });
});

const brandingKey = z.string().max(300).nullable().optional();
export const setWebcastBrandingArgs = z.strictObject({
  id: z.string().regex(UUID_V7),
  theme: settings.theme.optional(),
  title_color: settings.title_color.optional(),
  logo_key: brandingKey,
  cover_key: brandingKey,
  banner_key: brandingKey,
  now: isoDateTime,
});
export type SetWebcastBrandingArgs = z.input<typeof setWebcastBrandingArgs>;

/**
 * Server only (POST /api/webcasts/{uid}/branding): theme, title colour and the R2 keys of the
 * images the route has just stored (null removes one), in one change. A key must be one of this
 * webcast's branding keys of its kind, so no change can point a webcast at another one's object.
 * Needs `webcasts.update`; the title colour is #rrggbb.
 */
export const setWebcastBranding = defineMutator("setWebcastBranding", setWebcastBrandingArgs, ofRow, async (tx, args, ctx) => {
  serverOnly(ctx);
  const current = await webcastToUpdate(tx, args.id, ctx);
  const patch: Partial<WebcastRow> = settingsPatchOf({ theme: args.theme, title_color: args.title_color }, current);
  const errors: Record<string, string[]> = {};
  for (const kind of BRANDING_IMAGES) {
    const key = args[`${kind}_key`];
    if (key === undefined) continue;
    if (key !== null && brandingName(args.id, key, kind) === null) errors[kind] = [localized(WEBCAST_MESSAGES.image_key_invalid, ctx.locale)];
    else patch[`${kind}_key`] = key;
  }
  if (Object.keys(errors).length > 0) throw refuse("validation_failed", "invalid", errors);
  checkSettings(current, { ...current, ...patch }, ctx.locale, null);
  await tx.patch("webcasts", args.id, { ...patch, updated_at: args.now });
});

export const resetWebcastArgs = z.strictObject({
  id: z.string().regex(UUID_V7),
  /** The new start (UTC ISO); absent or null keeps the current one (SPEC §4 "reschedule or keep"). */
  scheduled_start: isoDateTime.nullable().optional(),
  timezone: editable.timezone.optional(),
  now: isoDateTime,
});
export type ResetWebcastArgs = z.input<typeof resetWebcastArgs>;

/**
 * Server only (POST /api/webcasts/{uid}/reset, when the webcast's room has nothing to reset): the
 * webcast's new start (after now) or its own, optionally in another time zone. Its data part only:
 * the room resets the show (disconnects speakers, back to upcoming, SPEC §4) and writes the status;
 * in D1 a push never writes `state` (worker/features/sync/tables.ts `insertOnly`), so the `state`
 * below only speaks for stores without a room. A webcast on air is refused (423), as is a
 * canceled one. Needs
 * `webcasts.update`; the limits of its month and span (max_webcasts, the test quota,
 * max_simultaneous_webcasts: an archived webcast takes a place again) are checked like an edit.
 */
export const resetWebcast = defineMutator("resetWebcast", resetWebcastArgs, ofRow, async (tx, args, ctx) => {
  serverOnly(ctx);
  const current = await webcastToUpdate(tx, args.id, ctx);
  if (isOnAir(current)) throw refuse("locked", "reset_on_air");
  if (current.state === "canceled") throw refuse("locked", "reset_canceled");
  const patch: Partial<WebcastRow> = { state: "upcoming" };
  if (args.scheduled_start != null) patch.event_start_date_time = args.scheduled_start;
  if (args.timezone !== undefined) patch.timezone = args.timezone;
  const errors = webcastFieldErrors(args.timezone === undefined ? {} : { timezone: args.timezone }, ctx.locale, null);
  const late = args.scheduled_start == null ? null : datetimeAfter(args.scheduled_start, ctx.locale, { now: new Date(ctx.now) });
  if (late) errors.scheduled_start = [late];
  if (Object.keys(errors).length > 0) throw refuse("validation_failed", "invalid", errors);
  const next: WebcastRow = { ...current, ...patch };
  if (countsNewly(current, next) || overlapsNewly(current, next)) {
    const organization = await organizationRules(tx, ctx, current.organization_id);
    if (organization && countsNewly(current, next)) await checkMonthlyLimit(tx, organization, next);
    if (organization && overlapsNewly(current, next)) await checkSimultaneousLimit(tx, organization, next);
  }
  if (testCountsNewly(current, next)) await checkTestQuota(tx, next);
  await tx.patch("webcasts", args.id, { ...patch, updated_at: args.now });
});

export const setWebcastBillingArgs = z.strictObject({ id: z.string().regex(UUID_V7), billing_enabled: z.boolean(), now: isoDateTime });
export type SetWebcastBillingArgs = z.input<typeof setWebcastBillingArgs>;

/**
 * Whether the webcast is billed (POST /api/webcasts/{uid}/billing/enable|disable). Billing is the
 * back office's business, like the organization's billing terms: needs `organizations.administer`
 * (super admin, back office), not the owner's `billing.manage` (an owner could stop paying).
 */
export const setWebcastBilling = defineMutator("setWebcastBilling", setWebcastBillingArgs, ofRow, async (tx, args, ctx) => {
  const current = await tx.get("webcasts", args.id);
  if (!current) throw refuse("not_found", "not_found");
  if (!can(ctx.actor, "organizations.administer", current.organization_id)) throw refuse("forbidden", "billing_forbidden");
  await tx.patch("webcasts", args.id, { billing_enabled: args.billing_enabled, updated_at: args.now });
});

/** Every webcast mutator by name, for the client replica and the server's applyPush. */
export const WEBCAST_MUTATORS = { createWebcast, updateWebcast, deleteWebcast, setWebcastAccess, setWebcastBranding, resetWebcast, setWebcastBilling } as const;
