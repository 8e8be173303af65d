import { z } from "zod";
import { checkMediaLimit } from "../media/limits.ts";
import { MutationRejected, defineMutator, ofWebcast } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";
import { partsOf, webcastFor } from "../webcasts/part-rules.ts";
import type { PremiereVideoRow } from "./record.ts";

/**
 * The mutator of a premiere webcast's playlist (SPEC §2 "premiere videos" tab, §7 POST
 * premiere-videos; issue #17): the videos of the organization's library it plays, in order. The
 * playlist is the organizer's content: `webcasts.update` on the webcast (`webcastFor`). Its videos
 * count against max_media with the webcast's resource files (domain/media/limits.ts).
 */

export const PREMIERE_VIDEO_MESSAGES = {
  invalid: { en: "Some videos of the premiere are invalid.", fr: "Certaines vidéos de la première sont invalides." },
  not_premiere: { en: "This webcast is not a premiere: it plays no videos.", fr: "Ce webcast n'est pas une première : il ne diffuse pas de vidéos." },
  duplicate_media: { en: "This video appears twice in the list.", fr: "Cette vidéo figure deux fois dans la liste." },
  duplicate_entry: { en: "This entry appears twice in the list.", fr: "Cette entrée figure deux fois dans la liste." },
  other_webcast: { en: "This entry belongs to another webcast.", fr: "Cette entrée appartient à un autre webcast." },
  media_missing: { en: "This video is not in the organization's library.", fr: "Cette vidéo ne fait pas partie de la vidéothèque de l'organisation." },
  not_processed: { en: "This video is not ready yet: wait until it is processed.", fr: "Cette vidéo n'est pas encore prête : attendez la fin de son traitement." },
} as const satisfies Record<string, LocalizedText>;

/** Longest playlist a premiere may have. */
export const MAX_PREMIERE_VIDEOS = 100;

const id = z.string().regex(UUID_V7);

export const setPremiereVideosArgs = z.strictObject({
  webcast_id: id,
  /** The whole playlist in play order (positions 0, 1, …): each entry's id and the library video it plays. */
  videos: z.array(z.strictObject({ id, media_id: id })).max(MAX_PREMIERE_VIDEOS),
  now: z.iso.datetime(),
});
export type SetPremiereVideosArgs = z.input<typeof setPremiereVideosArgs>;

/**
 * Sets a premiere webcast's whole playlist: entries no longer listed are deleted, kept ones take
 * their new video and position (only what changed is written), new ids are added. Needs
 * `webcasts.update`; refused when the webcast is gone or not a premiere, for a video listed twice,
 * an entry id listed twice or another webcast's, a video not in the organization's library or not
 * processed yet, and when the list grows beyond max_media with the webcast's resource files (a
 * list already over a lowered limit may still shrink or change).
 */
export const setPremiereVideos = defineMutator("setPremiereVideos", setPremiereVideosArgs, ofWebcast, async (tx, args, ctx) => {
  const webcast = await webcastFor(tx, args.webcast_id, "webcasts.update", ctx);
  if (!webcast.is_premiere) throw new MutationRejected("conflict", PREMIERE_VIDEO_MESSAGES.not_premiere);
  const current = new Map((await partsOf(tx, "premiere_videos", webcast)).map((row) => [row.id, row]));

  const errors: Record<string, string[]> = {};
  const error = (field: string, key: keyof typeof PREMIERE_VIDEO_MESSAGES) => {
    errors[field] ??= [localized(PREMIERE_VIDEO_MESSAGES[key], ctx.locale)];
  };
  const seenMedia = new Set<string>();
  const seenIds = new Set<string>();
  for (const [index, entry] of args.videos.entries()) {
    if (seenIds.has(entry.id)) error(`videos.${index}.id`, "duplicate_entry");
    else if (!current.has(entry.id) && (await tx.get("premiere_videos", entry.id))) error(`videos.${index}.id`, "other_webcast");
    if (seenMedia.has(entry.media_id)) error(`videos.${index}.media_id`, "duplicate_media");
    seenIds.add(entry.id);
    seenMedia.add(entry.media_id);
    const video = await tx.get("media", entry.media_id);
    if (video?.organization_id !== webcast.organization_id) error(`videos.${index}.media_id`, "media_missing");
    else if (video.status !== "processed") error(`videos.${index}.media_id`, "not_processed");
  }
  if (Object.keys(errors).length > 0) throw new MutationRejected("validation_failed", PREMIERE_VIDEO_MESSAGES.invalid, errors);
  await checkMediaLimit(tx, ctx, webcast, args.videos.length - current.size, "videos");

  for (const row of current.values()) if (!seenIds.has(row.id)) await tx.delete("premiere_videos", row.id);
  for (const [position, entry] of args.videos.entries()) {
    const kept = current.get(entry.id);
    if (kept) {
      if (kept.media_id !== entry.media_id || kept.position !== position) await tx.patch("premiere_videos", kept.id, { media_id: entry.media_id, position, updated_at: args.now });
      continue;
    }
    const row: PremiereVideoRow = { id: entry.id, organization_id: webcast.organization_id, webcast_id: webcast.id, media_id: entry.media_id, position, created_at: args.now, updated_at: args.now };
    await tx.put("premiere_videos", row);
  }
});

/** The playlist's mutators by name (spread into ALL_MUTATORS). */
export const PREMIERE_VIDEO_MUTATORS = { setPremiereVideos } as const;
