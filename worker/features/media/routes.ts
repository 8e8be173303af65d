import { and, asc, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import type { MediaAnswer, MediaFailureReason, MediaRow } from "../../../domain/media/record.ts";

export type { MediaAnswer };
import { MEDIA_FAILURE_REASONS } from "../../../domain/media/record.ts";
import { attachMediaFile, setMediaProcessing } from "../../../domain/media/mutators.ts";
import { setPremiereVideos } from "../../../domain/premiere-videos/mutators.ts";
import { UUID_V7, uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { authorize, requireUser } from "../../auth/middleware.ts";
import { type Db, db } from "../../db/client.ts";
import { media, premiereVideos, uploads } from "../../db/schema/index.ts";
import type { AppEnv, Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody } from "../../http/validators.ts";
import { signFileUrl } from "../files/signed-urls.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { completedUpload, markAttached } from "../uploads/service.ts";
import { pathWebcast, readGuard, webcastGuard } from "../webcasts/guards.ts";
import { probeStoredVideo } from "./probe.ts";

/**
 * The video library's server side (docs/media.md "The video library"): a video's row is made and
 * edited through its mutators (offline too); its file arrives through the upload path and is taken
 * here, then read (processing) — and premiere playlists (SPEC §7 POST premiere-videos). Mounted at /api.
 */

export async function mediaAnswer(env: Env, row: MediaRow): Promise<MediaAnswer> {
  const { file_key, poster_key, ...rest } = row;
  return {
    ...rest,
    file_url: file_key ? await signFileUrl(env, { key: file_key, ...(row.content_type ? { content_type: row.content_type } : {}), expires_in_s: 6 * 3600 }) : null,
    poster_url: poster_key ? await signFileUrl(env, { key: poster_key, content_type: "image/jpeg", expires_in_s: 6 * 3600 }) : null,
  };
}

async function findMedia(database: Db, id: string): Promise<MediaRow | undefined> {
  if (!UUID_V7.test(id)) return undefined;
  const [row] = await database.select().from(media).where(eq(media.id, id));
  return row;
}

/** The path's video when the user holds media.manage in its organization (404 for another tenant's, 403 for a member without it). */
async function pathMedia(c: Context<AppEnv>): Promise<MediaRow> {
  requireUser(c);
  const row = await findMedia(db(c.env.DB), c.req.param("id") ?? "");
  if (!row) throw new ApiError("not_found");
  authorize(c, "media.manage", row.organization_id);
  return row;
}

const fileBody = z.strictObject({
  upload_id: z.string().regex(UUID_V7),
  /** The poster frame the browser made before uploading (an upload of kind image for this video). */
  poster_upload_id: z.string().regex(UUID_V7).nullable().optional(),
  /** The browser could decode no frame of the file (it cannot be played there). */
  not_decodable: z.boolean().optional(),
});

const premiereBody = z.strictObject({ media_ids: z.array(z.string().regex(UUID_V7)).max(100) });

/**
 * Reads the stored file (mediabunny over R2 ranges): processing → processed with its duration and
 * size, or failed with a reason. Run in the request that took the file: reading a container's
 * header and index takes a few range reads, whatever the file's size.
 */
async function processVideo(c: Context<AppEnv>, row: MediaRow, file: { key: string; size: number }, notDecodable: boolean): Promise<void> {
  const user = requireUser(c);
  const locale = c.var.locale;
  await applyMutation(c.env, user, locale, setMediaProcessing, { id: row.id, status: "processing", now: new Date().toISOString() });
  const probe = await probeStoredVideo(c.env.MEDIA, file.key, file.size);
  const failure: MediaFailureReason | null = !probe.ok ? probe.reason : notDecodable && probe.has_video ? "not_decodable" : null;
  if (!probe.ok || failure) {
    await applyMutation(c.env, user, locale, setMediaProcessing, { id: row.id, status: "failed", failure_reason: failure ?? MEDIA_FAILURE_REASONS[0], ...(probe.ok ? { duration: probe.duration } : {}), now: new Date().toISOString() });
    return;
  }
  await applyMutation(c.env, user, locale, setMediaProcessing, { id: row.id, status: "processed", duration: probe.duration, width: probe.width, height: probe.height, now: new Date().toISOString() });
}

export const mediaRoutes = new Hono<AppEnv>()
  /** GET /api/media/{id} → `{data: Media}` with signed file and poster URLs (media.manage). */
  .get("/media/:id", async (c) => {
    const row = await pathMedia(c);
    return c.json({ data: await mediaAnswer(c.env, row) }, 200);
  })
  /**
   * POST /api/media/{id}/file `{upload_id, poster_upload_id?, not_decodable?}` → `{data: Media}`: the
   * completed upload becomes the video's file (status uploaded), then the file is read (processing →
   * processed / failed). A file already taken may be replaced by a new upload.
   */
  .post("/media/:id/file", jsonBody(() => fileBody), async (c) => {
    const row = await pathMedia(c);
    const user = requireUser(c);
    const body = c.req.valid("json");
    const database = db(c.env.DB);
    const expected = { target_id: row.id, organization_id: row.organization_id, user_id: user.id };
    const file = await completedUpload(database, body.upload_id, { ...expected, kind: "video" }, c.var.locale);
    const poster = body.poster_upload_id ? await completedUpload(database, body.poster_upload_id, { ...expected, kind: "image" }, c.var.locale) : null;
    const replaced = [row.file_key, row.poster_key].filter((key): key is string => key !== null && key !== file.key && key !== poster?.key);
    await applyMutation(c.env, user, c.var.locale, attachMediaFile, {
      id: row.id,
      file_key: file.key,
      file_name: file.file_name,
      size: file.size,
      content_type: file.content_type,
      poster_key: poster?.key ?? null,
      now: new Date().toISOString(),
    });
    await markAttached(database, file.upload_id);
    if (poster) await markAttached(database, poster.upload_id);
    if (replaced.length > 0) {
      await c.env.MEDIA.delete(replaced).catch(() => undefined);
      // Their uploads can no longer be taken: their objects are gone.
      await database.update(uploads).set({ status: "aborted", updated_at: new Date().toISOString() }).where(inArray(uploads.key, replaced));
    }
    await processVideo(c, row, file, body.not_decodable === true);
    const after = await findMedia(database, row.id);
    if (!after) throw new ApiError("not_found");
    return c.json({ data: await mediaAnswer(c.env, after) }, 200);
  })
  /** GET /api/webcasts/{uid}/premiere-videos → `{data: [{id, media_id, position, media}]}` in play order. */
  .get("/webcasts/:id/premiere-videos", readGuard("premiere_videos"), async (c) => {
    const { row } = await pathWebcast(c);
    return c.json({ data: await playlistOf(c.env, row.id) }, 200);
  })
  /**
   * POST /api/webcasts/{uid}/premiere-videos `{media_ids}` (SPEC §7) → `{data: playlist}`: the whole
   * playlist in play order (`setPremiereVideos`); entries of videos already listed keep their ids.
   */
  .post("/webcasts/:id/premiere-videos", webcastGuard("webcasts.update"), jsonBody(() => premiereBody), async (c) => {
    const { row } = await pathWebcast(c);
    const database = db(c.env.DB);
    const current = await database.select().from(premiereVideos).where(eq(premiereVideos.webcast_id, row.id));
    const idOf = new Map(current.map((entry) => [entry.media_id, entry.id]));
    const videos = c.req.valid("json").media_ids.map((mediaId) => ({ id: idOf.get(mediaId) ?? uuidv7(), media_id: mediaId }));
    await applyMutation(c.env, requireUser(c), c.var.locale, setPremiereVideos, { webcast_id: row.id, videos, now: new Date().toISOString() });
    return c.json({ data: await playlistOf(c.env, row.id) }, 200);
  });

async function playlistOf(env: Env, webcastId: string) {
  const database = db(env.DB);
  const rows = await database
    .select({ entry: premiereVideos, video: media })
    .from(premiereVideos)
    .innerJoin(media, and(eq(media.id, premiereVideos.media_id)))
    .where(eq(premiereVideos.webcast_id, webcastId))
    .orderBy(asc(premiereVideos.position), asc(premiereVideos.id));
  return Promise.all(rows.map(async ({ entry, video }) => ({ id: entry.id, media_id: entry.media_id, position: entry.position, media: await mediaAnswer(env, video) })));
}
