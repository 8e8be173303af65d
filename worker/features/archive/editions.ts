import { and, eq } from "drizzle-orm";
import { ARCHIVE_MESSAGES, archiveStatusAt, editionErrors, editionSignature, normalizeEdition } from "../../../domain/archive/rules.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { MEDIA_LIMITS, createGalleryMedia } from "../../../domain/media/mutators.ts";
import type { MediaEdition } from "../../../domain/media/record.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { formatTimeString } from "../../../domain/validation/time-string.ts";
import type { Db } from "../../db/client.ts";
import { archiveEditions } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { ARCHIVE_ROUTE_MESSAGES } from "./messages.ts";
import { type ArchiveRecord, isUniqueViolation } from "./service.ts";

/**
 * POST /api/webcasts/{uid}/archive/edit (SPEC §7): an edition of a ready archive, validated by the
 * domain rules (domain/archive/rules.ts), unique by its normalized parameters (SPEC §8 "There is
 * another archive version with these same parameters.", 409), optionally added to the
 * organization's library through the server-only `createGalleryMedia` mutator.
 */

/** The archive's recording, when it may be edited at `now` (else 409: processing or expired). */
function editableRecording(archive: ArchiveRecord, now: number, locale: UiLocale) {
  const status = archiveStatusAt(archive, now);
  if (status === "expired") throw new ApiError("conflict", { message: localized(ARCHIVE_ROUTE_MESSAGES.expired, locale) });
  const { file_key, duration, size, content_type } = archive;
  if (status !== "ready" || file_key === null || duration === null || size === null) throw new ApiError("conflict", { message: localized(ARCHIVE_ROUTE_MESSAGES.processing, locale) });
  return { file_key, duration, size, content_type: content_type ?? "video/mp4" };
}

/** A library title for an edition: the event title and the part kept, within the library's limit. */
function galleryTitle(eventTitle: string, edition: MediaEdition): string {
  const range = ` (${formatTimeString(edition.start)}–${formatTimeString(edition.end)})`;
  return `${eventTitle.slice(0, MEDIA_LIMITS.title - range.length)}${range}`;
}

/**
 * Records the edition; with `add_to_gallery`, adds it to the library as `user` (media.manage, video
 * content enabled: the mutator's refusal undoes the edition). Caller: webcasts.update on the
 * webcast, allow_video_archive_edit checked.
 */
export async function addEdition(
  env: Env,
  database: Db,
  user: AuthUser,
  locale: UiLocale,
  webcast: { event_title: string; organization_id: number },
  archive: ArchiveRecord,
  body: MediaEdition & { add_to_gallery: boolean },
  now: Date,
): Promise<void> {
  const recording = editableRecording(archive, now.getTime(), locale);
  const errors = editionErrors(body, recording.duration, locale);
  if (Object.keys(errors).length > 0) throw new ApiError("validation_failed", { message: localized(ARCHIVE_MESSAGES.invalid, locale), errors });
  const edition = normalizeEdition(body);
  const signature = editionSignature(edition);
  const sameParameters = () => new ApiError("conflict", { message: localized(ARCHIVE_MESSAGES.same_parameters, locale) });
  const [existing] = await database
    .select({ id: archiveEditions.id })
    .from(archiveEditions)
    .where(and(eq(archiveEditions.webcast_id, archive.webcast_id), eq(archiveEditions.signature, signature)));
  if (existing) throw sameParameters();

  const id = uuidv7();
  try {
    await database.insert(archiveEditions).values({ id, webcast_id: archive.webcast_id, ...edition, add_to_gallery: body.add_to_gallery, media_id: null, signature, created_by: user.id, created_at: now.toISOString() });
  } catch (error) {
    // Another call recorded the same parameters since the check: the unique index is the authority.
    if (isUniqueViolation(error)) throw sameParameters();
    throw error;
  }
  if (!body.add_to_gallery) return;

  const mediaId = uuidv7();
  try {
    await applyMutation(env, user, locale, createGalleryMedia, {
      id: mediaId,
      organization_id: webcast.organization_id,
      title: galleryTitle(webcast.event_title, edition),
      file_key: recording.file_key,
      content_type: recording.content_type,
      size: recording.size,
      duration: recording.duration,
      edition,
      now: now.toISOString(),
    });
  } catch (error) {
    await database.delete(archiveEditions).where(eq(archiveEditions.id, id));
    throw error;
  }
  await database.update(archiveEditions).set({ media_id: mediaId }).where(eq(archiveEditions.id, id));
}
