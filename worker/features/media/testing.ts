import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { MediaRow } from "../../../domain/media/record.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import { db } from "../../db/client.ts";
import { media, uploads } from "../../db/schema/index.ts";
import type { TestClient } from "../../test/client.ts";
import { uploadFile } from "../uploads/testing.ts";

/** Test helpers of the media routes (workerd only). */

/**
 * A library video written straight to D1 (a fixture, no change log): status "created" and no file
 * unless told otherwise (a processed one names no object: playlists never read it).
 */
export async function insertMedia(organizationId: number, fields: Partial<MediaRow> = {}): Promise<MediaRow> {
  const now = new Date().toISOString();
  const row: MediaRow = {
    id: uuidv7(),
    organization_id: organizationId,
    title: "Keynote",
    description: null,
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
    pre_webcast_loop: false,
    post_webcast_loop: false,
    loop_mode: "repeat",
    source: "upload",
    edition: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db(env.DB).insert(media).values(row);
  return row;
}

/** The smallest JPEG-looking bytes: the upload path judges an image by its magic bytes only. */
export const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...new TextEncoder().encode("JFIF\0"), 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

/** Uploads `bytes` as `client` for the library video `video` (kind video, or image for its poster). */
export function uploadForMedia(client: TestClient, video: Pick<MediaRow, "id" | "organization_id">, kind: "video" | "image", bytes: Uint8Array, name: string): Promise<UploadAnswer> {
  return uploadFile(client, { kind, organization_id: video.organization_id, target_id: video.id, bytes, name });
}

/** The R2 key an upload was given (the API never answers it). */
export async function uploadKey(upload: Pick<UploadAnswer, "id">): Promise<string> {
  const [row] = await db(env.DB).select({ key: uploads.key }).from(uploads).where(eq(uploads.id, upload.id));
  if (!row) throw new Error(`no upload ${upload.id}`);
  return row.key;
}
