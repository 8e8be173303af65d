import { z } from "zod";
import { editionErrors, normalizeEdition } from "../archive/rules.ts";
import type { UiLocale } from "../i18n/locales.ts";
import { hasFeature } from "../organizations/index.ts";
import { can } from "../permissions/can.ts";
import { type MutationContext, MutationRejected, type MutationTx, defineMutator, inOrganization, ofRow } from "../sync/types.ts";
import { UUID_V7 } from "../sync/uuidv7.ts";
import { archiveFilePrefix, isKeyUnder, mediaFilePrefix } from "../uploads/keys.ts";
import { max } from "../validation/form-rules.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";
import { required } from "../validation/required.ts";
import { WEBCAST_MESSAGES } from "../webcasts/messages.ts";
import { organizationRules } from "../webcasts/part-rules.ts";
import { statusGroupOf } from "../webcasts/status.ts";
import { MEDIA_LOOP_MODES, type MediaRow } from "./record.ts";

/**
 * The mutators of the organization's video library (SPEC §3 "Video/media", §4 video states; issue
 * #17). Each needs `media.manage` in the video's organization.
 *
 * A video is made anywhere, a browser offline included (`createMedia`: a title and loop settings,
 * status "created"); its file is uploaded through the one upload path, and only the server names
 * it: `attachMediaFile` (status "uploaded") and `setMediaProcessing` (what reading the file found)
 * are server-only, refused in a browser, and every key must lie under the video's own prefix
 * (`organizations/<org>/media/<id>/`). `createGalleryMedia` (server-only) adds an archive edition
 * to the library: its file is the webcast's recording (`webcasts/<uid>/archive/`), played through
 * its edit list.
 */

export const MEDIA_MESSAGES = {
  invalid: { en: "Some fields of the video are invalid.", fr: "Certains champs de la vidéo sont invalides." },
  gone: { en: "This video no longer exists: it was deleted.", fr: "Cette vidéo n'existe plus : elle a été supprimée." },
  already_exists: { en: "A video with this identifier already exists.", fr: "Une vidéo avec cet identifiant existe déjà." },
  forbidden: { en: "You are not allowed to manage the videos of this organization.", fr: "Vous n'êtes pas autorisé à gérer les vidéos de cette organisation." },
  video_disabled: { en: "Video content is not enabled for this organization.", fr: "Le contenu vidéo n'est pas activé pour cette organisation." },
  used_live: {
    en: "This video is used by a webcast that is live: delete it once the webcast is over.",
    fr: "Cette vidéo est utilisée par un webcast en direct : supprimez-la une fois le webcast terminé.",
  },
  file_key_invalid: { en: "This file was not uploaded for this video.", fr: "Ce fichier n'a pas été téléversé pour cette vidéo." },
  poster_key_invalid: { en: "This image was not uploaded for this video.", fr: "Cette image n'a pas été téléversée pour cette vidéo." },
  archive_key_invalid: {
    en: "This file is not the recording of a webcast of this organization.",
    fr: "Ce fichier n'est pas l'enregistrement d'un webcast de cette organisation.",
  },
  archive_file: {
    en: "This video comes from a webcast's recording: its file cannot be replaced.",
    fr: "Cette vidéo provient de l'enregistrement d'un webcast : son fichier ne peut pas être remplacé.",
  },
  no_file: { en: "This video has no file yet: upload one first.", fr: "Cette vidéo n'a pas encore de fichier : téléversez-en un d'abord." },
} as const satisfies Record<string, LocalizedText>;

/** Longest title, description and file name of a video (characters). */
export const MEDIA_LIMITS = { title: 255, description: 10_000, file_name: 255 } as const;

function refuse(code: string, key: keyof typeof MEDIA_MESSAGES, errors?: Record<string, string[]>): MutationRejected {
  return new MutationRejected(code, MEDIA_MESSAGES[key], errors);
}

/** Field errors of a video's title and description (SPEC §5 required, max). */
export function mediaFieldErrors(fields: Partial<Pick<MediaRow, "title" | "description">>, locale: UiLocale): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string | null) => {
    if (message) (errors[field] ??= []).push(message);
  };
  if (fields.title !== undefined) add("title", required(fields.title, locale) ?? max(fields.title, locale, { length: MEDIA_LIMITS.title }));
  if (fields.description !== undefined) add("description", max(fields.description, locale, { length: MEDIA_LIMITS.description }));
  return errors;
}

function checkFields(fields: Partial<Pick<MediaRow, "title" | "description">>, locale: UiLocale): void {
  const errors = mediaFieldErrors(fields, locale);
  if (Object.keys(errors).length > 0) throw refuse("validation_failed", "invalid", errors);
}

function serverOnly(ctx: MutationContext): void {
  if (ctx.location !== "server") throw new MutationRejected("forbidden", WEBCAST_MESSAGES.server_only);
}

function checkManage(ctx: MutationContext, organizationId: number): void {
  if (!can(ctx.actor, "media.manage", organizationId)) throw refuse("forbidden", "forbidden");
}

/** SPEC §3 allow_video_content gates the library; skipped where the organization's rules are unknown (the server judges). */
async function checkVideoContent(tx: MutationTx, ctx: MutationContext, organizationId: number): Promise<void> {
  const organization = await organizationRules(tx, ctx, organizationId);
  if (organization && !hasFeature(organization, "allow_video_content")) throw refuse("forbidden", "video_disabled");
}

/** The video a mutation names, if it exists (else `not_found`, "it was deleted") and the actor holds `media.manage` there. */
async function mediaFor(tx: MutationTx, id: string, ctx: MutationContext): Promise<MediaRow> {
  const row = await tx.get("media", id);
  if (!row) throw refuse("not_found", "gone");
  checkManage(ctx, row.organization_id);
  return row;
}

const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === "" ? null : value.trim());

const isoDateTime = z.iso.datetime();
const id = z.string().regex(UUID_V7);
const key = z.string().max(500);
const seconds = z.number().nonnegative();
// Shapes only; what a person can get wrong is a localized rule (mediaFieldErrors).
const editable = {
  title: z.string().max(10_000),
  description: z.string().max(100_000).nullable(),
  /** Offered as the webcasts' intro (pre-webcast) and outro (post-webcast) loop. */
  pre_webcast_loop: z.boolean(),
  post_webcast_loop: z.boolean(),
  loop_mode: z.enum(MEDIA_LOOP_MODES),
};

export const createMediaArgs = z.strictObject({
  id,
  organization_id: z.int().positive(),
  ...editable,
  description: editable.description.optional(),
  pre_webcast_loop: editable.pre_webcast_loop.default(false),
  post_webcast_loop: editable.post_webcast_loop.default(false),
  loop_mode: editable.loop_mode.default("repeat"),
  now: isoDateTime,
});
export type CreateMediaArgs = z.input<typeof createMediaArgs>;

/**
 * Adds a video to the library, without its file yet (status "created"). Needs `media.manage` in
 * the organization and its `allow_video_content` feature; refused for invalid fields or an id taken.
 */
export const createMedia = defineMutator("createMedia", createMediaArgs, inOrganization, async (tx, args, ctx) => {
  checkManage(ctx, args.organization_id);
  await checkVideoContent(tx, ctx, args.organization_id);
  if (await tx.get("media", args.id)) throw refuse("conflict", "already_exists");
  checkFields({ title: args.title, description: args.description ?? null }, ctx.locale);
  await tx.put("media", {
    id: args.id,
    organization_id: args.organization_id,
    title: args.title.trim(),
    description: blankToNull(args.description),
    status: "created",
    failure_reason: null,
    duration: null,
    width: null,
    height: null,
    file_key: null,
    file_name: null,
    size: null,
    content_type: null,
    poster_key: null,
    pre_webcast_loop: args.pre_webcast_loop,
    post_webcast_loop: args.post_webcast_loop,
    loop_mode: args.loop_mode,
    source: "upload",
    edition: null,
    created_at: args.now,
    updated_at: args.now,
  });
});

export const updateMediaArgs = z.strictObject({ id, ...z.object(editable).partial().shape, now: isoDateTime });
export type UpdateMediaArgs = z.input<typeof updateMediaArgs>;

/** Patches the given fields (per-field last write wins). Needs `media.manage`; refused when the video is gone or a field is invalid. */
export const updateMedia = defineMutator("updateMedia", updateMediaArgs, ofRow, async (tx, args, ctx) => {
  const row = await mediaFor(tx, args.id, ctx);
  checkFields({ title: args.title, description: args.description }, ctx.locale);
  const patch: Partial<MediaRow> = {};
  if (args.title !== undefined) patch.title = args.title.trim();
  if (args.description !== undefined) patch.description = blankToNull(args.description);
  if (args.pre_webcast_loop !== undefined) patch.pre_webcast_loop = args.pre_webcast_loop;
  if (args.post_webcast_loop !== undefined) patch.post_webcast_loop = args.post_webcast_loop;
  if (args.loop_mode !== undefined) patch.loop_mode = args.loop_mode;
  await tx.patch("media", row.id, { ...patch, updated_at: args.now });
});

export const deleteMediaArgs = z.strictObject({ id });

/**
 * Deletes a video; the premiere playlists naming it lose it (SYNC_CASCADES), and its files stay in
 * R2 until the route that pushed this or a sweep removes them. Needs `media.manage`; refused
 * (`locked`) while a webcast playing it in its premiere playlist is live (its status group is
 * "live": starting, pre-show loop, live or premiering, stopping, post-show loop), and when gone.
 */
export const deleteMedia = defineMutator("deleteMedia", deleteMediaArgs, ofRow, async (tx, args, ctx) => {
  const row = await mediaFor(tx, args.id, ctx);
  const webcastIds = new Set((await tx.list("premiere_videos", row.organization_id)).filter((video) => video.media_id === row.id).map((video) => video.webcast_id));
  for (const webcastId of webcastIds) {
    const webcast = await tx.get("webcasts", webcastId);
    if (webcast && statusGroupOf(webcast) === "live") throw refuse("locked", "used_live");
  }
  await tx.delete("media", row.id);
});

export const attachMediaFileArgs = z.strictObject({
  id,
  file_key: key,
  file_name: z.string().max(1_000),
  size: z.int().positive(),
  content_type: z.string().min(1).max(255),
  /** The poster frame (a JPEG the browser made before the upload), stored under the same prefix. */
  poster_key: key.nullable(),
  now: isoDateTime,
});
export type AttachMediaFileArgs = z.input<typeof attachMediaFileArgs>;

/**
 * Server only (the upload route, once the video's file is stored): names the file and its poster,
 * status "uploaded"; what an earlier file was read to be (duration, size, failure) is cleared.
 * Both keys must lie under the video's own prefix. Needs `media.manage`; a video made from a
 * webcast's recording keeps its file.
 */
export const attachMediaFile = defineMutator("attachMediaFile", attachMediaFileArgs, ofRow, async (tx, args, ctx) => {
  serverOnly(ctx);
  const row = await mediaFor(tx, args.id, ctx);
  if (row.source === "archive") throw refuse("conflict", "archive_file");
  const prefix = mediaFilePrefix(row.organization_id, row.id);
  const errors: Record<string, string[]> = {};
  if (!isKeyUnder(prefix, args.file_key)) errors.file = [localized(MEDIA_MESSAGES.file_key_invalid, ctx.locale)];
  if (args.poster_key !== null && !isKeyUnder(prefix, args.poster_key)) errors.poster = [localized(MEDIA_MESSAGES.poster_key_invalid, ctx.locale)];
  const nameError = required(args.file_name, ctx.locale) ?? max(args.file_name.trim(), ctx.locale, { length: MEDIA_LIMITS.file_name });
  if (nameError) errors.file_name = [nameError];
  if (Object.keys(errors).length > 0) throw refuse("validation_failed", "invalid", errors);
  await tx.patch("media", row.id, {
    status: "uploaded",
    file_key: args.file_key,
    file_name: args.file_name.trim(),
    size: args.size,
    content_type: args.content_type,
    poster_key: args.poster_key,
    duration: null,
    width: null,
    height: null,
    failure_reason: null,
    updated_at: args.now,
  });
});

export const setMediaProcessingArgs = z.strictObject({
  id,
  status: z.enum(["processing", "processed", "failed"]),
  duration: seconds.nullable().optional(),
  width: z.int().positive().nullable().optional(),
  height: z.int().positive().nullable().optional(),
  /** Why it failed (a text the server chose), kept with status "failed" only. */
  failure_reason: z.string().max(2_000).nullable().optional(),
  now: isoDateTime,
});
export type SetMediaProcessingArgs = z.input<typeof setMediaProcessingArgs>;

/**
 * Server only (the route that reads a stored video): processing → processed (with what was read)
 * or failed (with its reason). Needs `media.manage`; refused for a video without a file.
 */
export const setMediaProcessing = defineMutator("setMediaProcessing", setMediaProcessingArgs, ofRow, async (tx, args, ctx) => {
  serverOnly(ctx);
  const row = await mediaFor(tx, args.id, ctx);
  if (row.file_key === null) throw refuse("conflict", "no_file");
  const patch: Partial<MediaRow> = { status: args.status, failure_reason: args.status === "failed" ? blankToNull(args.failure_reason) : null };
  if (args.duration !== undefined) patch.duration = args.duration;
  if (args.width !== undefined) patch.width = args.width;
  if (args.height !== undefined) patch.height = args.height;
  await tx.patch("media", row.id, { ...patch, updated_at: args.now });
});

export const createGalleryMediaArgs = z.strictObject({
  id,
  organization_id: z.int().positive(),
  title: editable.title,
  /** The webcast's recording: `webcasts/<uid>/archive/<name>`. */
  file_key: key,
  content_type: z.string().min(1).max(255),
  size: z.int().positive(),
  duration: seconds,
  edition: z.strictObject({ start: z.number(), end: z.number(), cuts: z.array(z.strictObject({ start: z.number(), end: z.number() })).max(1_000) }),
  now: isoDateTime,
});
export type CreateGalleryMediaArgs = z.input<typeof createGalleryMediaArgs>;

const ARCHIVE_KEY = /^webcasts\/([^/]+)\/archive\//;

/**
 * Server only (an archive edition added to the gallery, SPEC §3 add_to_gallery): a library video
 * over the webcast's recording, played through its edit list (source "archive", status
 * "processed"). The key must be the recording of a webcast of the same organization; the edit list
 * follows the archive's rule (domain/archive/rules.ts `editionErrors`) and is stored as the archive
 * stores it (`normalizeEdition`). Needs `media.manage` and `allow_video_content`.
 */
export const createGalleryMedia = defineMutator("createGalleryMedia", createGalleryMediaArgs, inOrganization, async (tx, args, ctx) => {
  serverOnly(ctx);
  checkManage(ctx, args.organization_id);
  await checkVideoContent(tx, ctx, args.organization_id);
  if (await tx.get("media", args.id)) throw refuse("conflict", "already_exists");
  const errors = mediaFieldErrors({ title: args.title }, ctx.locale);
  const webcastId = ARCHIVE_KEY.exec(args.file_key)?.[1];
  const webcast = webcastId === undefined ? undefined : await tx.get("webcasts", webcastId);
  if (!webcast || webcast.organization_id !== args.organization_id || !isKeyUnder(archiveFilePrefix(webcast.id), args.file_key)) errors.file = [localized(MEDIA_MESSAGES.archive_key_invalid, ctx.locale)];
  // The archive's own rule of an edition (its route judged it first): the same errors, keyed `edition.…`.
  Object.assign(errors, editionErrors(args.edition, args.duration, ctx.locale));
  if (Object.keys(errors).length > 0) throw refuse("validation_failed", "invalid", errors);
  await tx.put("media", {
    id: args.id,
    organization_id: args.organization_id,
    title: args.title.trim(),
    description: null,
    status: "processed",
    failure_reason: null,
    duration: args.duration,
    width: null,
    height: null,
    file_key: args.file_key,
    file_name: null,
    size: args.size,
    content_type: args.content_type,
    poster_key: null,
    pre_webcast_loop: false,
    post_webcast_loop: false,
    loop_mode: "repeat",
    source: "archive",
    edition: normalizeEdition(args.edition),
    created_at: args.now,
    updated_at: args.now,
  });
});

/** Mutators only the server's routes run: /api/sync/push refuses these names too. */
export const SERVER_ONLY_MEDIA_MUTATORS: ReadonlySet<string> = new Set(["attachMediaFile", "setMediaProcessing", "createGalleryMedia"]);

/** Every library mutator by name (spread into ALL_MUTATORS). */
export const MEDIA_MUTATORS = { createMedia, updateMedia, deleteMedia, attachMediaFile, setMediaProcessing, createGalleryMedia } as const;
