import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { archiveStatusAt, editionBodySchema, replayFileName } from "../../../domain/archive/rules.ts";
import { hasFeature } from "../../../domain/organizations/features.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import { media, organizations } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody } from "../../http/validators.ts";
import { FILE_URL_TTL, signFileUrl } from "../files/signed-urls.ts";
import { pathWebcast, webcastGuard } from "../webcasts/guards.ts";
import { addEdition } from "./editions.ts";
import { ARCHIVE_ROUTE_MESSAGES } from "./messages.ts";
import { archiveInfo, deleteArchive, findArchive, replaceArchive } from "./service.ts";

/**
 * A webcast's archive (SPEC §3, §4 processing → ready → expired, §7; docs/webcasts-api.md
 * "Archive and replay"), mounted at /api/webcasts. Reads need webcasts.view, writes
 * webcasts.update (404 for another tenant, 403 for a member without it, before any body is read).
 * The recording's bytes are served by signed URLs (worker/features/files).
 */

/** Body of POST …/archive (beyond the spec, until live recording exists): the library video to use. */
const attachBody = z.strictObject({ media_id: z.string().regex(UUID_V7) });

export const archiveRoutes = new Hono<AppEnv>()
  /** GET /api/webcasts/{uid}/archive/info → `{ data: ArchiveInfo | null }` (null: no archive). */
  .get("/:id/archive/info", webcastGuard("webcasts.view"), async (c) => {
    const { row } = await pathWebcast(c);
    const database = db(c.env.DB);
    const archive = await findArchive(database, row.id);
    return c.json({ data: archive ? await archiveInfo(c.env, database, archive, Date.now()) : null }, 200);
  })
  /**
   * POST /api/webcasts/{uid}/archive `{ media_id }` → 201 `{ data: ArchiveInfo }`: a processed video
   * of the webcast's organization copied as the archive (status processing while copying, then
   * ready), replacing the previous one and its editions.
   */
  .post("/:id/archive", webcastGuard("webcasts.update"), jsonBody(() => attachBody), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const database = db(c.env.DB);
    const [video] = await database.select().from(media).where(eq(media.id, c.req.valid("json").media_id));
    const file_key = video?.file_key;
    if (!video || video.organization_id !== webcast.organization_id || video.status !== "processed" || !file_key || video.size === null || video.duration === null) {
      throw new ApiError("validation_failed", { message: localized(ARCHIVE_ROUTE_MESSAGES.invalid, c.var.locale), errors: { media_id: [localized(ARCHIVE_ROUTE_MESSAGES.media_invalid, c.var.locale)] } });
    }
    // Kept alive if the client goes away: a half-made archive would stay "processing".
    const copying = replaceArchive(c.env, database, webcast, { ...video, file_key }, new Date());
    c.executionCtx.waitUntil(copying.catch(() => undefined));
    await copying;
    const archive = await findArchive(database, webcast.id);
    if (!archive) throw new ApiError("conflict", { message: localized(ARCHIVE_ROUTE_MESSAGES.none, c.var.locale) });
    return c.json({ data: await archiveInfo(c.env, database, archive, Date.now()) }, 201);
  })
  /** DELETE /api/webcasts/{uid}/archive → 204: the archive, its editions, and its object unless a library video plays it. */
  .delete("/:id/archive", webcastGuard("webcasts.update"), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const database = db(c.env.DB);
    const archive = await findArchive(database, webcast.id);
    if (!archive) throw new ApiError("not_found", { message: localized(ARCHIVE_ROUTE_MESSAGES.none, c.var.locale) });
    await deleteArchive(c.env, database, archive);
    return c.body(null, 204);
  })
  /**
   * POST /api/webcasts/{uid}/archive/edit `{ edition: { start, end, cuts?, add_to_gallery? } }`
   * (seconds) → 201 `{ data: ArchiveInfo }`. Needs the organization's allow_video_archive_edit.
   */
  .post("/:id/archive/edit", webcastGuard("webcasts.update"), jsonBody(() => editionBodySchema), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const database = db(c.env.DB);
    const [organization] = await database.select().from(organizations).where(eq(organizations.id, webcast.organization_id));
    if (!organization || !hasFeature(organization, "allow_video_archive_edit")) throw new ApiError("forbidden", { message: localized(ARCHIVE_ROUTE_MESSAGES.edit_disabled, c.var.locale) });
    const archive = await findArchive(database, webcast.id);
    if (!archive) throw new ApiError("not_found", { message: localized(ARCHIVE_ROUTE_MESSAGES.none, c.var.locale) });
    await addEdition(c.env, database, requireUser(c), c.var.locale, webcast, archive, c.req.valid("json").edition, new Date());
    return c.json({ data: await archiveInfo(c.env, database, archive, Date.now()) }, 201);
  })
  /**
   * GET /api/webcasts/{uid}/replay/signed-url → `{ url, expires_at }`: a 15-minute URL downloading
   * the recording as "<event title> replay.mp4"; 409 when there is none ready (SPEC §8 "replay
   * expired or unavailable").
   */
  .get("/:id/replay/signed-url", webcastGuard("webcasts.view"), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const archive = await findArchive(db(c.env.DB), webcast.id);
    const now = Date.now();
    if (!archive?.file_key || archiveStatusAt(archive, now) !== "ready") throw new ApiError("conflict", { message: localized(ARCHIVE_ROUTE_MESSAGES.replay_unavailable, c.var.locale) });
    const expiresIn = FILE_URL_TTL.default_s;
    const url = await signFileUrl(
      c.env,
      { key: archive.file_key, download_name: replayFileName(webcast.event_title, archive.content_type), ...(archive.content_type ? { content_type: archive.content_type } : {}), expires_in_s: expiresIn },
      now,
    );
    return c.json({ url, expires_at: new Date(Math.floor(now / 1000) * 1000 + expiresIn * 1000).toISOString() }, 200);
  });
