import { z } from "zod";
import { limitReachedMessage } from "../organizations/messages.ts";
import { type MutationContext, MutationRejected, type MutationTx, defineMutator, ofRow, ofWebcast } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { localized } from "../validation/localized.ts";
import { organizationRules, webcastFor } from "../webcasts/part-rules.ts";
import type { WebcastRow } from "../webcasts/record.ts";
import { participantLimitOf } from "../webcasts/rules.ts";
import type { ViewerRow } from "./record.ts";
import { VIEWER_MESSAGES, cleanTags, normalizedEmail, viewerFieldErrors } from "./rules.ts";

/**
 * The mutators of a webcast's viewers (SPEC §3 "Viewer/participant", §7 viewers). Each checks the
 * webcast exists and the actor holds `viewers.manage` for it; fields are judged by
 * `viewerFieldErrors` (rules.ts), the one rule of the form, the REST routes and the CSV import.
 * An e-mail is a viewer's identity in a webcast: two viewers of a webcast never share one (the
 * import updates by e-mail). The viewer limit (`participantLimitOf`: max_viewers, 50 for a test
 * webcast) is counted on the server; a browser counts the viewers it holds.
 *
 * Passwords are secrets and never travel through sync: the REST routes set them (hashed) apart.
 * Invitation flags are set by the server once an e-mail went out (`markViewersInvited`).
 */

const isoDateTime = z.iso.datetime();
const uuid = z.string().regex(UUID_V7);
/** Lengths far above the rules' bounds: the rules give the user's message, the schema stops abuse. */
const text = z.string().max(2_000);

/** Most viewers one `deleteViewers` or `markViewersInvited` names. */
export const MAX_VIEWER_IDS = 1_000;

export const createViewerArgs = z.strictObject({
  id: uuid,
  webcast_id: uuid,
  name: text,
  email: text,
  tags: z.array(text).max(200).optional(),
  control_number: text.nullable().optional(),
  vote_weight: z.number().optional(),
  registered: z.boolean().optional(),
  is_moderator: z.boolean().optional(),
  now: isoDateTime,
});
export type CreateViewerArgs = z.input<typeof createViewerArgs>;

export const updateViewerArgs = z.strictObject({
  id: uuid,
  name: text.optional(),
  email: text.optional(),
  tags: z.array(text).max(200).optional(),
  control_number: text.nullable().optional(),
  vote_weight: z.number().optional(),
  registered: z.boolean().optional(),
  is_moderator: z.boolean().optional(),
  now: isoDateTime,
});
export type UpdateViewerArgs = z.input<typeof updateViewerArgs>;

export const deleteViewersArgs = z.strictObject({ webcast_id: uuid, ids: z.array(uuid).min(1).max(MAX_VIEWER_IDS) });
export type DeleteViewersArgs = z.input<typeof deleteViewersArgs>;

export const markViewersInvitedArgs = z.strictObject({
  webcast_id: uuid,
  ids: z.array(uuid).min(1).max(MAX_VIEWER_IDS),
  /** `invitation` sets `invitation_sent`, `reminder` sets `reminder_sent`. */
  kind: z.enum(["invitation", "reminder"]),
  now: isoDateTime,
});
export type MarkViewersInvitedArgs = z.input<typeof markViewersInvitedArgs>;

function invalid(errors: Record<string, string[]>): MutationRejected {
  return new MutationRejected("validation_failed", VIEWER_MESSAGES.invalid, errors);
}

/** The range of a text column holding exactly `value` (`RowQuery` ranges are [from, to)). */
function exactly(value: string): { from: string; to: string } {
  return { from: value, to: `${value}\u0000` };
}

/** Whether another viewer of the webcast has this (normalized) e-mail. */
async function emailTaken(tx: MutationTx, webcast: Pick<WebcastRow, "id" | "organization_id">, email: string, exceptId?: string): Promise<boolean> {
  const holders = await tx.count("viewers", webcast.organization_id, { range: { column: "email", ...exactly(email) }, equals: { webcast_id: webcast.id } });
  if (holders === 0) return false;
  if (!exceptId) return true;
  const self = await tx.get("viewers", exceptId);
  return !(holders === 1 && self?.email === email && self.webcast_id === webcast.id);
}

/** How many viewers the webcast has. */
export async function viewerCount(tx: MutationTx, webcast: Pick<WebcastRow, "id" | "organization_id">): Promise<number> {
  return tx.count("viewers", webcast.organization_id, { range: { column: "webcast_id", ...exactly(webcast.id) } });
}

/** The viewer a mutation names, with its webcast checked (exists, `viewers.manage`). */
async function viewerFor(tx: MutationTx, id: string, ctx: MutationContext): Promise<{ row: ViewerRow; webcast: WebcastRow }> {
  const row = await tx.get("viewers", id);
  if (!row) throw new MutationRejected("not_found", VIEWER_MESSAGES.not_found);
  return { row, webcast: await webcastFor(tx, row.webcast_id, "viewers.manage", ctx) };
}

/**
 * Adds a viewer to a webcast (POST /api/webcasts/{uid}/viewers, the viewers tab). Refused with field
 * errors when a field is invalid or the e-mail is already a viewer's; `limit_reached` beyond the
 * webcast's viewer limit.
 */
export const createViewer = defineMutator("createViewer", createViewerArgs, ofWebcast, async (tx, args, ctx) => {
  const webcast = await webcastFor(tx, args.webcast_id, "viewers.manage", ctx);
  if (await tx.get("viewers", args.id)) throw invalid({ id: [localized(VIEWER_MESSAGES.invalid, ctx.locale)] });
  const fields = {
    name: args.name.trim().replace(/\s+/g, " "),
    email: normalizedEmail(args.email),
    tags: cleanTags(args.tags ?? []),
    control_number: args.control_number?.trim() || null,
    vote_weight: args.vote_weight ?? 1,
  };
  const errors = viewerFieldErrors(fields, ctx.locale);
  if (!errors.email && (await emailTaken(tx, webcast, fields.email))) errors.email = [localized(VIEWER_MESSAGES.duplicate_email, ctx.locale)];
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const limit = participantLimitOf(webcast, await organizationRules(tx, ctx, webcast.organization_id));
  if (limit !== null && (await viewerCount(tx, webcast)) >= limit) {
    throw new MutationRejected("limit_reached", { en: limitReachedMessage("max_viewers", limit, "en"), fr: limitReachedMessage("max_viewers", limit, "fr") });
  }
  await tx.put("viewers", {
    id: args.id,
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    ...fields,
    registered: args.registered ?? false,
    invitation_sent: false,
    reminder_sent: false,
    is_moderator: args.is_moderator ?? false,
    created_at: args.now,
    updated_at: args.now,
  });
});

/** Changes the given fields of a viewer (PATCH …/viewers/{viewerId}); only what differs is written. */
export const updateViewer = defineMutator("updateViewer", updateViewerArgs, ofRow, async (tx, args, ctx) => {
  const { row, webcast } = await viewerFor(tx, args.id, ctx);
  const fields: Partial<Pick<ViewerRow, "name" | "email" | "tags" | "control_number" | "vote_weight">> = {};
  if (args.name !== undefined) fields.name = args.name.trim().replace(/\s+/g, " ");
  if (args.email !== undefined) fields.email = normalizedEmail(args.email);
  if (args.tags !== undefined) fields.tags = cleanTags(args.tags);
  if (args.control_number !== undefined) fields.control_number = args.control_number?.trim() || null;
  if (args.vote_weight !== undefined) fields.vote_weight = args.vote_weight;
  const errors = viewerFieldErrors(fields, ctx.locale);
  if (fields.email !== undefined && fields.email !== row.email && !errors.email && (await emailTaken(tx, webcast, fields.email, row.id))) {
    errors.email = [localized(VIEWER_MESSAGES.duplicate_email, ctx.locale)];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const patch: Partial<ViewerRow> = {};
  for (const [key, value] of Object.entries(fields) as [keyof typeof fields, ViewerRow[keyof typeof fields]][]) {
    if (JSON.stringify(row[key]) !== JSON.stringify(value)) Object.assign(patch, { [key]: value });
  }
  if (args.registered !== undefined && args.registered !== row.registered) patch.registered = args.registered;
  if (args.is_moderator !== undefined && args.is_moderator !== row.is_moderator) patch.is_moderator = args.is_moderator;
  if (Object.keys(patch).length > 0) await tx.patch("viewers", row.id, { ...patch, updated_at: args.now });
});

/**
 * Deletes viewers of one webcast (DELETE …/viewers `{ viewer_ids }`, several at once from the tab).
 * A viewer already deleted is skipped (deleting twice is not an error); one of another webcast is.
 */
export const deleteViewers = defineMutator("deleteViewers", deleteViewersArgs, ofWebcast, async (tx, args, ctx) => {
  const webcast = await webcastFor(tx, args.webcast_id, "viewers.manage", ctx);
  const errors: Record<string, string[]> = {};
  const rows: ViewerRow[] = [];
  for (const [index, id] of args.ids.entries()) {
    const row = await tx.get("viewers", id);
    if (!row) continue;
    if (row.webcast_id !== webcast.id) errors[`viewer_ids.${index}`] = [localized(VIEWER_MESSAGES.not_found, ctx.locale)];
    else rows.push(row);
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  for (const row of rows) await tx.delete("viewers", row.id);
});

/**
 * Server only (send-invitation, bulk-invitations, after the e-mails went out): records that these
 * viewers were sent their invitation or a reminder. Viewers deleted meanwhile are skipped.
 */
export const markViewersInvited = defineMutator("markViewersInvited", markViewersInvitedArgs, ofWebcast, async (tx, args, ctx) => {
  if (ctx.location !== "server") throw new MutationRejected("forbidden", VIEWER_MESSAGES.server_only);
  const webcast = await webcastFor(tx, args.webcast_id, "viewers.manage", ctx);
  const field = args.kind === "invitation" ? "invitation_sent" : "reminder_sent";
  for (const id of args.ids) {
    const row = await tx.get("viewers", id);
    if (row?.webcast_id === webcast.id && !row[field]) await tx.patch("viewers", id, { [field]: true, updated_at: args.now });
  }
});

/** Mutators only the server's routes run: /api/sync/push refuses these names. */
export const SERVER_ONLY_VIEWER_MUTATORS: ReadonlySet<string> = new Set(["markViewersInvited"]);

export const VIEWER_MUTATORS = { createViewer, updateViewer, deleteViewers, markViewersInvited } as const;
