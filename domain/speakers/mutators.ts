import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { limitsOf } from "../organizations/limits.ts";
import type { OrganizationRole } from "../permissions/permissions.ts";
import { type MutationContext, MutationRejected, type MutationTx, defineMutator, ofRow, inOrganization } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { email, max } from "../validation/form-rules.ts";
import { required } from "../validation/required.ts";
import { WEBCAST_MESSAGES } from "../webcasts/messages.ts";
import { organizationRules, partFor, partsOf, webcastFor } from "../webcasts/part-rules.ts";
import type { WebcastSpeakerRow } from "./record.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";

/**
 * The mutators of a webcast's speakers (domain/webcasts/parts.ts). Each starts with
 * `webcastFor` / `partFor` (part-rules.ts): the webcast exists and the actor holds
 * `webcasts.update` in its organization — the speaker list is the organizer's content, so a
 * producer speaker (who holds only producer permissions, SPEC §6) may not change it.
 *
 * Who may be a speaker is a membership question the mutators cannot answer (no users here): the
 * REST route checks it against D1 and copies the person's name and e-mail into the arguments; a
 * browser copies them from the people it knows. The mutators judge the shape, the one-producer rule
 * (SPEC §3) and `max_speakers` per webcast (SPEC §5, §9 "speakers per webcast").
 */

type Text = LocalizedText;

/** Refusals and field errors of the speaker mutators and routes (SPEC §1: en and fr only). */
export const SPEAKER_MESSAGES = {
  invalid: { en: "Some speakers of the webcast are invalid.", fr: "Certains conférenciers du webcast sont invalides." },
  gone: { en: "This speaker is no longer on this webcast: they were removed.", fr: "Ce conférencier ne fait plus partie de ce webcast : il a été retiré." },
  one_producer: { en: "A webcast has one producer at most.", fr: "Un webcast a au plus un producteur." },
  not_a_member: {
    en: "This person is not a speaker, organizer, admin or owner of the organization.",
    fr: "Cette personne n'est ni conférencier, ni organisateur, ni administrateur, ni propriétaire de l'organisation.",
  },
  duplicate_person: { en: "This person is already in the list of speakers.", fr: "Cette personne figure déjà dans la liste des conférenciers." },
  duplicate_speaker: { en: "This speaker appears twice in the list.", fr: "Ce conférencier figure deux fois dans la liste." },
  other_webcast: { en: "This speaker belongs to another webcast.", fr: "Ce conférencier appartient à un autre webcast." },
  person_changed: {
    en: "A speaker stays the same person: remove them and add the other person.",
    fr: "Un conférencier reste la même personne : retirez-le et ajoutez l'autre personne.",
  },
  not_a_candidate: {
    en: "This person cannot speak in this webcast: they must be a speaker, organizer, admin or owner of its organization.",
    fr: "Cette personne ne peut pas intervenir dans ce webcast : elle doit être conférencier, organisateur, administrateur ou propriétaire de son organisation.",
  },
  not_on_webcast: { en: "This speaker is not on this webcast.", fr: "Ce conférencier ne fait pas partie de ce webcast." },
  invitation_failed: {
    en: "The invitation e-mail could not be sent. Please try again.",
    fr: "Le courriel d'invitation n'a pas pu être envoyé. Veuillez réessayer.",
  },
} as const satisfies Record<string, Text>;

/**
 * "Speaker limit reached" per webcast. Not `limitReachedMessage("max_speakers")`: that text speaks
 * of the organization's speakers (the people list counts the same key per organization).
 */
export function speakerLimitMessage(limit: number): Text {
  return {
    en: `Speaker limit reached: a webcast may have at most ${limit} ${limit === 1 ? "speaker" : "speakers"}.`,
    fr: `Limite de conférenciers atteinte : un webcast peut compter au plus ${limit} ${limit > 1 ? "conférenciers" : "conférencier"}.`,
  };
}

/**
 * Roles whose members may speak in the organization's webcasts: the people lists' kinds (SPEC §2,
 * §6). Organizers, admins and owners often present their own webcasts; operators (meetings) and
 * viewers (the audience) do not. The route checks it against D1; the web filters its candidates.
 */
export const SPEAKER_ROLES: readonly OrganizationRole[] = ["speaker", "organizer", "admin", "owner"];

export function maySpeak(role: OrganizationRole): boolean {
  return SPEAKER_ROLES.includes(role);
}

/** Longest speaker list a single change may set (far above any plan's max_speakers). */
export const MAX_LISTED_SPEAKERS = 500;

const isoDateTime = z.iso.datetime();
const uuid = z.string().regex(UUID_V7);

const speakerEntry = z.strictObject({
  /** The speaker row: an existing one of this webcast (kept), or a new UUIDv7 (added). */
  id: uuid,
  user_id: z.int().positive(),
  /** Copied when the speaker is added (needed then, ignored for a kept speaker). */
  name: z.string().max(1_000).optional(),
  email: z.string().max(1_000).optional(),
  /** Absent: kept (an added speaker: false). `true` makes this one the producer. */
  is_producer: z.boolean().optional(),
  /** Absent: kept (an added speaker: true). */
  shown_in_lobby: z.boolean().optional(),
});

export const setWebcastSpeakersArgs = z.strictObject({
  webcast_id: uuid,
  /** The webcast's organization: how a push finds where to run it (worker/features/sync/push.ts). */
  organization_id: z.int().positive(),
  speakers: z.array(speakerEntry).max(MAX_LISTED_SPEAKERS),
  now: isoDateTime,
});
export type SetWebcastSpeakersArgs = z.input<typeof setWebcastSpeakersArgs>;
export type SpeakerEntry = z.input<typeof speakerEntry>;

export const updateWebcastSpeakerArgs = z.strictObject({ id: uuid, is_producer: z.boolean().optional(), shown_in_lobby: z.boolean().optional(), now: isoDateTime });
export type UpdateWebcastSpeakerArgs = z.input<typeof updateWebcastSpeakerArgs>;
export const removeWebcastSpeakerArgs = z.strictObject({ id: uuid });
export const markSpeakerInvitedArgs = z.strictObject({ id: uuid, now: isoDateTime });

function invalid(errors: Record<string, string[]>): MutationRejected {
  return new MutationRejected("validation_failed", SPEAKER_MESSAGES.invalid, errors);
}

/** Field errors of a new speaker's copied name and e-mail (SPEC §5 required, email, max). */
function personErrors(entry: z.output<typeof speakerEntry>, index: number, locale: UiLocale, errors: Record<string, string[]>): void {
  const name = entry.name?.trim() ?? "";
  const address = entry.email?.trim() ?? "";
  const nameError = required(name, locale) ?? max(name, locale, { length: 255 });
  const emailError = required(address, locale) ?? email(address, locale) ?? max(address, locale, { length: 255 });
  if (nameError) errors[`speakers.${index}.name`] = [nameError];
  if (emailError) errors[`speakers.${index}.email`] = [emailError];
}

/**
 * Whether a person may be added as a speaker: a member of the organization with a speaking role
 * (SPEAKER_ROLES). Only the server knows memberships (`memberRole`, required there: a browser
 * cannot be trusted to name members); a browser skips the check and the server judges.
 */
async function mayBeAdded(tx: MutationTx, ctx: MutationContext, organizationId: number, userId: number): Promise<boolean> {
  if (!tx.memberRole) {
    if (ctx.location === "server") throw new Error("MutationTx.memberRole is required on the server");
    return true;
  }
  const role = await tx.memberRole(organizationId, userId);
  return role !== undefined && maySpeak(role);
}

/**
 * Sets the webcast's whole speaker list (PATCH /api/webcasts/{uid}/speakers): speakers absent from
 * `speakers` are removed, new ids are added, order = list order (`position`). Only what changes is
 * written, field by field, so a kept speaker's concurrent edit elsewhere survives. A listed
 * `is_producer: true` makes that speaker the producer and the others not (two are refused); a
 * person removed and added again in the same list keeps their `invited_at`. Needs `webcasts.update`;
 * refused beyond `max_speakers` when the list grows (a list already over a lowered limit may still
 * shrink or change).
 */
export const setWebcastSpeakers = defineMutator("setWebcastSpeakers", setWebcastSpeakersArgs, inOrganization, async (tx, args, ctx) => {
  const webcast = await webcastFor(tx, args.webcast_id, "webcasts.update", ctx);
  if (webcast.organization_id !== args.organization_id) throw new MutationRejected("not_found", WEBCAST_MESSAGES.not_found);
  const current = await partsOf(tx, "webcast_speakers", webcast);
  const byId = new Map(current.map((row) => [row.id, row]));
  const listedIds = new Set(args.speakers.map((entry) => entry.id));

  const errors: Record<string, string[]> = {};
  const seenUsers = new Set<number>();
  const seenIds = new Set<string>();
  for (const [index, entry] of args.speakers.entries()) {
    if (seenUsers.has(entry.user_id)) errors[`speakers.${index}.user_id`] = [localized(SPEAKER_MESSAGES.duplicate_person, ctx.locale)];
    else if (seenIds.has(entry.id)) errors[`speakers.${index}.id`] = [localized(SPEAKER_MESSAGES.duplicate_speaker, ctx.locale)];
    seenUsers.add(entry.user_id);
    seenIds.add(entry.id);
    const kept = byId.get(entry.id);
    if (kept) {
      if (kept.user_id !== entry.user_id) errors[`speakers.${index}.user_id`] = [localized(SPEAKER_MESSAGES.person_changed, ctx.locale)];
      continue;
    }
    const elsewhere = await tx.get("webcast_speakers", entry.id);
    if (elsewhere) errors[`speakers.${index}.id`] = [localized(SPEAKER_MESSAGES.other_webcast, ctx.locale)];
    personErrors(entry, index, ctx.locale, errors);
    if (!(await mayBeAdded(tx, ctx, webcast.organization_id, entry.user_id))) errors[`speakers.${index}.user_id`] = [localized(SPEAKER_MESSAGES.not_a_member, ctx.locale)];
  }
  const named = args.speakers.flatMap((entry, index) => (entry.is_producer === true ? [index] : []));
  for (const index of named.slice(1)) errors[`speakers.${index}.is_producer`] = [localized(SPEAKER_MESSAGES.one_producer, ctx.locale)];
  if (Object.keys(errors).length > 0) throw invalid(errors);

  if (args.speakers.length > current.length) {
    const rules = await organizationRules(tx, ctx, webcast.organization_id);
    const limit = rules ? limitsOf(rules).max_speakers : null;
    if (limit !== null && args.speakers.length > limit) {
      const message = speakerLimitMessage(limit);
      throw new MutationRejected("limit_reached", message, { speakers: [localized(message, ctx.locale)] });
    }
  }

  // The producer: the one named, else the first kept producer (a stored state never has two).
  const producerIndex = named[0] ?? args.speakers.findIndex((entry) => entry.is_producer !== false && byId.get(entry.id)?.is_producer === true);
  const removed = current.filter((row) => !listedIds.has(row.id));
  for (const row of removed) await tx.delete("webcast_speakers", row.id);
  for (const [position, entry] of args.speakers.entries()) {
    const is_producer = position === producerIndex;
    const kept = byId.get(entry.id);
    if (kept) {
      const patch: Partial<WebcastSpeakerRow> = {};
      if (kept.is_producer !== is_producer) patch.is_producer = is_producer;
      if (entry.shown_in_lobby !== undefined && kept.shown_in_lobby !== entry.shown_in_lobby) patch.shown_in_lobby = entry.shown_in_lobby;
      if (kept.position !== position) patch.position = position;
      if (Object.keys(patch).length > 0) await tx.patch("webcast_speakers", kept.id, { ...patch, updated_at: args.now });
      continue;
    }
    const replaced = removed.find((row) => row.user_id === entry.user_id);
    await tx.put("webcast_speakers", {
      id: entry.id,
      organization_id: webcast.organization_id,
      webcast_id: webcast.id,
      user_id: entry.user_id,
      name: entry.name?.trim() ?? "",
      email: entry.email?.trim().toLowerCase() ?? "",
      is_producer,
      shown_in_lobby: entry.shown_in_lobby ?? true,
      position,
      invited_at: replaced?.invited_at ?? null,
      created_at: args.now,
      updated_at: args.now,
    });
  }
});

/**
 * Changes one speaker's flags. `is_producer: true` moves the producer flag to them (the previous
 * producer stops being one: with two devices choosing, the later change wins and there is still
 * one). Needs `webcasts.update`; a removed speaker is `not_found` ("they were removed").
 */
export const updateWebcastSpeaker = defineMutator("updateWebcastSpeaker", updateWebcastSpeakerArgs, ofRow, async (tx, args, ctx) => {
  const { row, webcast } = await partFor(tx, "webcast_speakers", args.id, "webcasts.update", ctx, SPEAKER_MESSAGES.gone);
  const patch: Partial<WebcastSpeakerRow> = {};
  if (args.is_producer !== undefined && args.is_producer !== row.is_producer) patch.is_producer = args.is_producer;
  if (args.shown_in_lobby !== undefined && args.shown_in_lobby !== row.shown_in_lobby) patch.shown_in_lobby = args.shown_in_lobby;
  if (args.is_producer === true) {
    for (const other of await partsOf(tx, "webcast_speakers", webcast)) {
      if (other.id !== row.id && other.is_producer) await tx.patch("webcast_speakers", other.id, { is_producer: false, updated_at: args.now });
    }
  }
  if (Object.keys(patch).length > 0) await tx.patch("webcast_speakers", row.id, { ...patch, updated_at: args.now });
});

/** Removes one speaker from the webcast. Needs `webcasts.update`; already removed is `not_found`. */
export const removeWebcastSpeaker = defineMutator("removeWebcastSpeaker", removeWebcastSpeakerArgs, ofRow, async (tx, args, ctx) => {
  const { row } = await partFor(tx, "webcast_speakers", args.id, "webcasts.update", ctx, SPEAKER_MESSAGES.gone);
  await tx.delete("webcast_speakers", row.id);
});

/**
 * Server only (POST /api/webcasts/{uid}/speakers/{id}/invite, after the e-mail went out): records
 * when the speaker was invited. Needs `webcasts.update`. A browser cannot claim an e-mail was sent.
 */
export const markSpeakerInvited = defineMutator("markSpeakerInvited", markSpeakerInvitedArgs, ofRow, async (tx, args, ctx) => {
  if (ctx.location !== "server") throw new MutationRejected("forbidden", WEBCAST_MESSAGES.server_only);
  const { row } = await partFor(tx, "webcast_speakers", args.id, "webcasts.update", ctx, SPEAKER_MESSAGES.gone);
  await tx.patch("webcast_speakers", row.id, { invited_at: args.now, updated_at: args.now });
});

/** Mutators only the server's routes run: /api/sync/push should refuse these names too. */
export const SERVER_ONLY_SPEAKER_MUTATORS: ReadonlySet<string> = new Set(["markSpeakerInvited"]);

export const SPEAKER_MUTATORS = { setWebcastSpeakers, updateWebcastSpeaker, removeWebcastSpeaker, markSpeakerInvited } as const;
