import { z } from "zod";
import { MutationRejected, defineMutator, ofRow, ofWebcast } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { isKeyUnder, slidesFilePrefix } from "../uploads/keys.ts";
import { max } from "../validation/form-rules.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";
import { required } from "../validation/required.ts";
import { WEBCAST_MESSAGES } from "../webcasts/messages.ts";
import { partFor, partsOf, webcastFor } from "../webcasts/part-rules.ts";
import type { SlidesRow } from "./record.ts";

/**
 * The mutators of a webcast's slide deck (SPEC §3 "slides", §7 slides and slides/approve; issue
 * #17). Slides are a producer's business (SPEC §6): each needs `slides.manage` for the webcast —
 * the organization's permission, or being the webcast's producer speaker (`webcastFor`).
 *
 * A webcast has one deck. Its PDF is uploaded first through the one upload path, and only the
 * server names it: `setSlides` is server-only (refused in a browser), and the key must lie under
 * the deck's own prefix (`webcasts/<uid>/slides/<deck id>/`). Approving and deleting work anywhere.
 */

export const SLIDES_MESSAGES = {
  invalid: { en: "Some fields of the slides are invalid.", fr: "Certains champs des diapositives sont invalides." },
  gone: { en: "These slides no longer exist: they were deleted.", fr: "Ces diapositives n'existent plus : elles ont été supprimées." },
  other_webcast: { en: "These slides belong to another webcast.", fr: "Ces diapositives appartiennent à un autre webcast." },
  file_key_invalid: { en: "This file was not uploaded for these slides.", fr: "Ce fichier n'a pas été téléversé pour ces diapositives." },
} as const satisfies Record<string, LocalizedText>;

/** Pages a deck may have (1…2,000: record.ts), and the longest file name kept. */
export const SLIDES_LIMITS = { pages: 2_000, file_name: 255 } as const;

const isoDateTime = z.iso.datetime();
const id = z.string().regex(UUID_V7);

export const setSlidesArgs = z.strictObject({
  /** The deck's id: the upload's target, so its key lies under `slidesFilePrefix(webcast_id, id)`. */
  id,
  webcast_id: id,
  file_key: z.string().max(500),
  file_name: z.string().max(1_000),
  size: z.int().positive(),
  /** Pages counted in the browser when the deck was uploaded. */
  page_count: z.int().min(1).max(SLIDES_LIMITS.pages),
  now: isoDateTime,
});
export type SetSlidesArgs = z.input<typeof setSlidesArgs>;

/**
 * Server only (the upload route, once the PDF is stored): the webcast's deck, not approved yet. A
 * webcast has one deck: the previous one is deleted (its file is the route's to remove). Needs
 * `slides.manage` for the webcast; refused when the webcast is gone, for a key outside the deck's
 * prefix, a blank or too long name, or an id that is another webcast's deck.
 */
export const setSlides = defineMutator("setSlides", setSlidesArgs, ofWebcast, async (tx, args, ctx) => {
  if (ctx.location !== "server") throw new MutationRejected("forbidden", WEBCAST_MESSAGES.server_only);
  const webcast = await webcastFor(tx, args.webcast_id, "slides.manage", ctx);
  const taken = await tx.get("slides", args.id);
  if (taken && taken.webcast_id !== webcast.id) throw new MutationRejected("conflict", SLIDES_MESSAGES.other_webcast);
  const errors: Record<string, string[]> = {};
  if (!isKeyUnder(slidesFilePrefix(webcast.id, args.id), args.file_key)) errors.file = [localized(SLIDES_MESSAGES.file_key_invalid, ctx.locale)];
  const nameError = required(args.file_name, ctx.locale) ?? max(args.file_name.trim(), ctx.locale, { length: SLIDES_LIMITS.file_name });
  if (nameError) errors.file_name = [nameError];
  if (Object.keys(errors).length > 0) throw new MutationRejected("validation_failed", SLIDES_MESSAGES.invalid, errors);
  // Deleted before the new one is written: D1 holds one deck per webcast (a unique index).
  for (const previous of await partsOf(tx, "slides", webcast)) if (previous.id !== args.id) await tx.delete("slides", previous.id);
  const row: SlidesRow = {
    id: args.id,
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    file_key: args.file_key,
    file_name: args.file_name.trim(),
    size: args.size,
    page_count: args.page_count,
    approved: false,
    approved_at: null,
    created_at: taken?.created_at ?? args.now,
    updated_at: args.now,
  };
  await tx.put("slides", row);
});

export const approveSlidesArgs = z.strictObject({ id, now: isoDateTime });
export type ApproveSlidesArgs = z.input<typeof approveSlidesArgs>;

/**
 * Approves the deck for the show (POST slides/approve): viewers see only an approved deck. Already
 * approved: nothing changes (the first approval's time stays). Needs `slides.manage` for the webcast.
 */
export const approveSlides = defineMutator("approveSlides", approveSlidesArgs, ofRow, async (tx, args, ctx) => {
  const { row } = await partFor(tx, "slides", args.id, "slides.manage", ctx, SLIDES_MESSAGES.gone);
  if (row.approved) return;
  await tx.patch("slides", row.id, { approved: true, approved_at: args.now, updated_at: args.now });
});

export const deleteSlidesArgs = z.strictObject({ id });

/** Deletes the deck (its file stays in R2 until the route or a sweep removes it). Needs `slides.manage` for the webcast. */
export const deleteSlides = defineMutator("deleteSlides", deleteSlidesArgs, ofRow, async (tx, args, ctx) => {
  const { row } = await partFor(tx, "slides", args.id, "slides.manage", ctx, SLIDES_MESSAGES.gone);
  await tx.delete("slides", row.id);
});

/** Mutators only the server's routes run: /api/sync/push refuses these names too. */
export const SERVER_ONLY_SLIDES_MUTATORS: ReadonlySet<string> = new Set(["setSlides"]);

/** Every deck mutator by name (spread into ALL_MUTATORS). */
export const SLIDES_MUTATORS = { setSlides, approveSlides, deleteSlides } as const;
