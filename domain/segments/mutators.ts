import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { MutationRejected, defineMutator, ofRow, inOrganization } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { max } from "../validation/form-rules.ts";
import { required } from "../validation/required.ts";
import { normalizedName } from "../validation/rules.ts";
import { WEBCAST_MESSAGES } from "../webcasts/messages.ts";
import type { SegmentRow } from "./record.ts";
import { partFor, partsOf, webcastFor } from "../webcasts/part-rules.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";

/**
 * The mutators of a webcast's segments (domain/webcasts/parts.ts): named audience groups that
 * viewers can be restricted to (SPEC §6). SPEC §7 has only "POST and DELETE segments {segment}",
 * so there is no rename: a segment is added, then removed. Both need `webcasts.update` (the
 * organizer's content, not a producer permission), checked by `webcastFor` (part-rules.ts).
 */

type Text = LocalizedText;

/** Refusals and field errors of the segment mutators (SPEC §1: en and fr). */
export const SEGMENT_MESSAGES = {
  invalid: { en: "The segment is invalid.", fr: "Le segment est invalide." },
  duplicate: { en: "A segment with this name already exists in this webcast.", fr: "Un segment portant ce nom existe déjà dans ce webcast." },
  already_exists: { en: "A segment with this identifier already exists.", fr: "Un segment avec cet identifiant existe déjà." },
  gone: { en: "This segment no longer exists: it was deleted.", fr: "Ce segment n'existe plus : il a été supprimé." },
  /** DELETE …/segments `{ segment }` naming no segment of the webcast (the route's 404). */
  unknown_name: { en: "This webcast has no segment with this name.", fr: "Ce webcast n'a aucun segment portant ce nom." },
} as const satisfies Record<string, Text>;

/** Longest segment name, in characters (a label shown in lists and filters). */
export const SEGMENT_NAME_MAX = 100;

/** A name as stored: trimmed, in one Unicode form (case kept; comparisons ignore it). */
export function segmentName(name: string): string {
  return name.trim().normalize("NFC");
}

/**
 * The errors of a new segment's name among the webcast's `existing` names (SPEC §5): required, at
 * most 100 characters, unique in the webcast — trimmed and case-insensitive, like the duplicate
 * names rule (`normalizedName`), with a message that says what is duplicated.
 */
export function segmentNameErrors(name: string, existing: readonly string[], locale: UiLocale): string[] {
  const value = segmentName(name);
  const missing = required(value, locale);
  if (missing) return [missing];
  const tooLong = max(value, locale, { length: SEGMENT_NAME_MAX });
  if (tooLong) return [tooLong];
  const key = normalizedName(value);
  return existing.some((other) => normalizedName(other) === key) ? [localized(SEGMENT_MESSAGES.duplicate, locale)] : [];
}

/** The one of `segments` called `name` (compared as the uniqueness rule compares), if any. */
export function findSegmentByName<T extends Pick<SegmentRow, "name">>(segments: readonly T[], name: string): T | undefined {
  const key = normalizedName(name);
  return segments.find((segment) => normalizedName(segment.name) === key);
}

const isoDateTime = z.iso.datetime();

export const addSegmentArgs = z.strictObject({
  id: z.string().regex(UUID_V7),
  /** The webcast's organization: where the sync push sends the mutation (the id is new). */
  organization_id: z.int().positive(),
  webcast_id: z.string().regex(UUID_V7),
  // A shape bound only; the localized rules (required, 100 characters, unique) judge the name.
  name: z.string().max(10_000),
  now: isoDateTime,
});
export type AddSegmentArgs = z.input<typeof addSegmentArgs>;

export const removeSegmentArgs = z.strictObject({ id: z.string().regex(UUID_V7) });
export type RemoveSegmentArgs = z.input<typeof removeSegmentArgs>;

/**
 * Adds a segment named `name` (trimmed) to the webcast under the client's id. Refused when the
 * webcast is gone or in another organization than `organization_id` (not_found), without
 * `webcasts.update` on it (forbidden), an id already taken (conflict), or a name that is blank,
 * longer than 100 characters or already used in the webcast, whatever its case (validation_failed,
 * `errors.name`). Two devices adding the same name offline: the second to reach the server is refused.
 */
export const addSegment = defineMutator("addSegment", addSegmentArgs, inOrganization, async (tx, args, ctx) => {
  const webcast = await webcastFor(tx, args.webcast_id, "webcasts.update", ctx);
  if (webcast.organization_id !== args.organization_id) throw new MutationRejected("not_found", WEBCAST_MESSAGES.not_found);
  if (await tx.get("segments", args.id)) throw new MutationRejected("conflict", SEGMENT_MESSAGES.already_exists);
  const existing = (await partsOf(tx, "segments", webcast)).map((segment) => segment.name);
  const errors = segmentNameErrors(args.name, existing, ctx.locale);
  if (errors.length > 0) throw new MutationRejected("validation_failed", SEGMENT_MESSAGES.invalid, { name: errors });
  await tx.put("segments", {
    id: args.id,
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    name: segmentName(args.name),
    created_at: args.now,
    updated_at: args.now,
  });
});

/**
 * Removes a segment by id (the browser holds the row; the REST call names it and the route finds
 * its id). A segment already removed is not_found ("it was deleted"), so a replayed or concurrent
 * removal is answered, never applied twice; needs `webcasts.update` on its webcast.
 */
export const removeSegment = defineMutator("removeSegment", removeSegmentArgs, ofRow, async (tx, args, ctx) => {
  await partFor(tx, "segments", args.id, "webcasts.update", ctx, SEGMENT_MESSAGES.gone);
  await tx.delete("segments", args.id);
});

/** Every segment mutator by name (spread into ALL_MUTATORS, domain/sync/registry.ts). */
export const SEGMENT_MUTATORS = { addSegment, removeSegment } as const;
