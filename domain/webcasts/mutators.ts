import { z } from "zod";
import type { MessageLocale } from "../i18n/locales.ts";
import { canCreateServices, hasFeature, limitReachedMessage, limitsOf, ORGANIZATION_MESSAGES, withinLimit } from "../organizations/index.ts";
import { can } from "../permissions/can.ts";
import { type MutationContext, MutationRejected, type MutationTx, type OrganizationRules, defineMutator, matchesQuery } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { WEBCAST_MESSAGES, type WebcastMessage } from "./messages.ts";
import type { WebcastRow } from "./record.ts";
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

export const createWebcastArgs = z.strictObject({
  id: z.string().regex(UUID_V7),
  organization_id: z.int().positive(),
  ...editable,
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
  };
  checkFields(row, ctx.locale, organization);
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

  const patch = patchOf(args);
  const next: WebcastRow = { ...current, ...patch };

  if (isOnAir(current) && ON_AIR_LOCKED_FIELDS.some((field) => next[field] !== current[field])) throw refuse("locked", "on_air_locked");

  const durationChecked = patch.duration !== undefined || (next.is_test && !current.is_test);
  const needsRules = durationChecked || (next.is_premiere && !current.is_premiere) || countsNewly(current, next);
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
  if (organization) {
    if (next.is_premiere && !current.is_premiere && !hasFeature(organization, "allow_premiere_webcasts")) throw refuse("forbidden", "premiere_disabled");
    if (countsNewly(current, next)) await checkMonthlyLimit(tx, organization, next);
  }
  await tx.patch("webcasts", args.id, { ...patch, updated_at: args.now });
});

/** The given editable fields, normalized as create stores them (absent and undefined = not given). */
function patchOf(args: z.output<typeof updateWebcastArgs>): Partial<WebcastRow> {
  const patch: Partial<WebcastRow> = {};
  if (args.event_title !== undefined) patch.event_title = args.event_title.trim();
  if (args.description !== undefined) patch.description = normalizeDescription(args.description);
  if (args.event_start_date_time !== undefined) patch.event_start_date_time = args.event_start_date_time;
  if (args.duration !== undefined) patch.duration = args.duration;
  if (args.timezone !== undefined) patch.timezone = args.timezone;
  if (args.language !== undefined) patch.language = args.language;
  if (args.is_premiere !== undefined) patch.is_premiere = args.is_premiere;
  if (args.is_test !== undefined) patch.is_test = args.is_test;
  return patch;
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
