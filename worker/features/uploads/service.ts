import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { UPLOAD_MESSAGES } from "../../../domain/uploads/messages.ts";
import type { UploadAnswer, UploadKind } from "../../../domain/uploads/record.ts";
import { uploadPartCount } from "../../../domain/uploads/rules.ts";
import { localized } from "../../../domain/validation/localized.ts";
import type { Db } from "../../db/client.ts";
import { uploadParts, uploads } from "../../db/schema/index.ts";
import { ApiError } from "../../http/api-error.ts";

/** An upload as stored. */
export type UploadRecord = typeof uploads.$inferSelect;

/** The parts an upload holds, in order. */
export async function partsOf(database: Db, uploadId: string): Promise<{ part_number: number; size: number; etag: string }[]> {
  return database.select({ part_number: uploadParts.part_number, size: uploadParts.size, etag: uploadParts.etag }).from(uploadParts).where(eq(uploadParts.upload_id, uploadId)).orderBy(asc(uploadParts.part_number));
}

/** The API's view of an upload (no R2 key, no R2 upload id). */
export async function uploadAnswer(database: Db, row: UploadRecord): Promise<UploadAnswer> {
  const parts = row.status === "uploading" ? await partsOf(database, row.id) : [];
  return {
    id: row.id,
    kind: row.kind,
    target_id: row.target_id,
    organization_id: row.organization_id,
    webcast_id: row.webcast_id,
    file_name: row.file_name,
    size: row.size,
    content_type: row.content_type,
    part_bytes: row.part_bytes,
    part_count: uploadPartCount(row.size, row.part_bytes),
    status: row.status,
    parts: parts.map(({ part_number, size }) => ({ part_number, size })),
    created_at: row.created_at,
  };
}

export async function findUpload(database: Db, id: string): Promise<UploadRecord | undefined> {
  const [row] = await database.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** What a feature's row takes from a completed upload. */
export interface CompletedFile {
  upload_id: string;
  key: string;
  file_name: string;
  size: number;
  content_type: string;
}

/**
 * The completed upload a feature's row is about to take (a resource's file, a library video, a
 * deck): made by this user, of this kind, for this target (and webcast, or organization), and
 * completed. Otherwise a 422 on `upload_id` in the request's language. Callers: the feature
 * routes, after authorizing the write; they call `markAttached` once their change is applied.
 */
export async function completedUpload(
  database: Db,
  uploadId: string,
  expected: { kind: UploadKind; target_id: string; organization_id: number | null; webcast_id?: string | null; user_id: number },
  locale: UiLocale,
): Promise<CompletedFile> {
  const row = await findUpload(database, uploadId);
  const refuse = (message: keyof typeof UPLOAD_MESSAGES) =>
    new ApiError("validation_failed", { message: localized(UPLOAD_MESSAGES.invalid, locale), errors: { upload_id: [localized(UPLOAD_MESSAGES[message], locale)] } });
  if (
    !row ||
    row.created_by !== expected.user_id ||
    row.kind !== expected.kind ||
    row.target_id !== expected.target_id ||
    row.organization_id !== expected.organization_id ||
    (expected.webcast_id !== undefined && row.webcast_id !== expected.webcast_id)
  )
    throw refuse("wrong_upload");
  if (row.status !== "completed") throw refuse("not_completed");
  return { upload_id: row.id, key: row.key, file_name: row.file_name, size: row.size, content_type: row.content_type };
}

/** The upload's file belongs to a row now: the sweep leaves it alone. */
export async function markAttached(database: Db, uploadId: string): Promise<void> {
  await database.update(uploads).set({ attached: true, updated_at: new Date().toISOString() }).where(eq(uploads.id, uploadId));
}

/** An upload left unfinished this long is aborted (R2 itself drops unfinished ones after 7 days). */
export const UNFINISHED_UPLOAD_MS = 6 * 24 * 3_600_000;
/** A completed file no row took within this time (the browser never ran its finishing step) is deleted. */
export const UNATTACHED_FILE_MS = 2 * 24 * 3_600_000;

/**
 * The daily sweep (cron): aborts uploads left unfinished, deletes completed files no row took.
 * Best effort, at most 500 of each per run. Returns how many went.
 */
export async function sweepUploads(bucket: R2Bucket, database: Db, now: number): Promise<{ aborted: number; deleted: number }> {
  let aborted = 0;
  let deleted = 0;
  const stale = await database
    .select()
    .from(uploads)
    .where(and(eq(uploads.status, "uploading"), lt(uploads.updated_at, new Date(now - UNFINISHED_UPLOAD_MS).toISOString())))
    .limit(500);
  for (const row of stale) {
    await bucket.resumeMultipartUpload(row.key, row.r2_upload_id).abort().catch(() => undefined);
    await database.batch([database.delete(uploadParts).where(eq(uploadParts.upload_id, row.id)), database.update(uploads).set({ status: "aborted", updated_at: new Date(now).toISOString() }).where(eq(uploads.id, row.id))]);
    aborted++;
  }
  const orphans = await database
    .select()
    .from(uploads)
    .where(and(eq(uploads.status, "completed"), eq(uploads.attached, false), lt(uploads.updated_at, new Date(now - UNATTACHED_FILE_MS).toISOString())))
    .limit(500);
  for (const row of orphans) {
    await bucket.delete(row.key).catch(() => undefined);
    await database.update(uploads).set({ status: "aborted", updated_at: sql`${new Date(now).toISOString()}` }).where(eq(uploads.id, row.id));
    deleted++;
  }
  return { aborted, deleted };
}
