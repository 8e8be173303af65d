import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import { canForWebcast } from "../../../domain/permissions/can.ts";
import { tenantRefusal } from "../../../domain/permissions/tenancy.ts";
import { hasFeature } from "../../../domain/organizations/features.ts";
import { UUID_V7, uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { acceptsFileType, sniffFileType, storedContentType, wrongTypeMessage } from "../../../domain/uploads/file-types.ts";
import { uploadKeyPrefix } from "../../../domain/uploads/keys.ts";
import { UPLOAD_MESSAGES } from "../../../domain/uploads/messages.ts";
import { UPLOAD_KINDS, type UploadKind } from "../../../domain/uploads/record.ts";
import { SNIFF_BYTES, UPLOAD_PART_BYTES, uploadPartCount, uploadPartSize, uploadStartErrors } from "../../../domain/uploads/rules.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { randomToken } from "../../auth/tokens.ts";
import { authorize, requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import { organizations, uploadParts, uploads, webcastSpeakers } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody } from "../../http/validators.ts";
import { findWebcast } from "../webcasts/service.ts";
import { cleanContentType, cleanFileName } from "./names.ts";
import { type UploadRecord, findUpload, partsOf, uploadAnswer } from "./service.ts";
import { withHead } from "./streams.ts";

/**
 * The one upload path (docs/uploads.md "The server's side"): R2 multipart uploads through the
 * Worker, each request one part (far under Cloudflare's 100 MB body cap), the parts held listed
 * from D1 so a cut upload resumes. Mounted at /api/uploads.
 * Order in a route: session (401), the upload or its target and permission (404 / 403), then the
 * body (415 / 422); an upload is its creator's: another user gets 404.
 */

const startBody = z.strictObject({
  kind: z.enum(UPLOAD_KINDS),
  target_id: z.string().regex(UUID_V7),
  organization_id: z.number().int().positive().optional(),
  webcast_id: z.string().regex(UUID_V7).optional(),
  file_name: z.string().max(10_000),
  size: z.number().int().nonnegative(),
  content_type: z.string().max(255).optional(),
});

/** 422 on `field` with the uploads' "cannot be uploaded" message. */
function refused(locale: AppEnv["Variables"]["locale"], errors: Record<string, string[]>): ApiError {
  return new ApiError("validation_failed", { message: localized(UPLOAD_MESSAGES.invalid, locale), errors });
}

/**
 * Where an upload of `kind` goes and who may send it: a library video or image needs `media.manage`
 * in the organization (and video content enabled), a deck `slides.manage` for the webcast (its
 * producer speaker too), a resource file or a branding image `webcasts.update`; a profile photo is
 * the signed-in user's own (no organization). Returns the organization and webcast.
 */
async function authorizeTarget(c: Context<AppEnv>, kind: UploadKind, body: { organization_id?: number | undefined; webcast_id?: string | undefined }): Promise<{ organization_id: number | null; webcast_id: string | null }> {
  const user = requireUser(c);
  const database = db(c.env.DB);
  if (kind === "photo") return { organization_id: null, webcast_id: null };
  if (kind === "video" || kind === "image") {
    if (body.organization_id === undefined) throw refused(c.var.locale, { organization_id: [localized(UPLOAD_MESSAGES.wrong_upload, c.var.locale)] });
    authorize(c, "media.manage", body.organization_id);
    const [organization] = await database.select().from(organizations).where(eq(organizations.id, body.organization_id));
    if (!organization) throw new ApiError("not_found");
    if (kind === "video" && !hasFeature(organization, "allow_video_content")) throw new ApiError("forbidden", { message: localized(UPLOAD_MESSAGES.video_content_disabled, c.var.locale) });
    return { organization_id: body.organization_id, webcast_id: null };
  }
  const found = body.webcast_id ? await findWebcast(database, body.webcast_id) : undefined;
  if (!found) throw new ApiError("not_found");
  const webcast = found.row;
  if (kind === "resource" || kind === "branding") authorize(c, "webcasts.update", webcast.organization_id);
  else {
    const speakers = await database.select({ id: webcastSpeakers.user_id, is_producer: webcastSpeakers.is_producer }).from(webcastSpeakers).where(eq(webcastSpeakers.webcast_id, webcast.id));
    if (!canForWebcast(user, "slides.manage", { organization_id: webcast.organization_id, speakers })) throw new ApiError(tenantRefusal(user, webcast.organization_id));
  }
  return { organization_id: webcast.organization_id, webcast_id: webcast.id };
}

/** The path's upload, when the signed-in user made it (others: 404, whoever they are). */
async function ownUpload(c: Context<AppEnv>): Promise<UploadRecord> {
  const user = requireUser(c);
  const id = c.req.param("id") ?? "";
  const row = UUID_V7.test(id) ? await findUpload(db(c.env.DB), id) : undefined;
  if (!row || row.created_by !== user.id) throw new ApiError("not_found");
  return row;
}

function requireUploading(c: Context<AppEnv>, row: UploadRecord): void {
  if (row.status !== "uploading") throw new ApiError("conflict", { message: localized(UPLOAD_MESSAGES.not_uploading, c.var.locale) });
}

export const uploadRoutes = new Hono<AppEnv>()
  /**
   * POST /api/uploads `{kind, target_id, organization_id?, webcast_id?, file_name, size, content_type?}`
   * → 201 `{data: Upload}`: the R2 multipart upload is created and its key named; a file over 5 GB,
   * empty, or a PowerPoint deck is refused before the first byte (422).
   */
  .post("/", jsonBody(() => startBody), async (c) => {
    const user = requireUser(c);
    const body = c.req.valid("json");
    const where = await authorizeTarget(c, body.kind, body);
    const errors = uploadStartErrors(body.kind, { name: body.file_name, size: body.size }, c.var.locale);
    if (Object.keys(errors).length > 0) throw refused(c.var.locale, errors);
    const prefix = uploadKeyPrefix(body.kind, { ...where, target_id: body.target_id, user_id: user.id });
    if (prefix === null) throw new ApiError("not_found");
    const key = `${prefix}${randomToken()}`;
    const contentType = cleanContentType(body.content_type ?? null);
    const multipart = await c.env.MEDIA.createMultipartUpload(key, { httpMetadata: { contentType } });
    const now = new Date().toISOString();
    const [row] = await db(c.env.DB)
      .insert(uploads)
      .values({
        id: uuidv7(),
        organization_id: where.organization_id,
        webcast_id: where.webcast_id,
        kind: body.kind,
        target_id: body.target_id,
        key,
        r2_upload_id: multipart.uploadId,
        file_name: cleanFileName(body.file_name),
        content_type: contentType,
        size: body.size,
        part_bytes: UPLOAD_PART_BYTES,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!row) throw new ApiError("server_error");
    return c.json({ data: await uploadAnswer(db(c.env.DB), row) }, 201);
  })
  /** GET /api/uploads/{id} → `{data: Upload}` with the parts the server holds (what a resumed upload skips). */
  .get("/:id", async (c) => {
    const row = await ownUpload(c);
    return c.json({ data: await uploadAnswer(db(c.env.DB), row) }, 200);
  })
  /**
   * PUT /api/uploads/{id}/parts/{n} (the part's raw bytes, exactly its size) → `{data: {part_number,
   * size}}`. Streamed to R2 (never held whole in memory); sending a part again replaces it. Part 1's
   * first bytes tell the file's type: a type its kind does not take aborts the upload (422).
   */
  .put("/:id/parts/:number", async (c) => {
    const row = await ownUpload(c);
    requireUploading(c, row);
    const locale = c.var.locale;
    const partNumber = Number(c.req.param("number"));
    const expected = uploadPartSize(row.size, partNumber, row.part_bytes);
    if (expected === 0) throw refused(locale, { part_number: [localized(UPLOAD_MESSAGES.part_number, locale)] });
    const length = Number(c.req.header("Content-Length") ?? Number.NaN);
    const body = c.req.raw.body;
    if (length !== expected || !body) throw refused(locale, { part: [localized(UPLOAD_MESSAGES.part_size, locale)] });
    const database = db(c.env.DB);
    let multipart = c.env.MEDIA.resumeMultipartUpload(row.key, row.r2_upload_id);
    let r2UploadId = row.r2_upload_id;
    let stream: ReadableStream<Uint8Array> = body;
    if (partNumber === 1) {
      const { head, stream: whole } = await withHead(body, Math.min(SNIFF_BYTES, expected));
      const type = sniffFileType(head);
      if (!acceptsFileType(row.kind, type)) {
        await whole.cancel().catch(() => undefined);
        await multipart.abort().catch(() => undefined);
        await database.update(uploads).set({ status: "aborted", updated_at: new Date().toISOString() }).where(eq(uploads.id, row.id));
        throw refused(locale, { file: [wrongTypeMessage(row.kind, type, locale)] });
      }
      const contentType = storedContentType(type, row.content_type);
      if (contentType !== row.content_type) {
        // R2 fixes an object's type when its multipart upload is created: one created with the
        // declared type starts again with the type the bytes tell (parts already sent are dropped;
        // completing then lists them as missing, and the client sends them again).
        await multipart.abort().catch(() => undefined);
        multipart = await c.env.MEDIA.createMultipartUpload(row.key, { httpMetadata: { contentType } });
        r2UploadId = multipart.uploadId;
        await database.batch([
          database.update(uploads).set({ content_type: contentType, r2_upload_id: r2UploadId }).where(eq(uploads.id, row.id)),
          database.delete(uploadParts).where(eq(uploadParts.upload_id, row.id)),
        ]);
      }
      // R2 takes a stream of a known length only: the head and the rest, re-joined at the part's size.
      const fixed = new FixedLengthStream(expected);
      void whole.pipeTo(fixed.writable).catch(() => undefined);
      stream = fixed.readable;
    }
    let uploaded: R2UploadedPart;
    try {
      uploaded = await multipart.uploadPart(partNumber, stream);
    } catch (error) {
      // A body cut short (the network went away) or longer than announced: nothing was kept.
      console.warn("uploads: part failed", row.id, partNumber, error);
      throw new ApiError("bad_request", { message: localized(UPLOAD_MESSAGES.part_size, locale) });
    }
    const now = new Date().toISOString();
    // Recorded only while the upload is still the R2 upload this part went to (part 1 may have
    // started it again meanwhile: this part is then missing at completion and sent again).
    await database.batch([
      database
        .insert(uploadParts)
        .select(sql`SELECT ${row.id}, ${partNumber}, ${uploaded.etag}, ${expected} WHERE EXISTS (SELECT 1 FROM ${uploads} WHERE ${uploads.id} = ${row.id} AND ${uploads.r2_upload_id} = ${r2UploadId})`)
        .onConflictDoUpdate({ target: [uploadParts.upload_id, uploadParts.part_number], set: { etag: sql`excluded.etag`, size: sql`excluded.size` } }),
      database.update(uploads).set({ updated_at: now }).where(eq(uploads.id, row.id)),
    ]);
    return c.json({ data: { part_number: partNumber, size: expected } }, 200);
  })
  /**
   * POST /api/uploads/{id}/complete → `{data: Upload}` (status completed): R2 joins the parts into
   * one object. 409 when parts are missing (`errors.parts` lists them). Completing twice answers the
   * same (a retry after a cut).
   */
  .post("/:id/complete", async (c) => {
    const row = await ownUpload(c);
    const database = db(c.env.DB);
    if (row.status === "completed") return c.json({ data: await uploadAnswer(database, row) }, 200);
    requireUploading(c, row);
    const parts = await partsOf(database, row.id);
    const count = uploadPartCount(row.size, row.part_bytes);
    const held = new Set(parts.filter((part) => part.size === uploadPartSize(row.size, part.part_number, row.part_bytes)).map((part) => part.part_number));
    const missing = Array.from({ length: count }, (_, index) => index + 1).filter((part) => !held.has(part));
    if (missing.length > 0)
      throw new ApiError("conflict", { message: localized(UPLOAD_MESSAGES.parts_missing, c.var.locale), errors: { parts: missing.slice(0, 50).map(String) } });
    await c.env.MEDIA.resumeMultipartUpload(row.key, row.r2_upload_id).complete(parts.map((part) => ({ partNumber: part.part_number, etag: part.etag })));
    const now = new Date().toISOString();
    const [done] = await database.batch([
      database.update(uploads).set({ status: "completed", updated_at: now }).where(and(eq(uploads.id, row.id), eq(uploads.status, "uploading"))).returning(),
      database.delete(uploadParts).where(eq(uploadParts.upload_id, row.id)),
    ]);
    return c.json({ data: await uploadAnswer(database, done[0] ?? { ...row, status: "completed" }) }, 200);
  })
  /** DELETE /api/uploads/{id} → 204: an unfinished upload is aborted (R2 frees its parts); a completed file no row took is deleted. */
  .delete("/:id", async (c) => {
    const row = await ownUpload(c);
    const database = db(c.env.DB);
    if (row.status === "uploading") await c.env.MEDIA.resumeMultipartUpload(row.key, row.r2_upload_id).abort().catch(() => undefined);
    else if (row.status === "completed" && !row.attached) await c.env.MEDIA.delete(row.key);
    if (row.status !== "completed" || !row.attached)
      await database.batch([
        database.delete(uploadParts).where(eq(uploadParts.upload_id, row.id)),
        database.update(uploads).set({ status: "aborted", updated_at: new Date().toISOString() }).where(eq(uploads.id, row.id)),
      ]);
    return c.body(null, 204);
  });
