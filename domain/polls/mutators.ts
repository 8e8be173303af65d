import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { MutationRejected, type MutationContext, type MutationTx, defineMutator, ofRow, inOrganization } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { max } from "../validation/form-rules.ts";
import { duplicateNameIndexes, required, ruleMessage } from "../validation/rules.ts";
import { WEBCAST_MESSAGES } from "../webcasts/messages.ts";
import { partFor, partsOf, webcastFor } from "../webcasts/part-rules.ts";
import { POLL_DISPLAYS, type PollOption, type PollRow, type PollingSeriesRow } from "./record.ts";
import type { WebcastRow } from "../webcasts/record.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";

/**
 * The mutators of a webcast's polls and polling series (SPEC §3, domain/webcasts/parts.ts). Each
 * starts with `webcastFor` / `partFor` (part-rules.ts): the webcast exists and the actor holds
 * `polls.manage` for it — the organization's permission (organizers, admins, owners) or being its
 * producer speaker (SPEC §6 producer permission). Ids and times travel in the arguments. Creating
 * and editing never change `status`: the control room does (publish, close, show results).
 */

type Text = LocalizedText;

/** Refusals and field errors of the poll mutators (en and fr). */
export const POLL_MESSAGES = {
  invalid: { en: "Some fields of the poll are invalid.", fr: "Certains champs du sondage sont invalides." },
  series_invalid: { en: "Some fields of the polling series are invalid.", fr: "Certains champs de la série de sondages sont invalides." },
  poll_gone: { en: "This poll no longer exists: it was deleted.", fr: "Ce sondage n'existe plus : il a été supprimé." },
  series_gone: { en: "This polling series no longer exists: it was deleted.", fr: "Cette série de sondages n'existe plus : elle a été supprimée." },
  poll_exists: { en: "A poll with this identifier already exists.", fr: "Un sondage avec cet identifiant existe déjà." },
  series_exists: { en: "A polling series with this identifier already exists.", fr: "Une série de sondages avec cet identifiant existe déjà." },
  options_min: { en: "A poll needs at least 2 options.", fr: "Un sondage doit avoir au moins 2 options." },
  options_max: { en: "A poll may have at most 20 options.", fr: "Un sondage peut avoir au plus 20 options." },
  option_id_taken: { en: "Each option needs its own identifier.", fr: "Chaque option doit avoir son propre identifiant." },
  recommended_unknown: { en: "The recommended option must be one of the poll's options.", fr: "L'option recommandée doit être l'une des options du sondage." },
  series_unknown: { en: "This polling series does not exist in this webcast.", fr: "Cette série de sondages n'existe pas dans ce webcast." },
  open_locked: {
    en: "This poll is open: close it before changing its options or its choice mode.",
    fr: "Ce sondage est ouvert : fermez-le avant de modifier ses options ou son mode de choix.",
  },
  open_delete: { en: "This poll is open: close it before deleting it.", fr: "Ce sondage est ouvert : fermez-le avant de le supprimer." },
} as const satisfies Record<string, Text>;

export const POLL_TITLE_MAX = 255;
export const POLL_DESCRIPTION_MAX = 10_000;
export const POLL_OPTION_MAX = 500;
export const POLL_OPTIONS = { min: 2, max: 20 } as const;

const isoDateTime = z.iso.datetime();
const partId = z.string().regex(UUID_V7);
// Shapes only (generous bounds against abuse); what a person can get wrong is a localized rule below.
const pollOption = z.strictObject({ id: z.string().min(1).max(100), text: z.string().max(10_000) });
const pollFields = {
  title: z.string().max(10_000),
  description: z.string().max(100_000).nullable(),
  language: z.enum(["en", "fr"]),
  options: z.array(pollOption).max(200),
  recommended_option_id: z.string().max(100).nullable(),
  multiple_choice: z.boolean(),
  display: z.enum(POLL_DISPLAYS),
  series_id: partId.nullable(),
};

export const createPollArgs = z.strictObject({
  id: partId,
  organization_id: z.int().positive(),
  webcast_id: partId,
  ...pollFields,
  description: pollFields.description.optional(),
  /** Absent: the webcast's language. */
  language: pollFields.language.optional(),
  recommended_option_id: pollFields.recommended_option_id.default(null),
  multiple_choice: pollFields.multiple_choice.default(false),
  display: pollFields.display.default("fluid"),
  series_id: pollFields.series_id.default(null),
  now: isoDateTime,
});
/** Fields given are changed (options as a whole list); the others are kept. */
export const updatePollArgs = z.strictObject({ id: partId, ...z.object(pollFields).partial().shape, now: isoDateTime });
export const deletePollArgs = z.strictObject({ id: partId });

const seriesFields = { title: pollFields.title, description: pollFields.description };
export const createPollingSeriesArgs = z.strictObject({
  id: partId,
  organization_id: z.int().positive(),
  webcast_id: partId,
  ...seriesFields,
  description: seriesFields.description.optional(),
  now: isoDateTime,
});
export const updatePollingSeriesArgs = z.strictObject({ id: partId, ...z.object(seriesFields).partial().shape, now: isoDateTime });
/** `now` stamps the polls that leave the series. */
export const deletePollingSeriesArgs = z.strictObject({ id: partId, now: isoDateTime });

/** The new order of a webcast's polls or series: listed ids first, in that order. */
const reorderArgs = z.strictObject({ organization_id: z.int().positive(), webcast_id: partId, ids: z.array(partId).max(1_000), now: isoDateTime });
export const reorderPollsArgs = reorderArgs;
export const reorderPollingSeriesArgs = reorderArgs;

export type CreatePollArgs = z.input<typeof createPollArgs>;
export type UpdatePollArgs = z.input<typeof updatePollArgs>;
export type CreatePollingSeriesArgs = z.input<typeof createPollingSeriesArgs>;
export type UpdatePollingSeriesArgs = z.input<typeof updatePollingSeriesArgs>;
export type ReorderArgs = z.input<typeof reorderArgs>;

type Errors = Record<string, string[]>;
const add = (errors: Errors, field: string, message: string | null) => {
  if (message) (errors[field] ??= []).push(message);
};
const trimmedOrNull = (value: string | null | undefined) => (value == null || value.trim() === "" ? null : value.trim());

/**
 * The field rules of a poll (SPEC §3, §5), as it would be stored: title required (at most 255),
 * description at most 10,000, 2 to 20 options, each text required (at most 500) and not repeating
 * another ("Another field use this name", trimmed, case-insensitive), option ids unique, the
 * recommended option one of the options, the series one of the webcast's. Keys follow zod's paths
 * (`options.2.text`), so a form puts each message under its input. Pure; no authorization.
 */
export function pollFieldErrors(poll: Pick<PollRow, "title" | "description" | "options" | "recommended_option_id" | "series_id">, seriesIds: ReadonlySet<string>, locale: UiLocale): Errors {
  const errors: Errors = {};
  add(errors, "title", required(poll.title, locale) ?? max(poll.title, locale, { length: POLL_TITLE_MAX }));
  add(errors, "description", max(poll.description, locale, { length: POLL_DESCRIPTION_MAX }));
  if (poll.options.length < POLL_OPTIONS.min) add(errors, "options", localized(POLL_MESSAGES.options_min, locale));
  if (poll.options.length > POLL_OPTIONS.max) add(errors, "options", localized(POLL_MESSAGES.options_max, locale));
  poll.options.forEach((option, index) => add(errors, `options.${index}.text`, required(option.text, locale) ?? max(option.text, locale, { length: POLL_OPTION_MAX })));
  for (const index of duplicateNameIndexes(poll.options.map((option) => option.text))) add(errors, `options.${index}.text`, ruleMessage("duplicate_name", locale));
  const ids = new Set<string>();
  poll.options.forEach((option, index) => {
    if (ids.has(option.id)) add(errors, `options.${index}.id`, localized(POLL_MESSAGES.option_id_taken, locale));
    ids.add(option.id);
  });
  if (poll.recommended_option_id !== null && !ids.has(poll.recommended_option_id)) add(errors, "recommended_option_id", localized(POLL_MESSAGES.recommended_unknown, locale));
  if (poll.series_id !== null && !seriesIds.has(poll.series_id)) add(errors, "series_id", localized(POLL_MESSAGES.series_unknown, locale));
  return errors;
}

/** The field rules of a polling series: title required (at most 255), description at most 10,000. */
export function seriesFieldErrors(series: Pick<PollingSeriesRow, "title" | "description">, locale: UiLocale): Errors {
  const errors: Errors = {};
  add(errors, "title", required(series.title, locale) ?? max(series.title, locale, { length: POLL_TITLE_MAX }));
  add(errors, "description", max(series.description, locale, { length: POLL_DESCRIPTION_MAX }));
  return errors;
}

function check(errors: Errors, message: Text): void {
  if (Object.keys(errors).length > 0) throw new MutationRejected("validation_failed", message, errors);
}

/** The webcast named by the arguments of a create or reorder, in the organization they name (else it reads as gone). */
async function webcastOfArgs(tx: MutationTx, args: { organization_id: number; webcast_id: string }, ctx: MutationContext): Promise<WebcastRow> {
  const webcast = await webcastFor(tx, args.webcast_id, "polls.manage", ctx);
  if (webcast.organization_id !== args.organization_id) throw new MutationRejected("not_found", WEBCAST_MESSAGES.not_found);
  return webcast;
}

const seriesIdsOf = async (tx: MutationTx, webcast: WebcastRow) => new Set((await partsOf(tx, "polling_series", webcast)).map((series) => series.id));
const nextPosition = (rows: readonly { position: number }[]) => rows.reduce((highest, row) => Math.max(highest, row.position + 1), 0);
const normalizedOptions = (options: readonly PollOption[]) => options.map((option) => ({ id: option.id, text: option.text.trim() }));

/**
 * Creates a poll (status unpublished) last in its webcast's list. Needs `polls.manage` for the
 * webcast (its producer speaker included); refused when the webcast is gone, the id is taken, or
 * with field errors (`pollFieldErrors`).
 */
export const createPoll = defineMutator("createPoll", createPollArgs, inOrganization, async (tx, args, ctx) => {
  const webcast = await webcastOfArgs(tx, args, ctx);
  if (await tx.get("polls", args.id)) throw new MutationRejected("conflict", POLL_MESSAGES.poll_exists);
  const row: PollRow = {
    id: args.id,
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    series_id: args.series_id,
    title: args.title.trim(),
    description: trimmedOrNull(args.description),
    language: args.language ?? webcast.language,
    options: normalizedOptions(args.options),
    recommended_option_id: args.recommended_option_id,
    multiple_choice: args.multiple_choice,
    display: args.display,
    position: nextPosition(await partsOf(tx, "polls", webcast)),
    status: "unpublished",
    created_at: args.now,
    updated_at: args.now,
  };
  check(pollFieldErrors(row, await seriesIdsOf(tx, webcast), ctx.locale), POLL_MESSAGES.invalid);
  await tx.put("polls", row);
});

/**
 * Patches the given fields of a poll; `options` replaces the whole list. Replacing the options
 * without naming a recommended option keeps it if it is still among them, else clears it. While
 * the poll is open (viewers are voting) its options and choice mode are locked (423), as ON24 does.
 * Needs `polls.manage` for the webcast; refused when the poll is gone or with field errors.
 */
export const updatePoll = defineMutator("updatePoll", updatePollArgs, ofRow, async (tx, args, ctx) => {
  const { row: current, webcast } = await partFor(tx, "polls", args.id, "polls.manage", ctx, POLL_MESSAGES.poll_gone);
  const patch: Partial<PollRow> = {};
  if (args.title !== undefined) patch.title = args.title.trim();
  if (args.description !== undefined) patch.description = trimmedOrNull(args.description);
  if (args.language !== undefined) patch.language = args.language;
  if (args.options !== undefined) patch.options = normalizedOptions(args.options);
  if (args.multiple_choice !== undefined) patch.multiple_choice = args.multiple_choice;
  if (args.display !== undefined) patch.display = args.display;
  if (args.series_id !== undefined) patch.series_id = args.series_id;
  if (args.recommended_option_id !== undefined) patch.recommended_option_id = args.recommended_option_id;
  else if (patch.options && current.recommended_option_id !== null && !patch.options.some((option) => option.id === current.recommended_option_id)) patch.recommended_option_id = null;

  const next: PollRow = { ...current, ...patch };
  const optionsChange = JSON.stringify(next.options) !== JSON.stringify(current.options) || next.multiple_choice !== current.multiple_choice;
  if (current.status === "open" && optionsChange) throw new MutationRejected("locked", POLL_MESSAGES.open_locked);
  // Only what changes is judged: a poll saved under older rules stays editable field by field.
  const errors = pollFieldErrors(next, patch.series_id ? await seriesIdsOf(tx, webcast) : new Set(), ctx.locale);
  const judged = (field: string) => {
    if (field.startsWith("options")) return patch.options !== undefined;
    if (field === "recommended_option_id") return patch.options !== undefined || args.recommended_option_id !== undefined;
    return (patch as Record<string, unknown>)[field] !== undefined;
  };
  check(Object.fromEntries(Object.entries(errors).filter(([field]) => judged(field))), POLL_MESSAGES.invalid);
  await tx.patch("polls", args.id, { ...patch, updated_at: args.now });
});

/** Deletes a poll. Needs `polls.manage`; refused when it is gone or open (close it first, 423). */
export const deletePoll = defineMutator("deletePoll", deletePollArgs, ofRow, async (tx, args, ctx) => {
  const { row } = await partFor(tx, "polls", args.id, "polls.manage", ctx, POLL_MESSAGES.poll_gone);
  if (row.status === "open") throw new MutationRejected("locked", POLL_MESSAGES.open_delete);
  await tx.delete("polls", args.id);
});

/** Creates a polling series, last in its webcast's list. Needs `polls.manage`; refused when the webcast is gone, the id taken, or with field errors. */
export const createPollingSeries = defineMutator("createPollingSeries", createPollingSeriesArgs, inOrganization, async (tx, args, ctx) => {
  const webcast = await webcastOfArgs(tx, args, ctx);
  if (await tx.get("polling_series", args.id)) throw new MutationRejected("conflict", POLL_MESSAGES.series_exists);
  const row: PollingSeriesRow = {
    id: args.id,
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    title: args.title.trim(),
    description: trimmedOrNull(args.description),
    position: nextPosition(await partsOf(tx, "polling_series", webcast)),
    created_at: args.now,
    updated_at: args.now,
  };
  check(seriesFieldErrors(row, ctx.locale), POLL_MESSAGES.series_invalid);
  await tx.put("polling_series", row);
});

/** Patches a series' title or description. Needs `polls.manage`; refused when it is gone or with field errors. */
export const updatePollingSeries = defineMutator("updatePollingSeries", updatePollingSeriesArgs, ofRow, async (tx, args, ctx) => {
  const { row: current } = await partFor(tx, "polling_series", args.id, "polls.manage", ctx, POLL_MESSAGES.series_gone);
  const patch: Partial<PollingSeriesRow> = {};
  if (args.title !== undefined) patch.title = args.title.trim();
  if (args.description !== undefined) patch.description = trimmedOrNull(args.description);
  const errors = seriesFieldErrors({ ...current, ...patch }, ctx.locale);
  check(Object.fromEntries(Object.entries(errors).filter(([field]) => field in patch)), POLL_MESSAGES.series_invalid);
  await tx.patch("polling_series", args.id, { ...patch, updated_at: args.now });
});

/**
 * Deletes a polling series; its polls stay, out of any series (`series_id` null, in the same
 * change, so no device ever sees a poll pointing to a missing series). Needs `polls.manage`.
 */
export const deletePollingSeries = defineMutator("deletePollingSeries", deletePollingSeriesArgs, ofRow, async (tx, args, ctx) => {
  const { row, webcast } = await partFor(tx, "polling_series", args.id, "polls.manage", ctx, POLL_MESSAGES.series_gone);
  for (const poll of await partsOf(tx, "polls", webcast)) {
    if (poll.series_id === row.id) await tx.patch("polls", poll.id, { series_id: null, updated_at: args.now });
  }
  await tx.delete("polling_series", args.id);
});

/**
 * Positions the listed rows first, in the order given, and the others after them in their current
 * order; ids that are not (or no longer) the webcast's are skipped, so a reorder made while another
 * device deleted or added one still lands. Only rows whose position changes are written.
 */
async function reorder(tx: MutationTx, table: "polls" | "polling_series", webcast: WebcastRow, ids: readonly string[], now: string): Promise<void> {
  const rows = (await partsOf(tx, table, webcast)).sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const listed = [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
  const order = [...listed, ...rows.filter((row) => !listed.includes(row))];
  for (const [position, row] of order.entries()) if (row.position !== position) await tx.patch(table, row.id, { position, updated_at: now });
}

/** Reorders a webcast's polls (`reorder` above). Needs `polls.manage`. */
export const reorderPolls = defineMutator("reorderPolls", reorderPollsArgs, inOrganization, async (tx, args, ctx) => {
  await reorder(tx, "polls", await webcastOfArgs(tx, args, ctx), args.ids, args.now);
});

/** Reorders a webcast's polling series (`reorder` above). Needs `polls.manage`. */
export const reorderPollingSeries = defineMutator("reorderPollingSeries", reorderPollingSeriesArgs, inOrganization, async (tx, args, ctx) => {
  await reorder(tx, "polling_series", await webcastOfArgs(tx, args, ctx), args.ids, args.now);
});

export const POLL_MUTATORS = { createPoll, updatePoll, deletePoll, createPollingSeries, updatePollingSeries, deletePollingSeries, reorderPolls, reorderPollingSeries } as const;
