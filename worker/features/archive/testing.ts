import { env } from "cloudflare:workers";
import { archiveExpiresAt } from "../../../domain/archive/rules.ts";
import type { ArchiveStatus } from "../../../domain/archive/record.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { archiveFilePrefix, mediaFilePrefix } from "../../../domain/uploads/keys.ts";
import { randomToken } from "../../auth/tokens.ts";
import { db } from "../../db/client.ts";
import { archives, media } from "../../db/schema/index.ts";
import type { MediaRecord } from "./service.ts";

/** Test helpers of the archive routes (workerd only): fixtures written straight to R2 and D1. */

/** `length` bytes, byte i = i mod 251 (a prime: no two ranges of a small file look alike). */
export function bytes(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => i % 251);
}

/** A processed library video of the organization, its file in R2 (what an upload and its processing leave). */
export async function insertVideo(organizationId: number, fields: Partial<MediaRecord> & { content?: Uint8Array } = {}): Promise<MediaRecord & { file_key: string }> {
  const { content = bytes(2000), ...rest } = fields;
  const id = rest.id ?? uuidv7();
  const file_key = `${mediaFilePrefix(organizationId, id)}${randomToken()}`;
  await env.MEDIA.put(file_key, content, { httpMetadata: { contentType: "video/mp4" } });
  const now = new Date().toISOString();
  const row: MediaRecord & { file_key: string } = {
    id,
    organization_id: organizationId,
    title: "Keynote",
    description: null,
    status: "processed",
    failure_reason: null,
    duration: 600,
    width: 1280,
    height: 720,
    file_name: "keynote.mp4",
    size: content.length,
    content_type: "video/mp4",
    poster_key: null,
    pre_webcast_loop: false,
    post_webcast_loop: false,
    loop_mode: "repeat",
    source: "upload",
    edition: null,
    created_at: now,
    updated_at: now,
    ...rest,
    file_key,
  };
  await db(env.DB).insert(media).values(row);
  return row;
}

/** An archive row (and its object when ready) for the webcast, as the copy leaves it. */
export async function insertArchive(
  webcast: { id: string; organization_id: number },
  fields: { status?: ArchiveStatus; created_at?: string; expires_at?: string; content?: Uint8Array } = {},
): Promise<{ file_key: string }> {
  const { content = bytes(2000), status = "ready" } = fields;
  const file_key = `${archiveFilePrefix(webcast.id)}${randomToken()}`;
  if (status === "ready") await env.MEDIA.put(file_key, content, { httpMetadata: { contentType: "video/mp4" } });
  const created_at = fields.created_at ?? new Date().toISOString();
  await db(env.DB)
    .insert(archives)
    .values({
      webcast_id: webcast.id,
      organization_id: webcast.organization_id,
      status,
      file_key,
      content_type: "video/mp4",
      size: content.length,
      duration: 600,
      media_id: null,
      expires_at: fields.expires_at ?? archiveExpiresAt(created_at),
      created_at,
      updated_at: created_at,
    });
  return { file_key };
}

/** Turns the organization's online archive editing on (SPEC §3 allow_video_archive_edit). */
export async function allowArchiveEdit(organizationId: number): Promise<void> {
  await env.DB.prepare("UPDATE organizations SET features = json_set(features, '$.allow_video_archive_edit', json('true')) WHERE id = ?").bind(organizationId).run();
}
