import { and, asc, eq } from "drizzle-orm";
import type { ArchiveEdition, ArchiveStatus } from "../../../domain/archive/record.ts";
import { archiveExpiresAt, archiveStatusAt, playableDuration } from "../../../domain/archive/rules.ts";
import { archiveFilePrefix } from "../../../domain/uploads/keys.ts";
import { randomToken } from "../../auth/tokens.ts";
import type { Db } from "../../db/client.ts";
import { archiveEditions, archives, media } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { signFileUrl } from "../files/signed-urls.ts";

/**
 * The archive's storage (docs/media.md "The archive"): one row per webcast (the latest recording),
 * its editions, its object under `webcasts/<uid>/archive/`. Callers (routes.ts) authorize.
 */

export type ArchiveRecord = typeof archives.$inferSelect;
export type EditionRecord = typeof archiveEditions.$inferSelect;
export type MediaRecord = typeof media.$inferSelect;

/** An edition as answered: its edit list and the seconds it plays. */
export interface EditionAnswer extends ArchiveEdition {
  duration: number;
}

/** `data` of GET …/archive/info (and of the writes). */
export interface ArchiveInfo {
  status: ArchiveStatus;
  /** Seconds, bytes and type of the recording. */
  duration: number | null;
  size: number | null;
  content_type: string | null;
  /** The library video the recording was made from (until live recording exists). */
  media_id: string | null;
  expires_at: string | null;
  created_at: string;
  editions: EditionAnswer[];
  /** A signed URL playing the recording inline (ready only), valid PLAYBACK_URL_TTL_S. */
  file_url: string | null;
}

/** Life of the playback URL: long enough to watch a recording with pauses; the page reloads for a fresh one. */
export const PLAYBACK_URL_TTL_S = 6 * 60 * 60;

export async function findArchive(database: Db, webcastId: string): Promise<ArchiveRecord | undefined> {
  const [row] = await database.select().from(archives).where(eq(archives.webcast_id, webcastId));
  return row;
}

function editionAnswer(row: EditionRecord): EditionAnswer {
  const edit = { start: row.start, end: row.end, cuts: row.cuts };
  return { id: row.id, ...edit, add_to_gallery: row.add_to_gallery, media_id: row.media_id, created_at: row.created_at, duration: playableDuration(edit) };
}

/** The archive as answered at `now` (ms): status computed (expired past `expires_at`), editions oldest first. */
export async function archiveInfo(env: Pick<Env, "APP_KEY">, database: Db, archive: ArchiveRecord, now: number): Promise<ArchiveInfo> {
  const editions = await database.select().from(archiveEditions).where(eq(archiveEditions.webcast_id, archive.webcast_id)).orderBy(asc(archiveEditions.created_at), asc(archiveEditions.id));
  const status = archiveStatusAt(archive, now);
  const playable = status === "ready" && archive.file_key !== null;
  return {
    status,
    duration: archive.duration,
    size: archive.size,
    content_type: archive.content_type,
    media_id: archive.media_id,
    expires_at: archive.expires_at,
    created_at: archive.created_at,
    editions: editions.map(editionAnswer),
    file_url:
      playable && archive.file_key
        ? await signFileUrl(env, { key: archive.file_key, ...(archive.content_type ? { content_type: archive.content_type } : {}), expires_in_s: PLAYBACK_URL_TTL_S }, now)
        : null,
  };
}

/** Deletes an object of the archive's prefix unless a row still names it (the archive, or a library video made from an edition). */
export async function deleteIfUnreferenced(bucket: R2Bucket, database: Db, key: string): Promise<void> {
  const [byArchive, byMedia] = await Promise.all([
    database.select({ id: archives.webcast_id }).from(archives).where(eq(archives.file_key, key)).limit(1),
    database.select({ id: media.id }).from(media).where(eq(media.file_key, key)).limit(1),
  ]);
  if (byArchive.length === 0 && byMedia.length === 0) await bucket.delete(key);
}

/** Streams `from` into `to` (R2 has no copy call): a fixed-length stream, as R2 needs the length. */
async function copyObject(bucket: R2Bucket, from: string, to: string, contentType: string): Promise<void> {
  const source = await bucket.get(from);
  if (!source) throw new Error(`archive copy: ${from} is gone`);
  const stream = new FixedLengthStream(source.size);
  await Promise.all([source.body.pipeTo(stream.writable), bucket.put(to, stream.readable, { httpMetadata: { contentType } })]);
}

/**
 * Makes a processed library video the webcast's archive (beyond the spec until live recording
 * exists: POST /api/webcasts/{uid}/archive): a row "processing" with a new key under
 * `webcasts/<uid>/archive/`, replacing the previous archive and its editions (SPEC §4 reset keeps
 * only the latest archive); the object copied; the row "ready". The previous recording's object is
 * deleted unless a library video still plays it. If another call replaced the archive meanwhile,
 * this copy is dropped. On failure the row and the partial object go. Caller: webcasts.update on
 * the webcast, the video checked to be a processed one of its organization.
 */
export async function replaceArchive(env: Pick<Env, "MEDIA">, database: Db, webcast: { id: string; organization_id: number }, video: MediaRecord & { file_key: string }, now: Date): Promise<void> {
  const previous = await findArchive(database, webcast.id);
  const key = `${archiveFilePrefix(webcast.id)}${randomToken()}`;
  const at = now.toISOString();
  const contentType = video.content_type ?? "video/mp4";
  const row = {
    organization_id: webcast.organization_id,
    status: "processing" as const,
    file_key: key,
    content_type: contentType,
    size: video.size,
    duration: video.duration,
    media_id: video.id,
    expires_at: archiveExpiresAt(at),
    created_at: at,
    updated_at: at,
  };
  await database.batch([
    database.delete(archiveEditions).where(eq(archiveEditions.webcast_id, webcast.id)),
    database
      .insert(archives)
      .values({ webcast_id: webcast.id, ...row })
      .onConflictDoUpdate({ target: archives.webcast_id, set: row }),
  ]);
  if (previous?.file_key) await deleteIfUnreferenced(env.MEDIA, database, previous.file_key);
  try {
    await copyObject(env.MEDIA, video.file_key, key, contentType);
  } catch (error) {
    await database.delete(archives).where(and(eq(archives.webcast_id, webcast.id), eq(archives.file_key, key)));
    await env.MEDIA.delete(key);
    throw error;
  }
  const ready = await database
    .update(archives)
    .set({ status: "ready", updated_at: new Date().toISOString() })
    .where(and(eq(archives.webcast_id, webcast.id), eq(archives.file_key, key)))
    .returning({ id: archives.webcast_id });
  if (ready.length === 0) await deleteIfUnreferenced(env.MEDIA, database, key);
}

/** Deletes the archive and its editions, then its object unless a library video still plays it. Caller: webcasts.update. */
export async function deleteArchive(env: Pick<Env, "MEDIA">, database: Db, archive: ArchiveRecord): Promise<void> {
  await database.batch([database.delete(archiveEditions).where(eq(archiveEditions.webcast_id, archive.webcast_id)), database.delete(archives).where(eq(archives.webcast_id, archive.webcast_id))]);
  if (archive.file_key) await deleteIfUnreferenced(env.MEDIA, database, archive.file_key);
}

/** Whether a D1 error (possibly wrapped by drizzle) is a UNIQUE constraint failure. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = current instanceof Error ? current.cause : undefined) {
    if (String(current instanceof Error ? current.message : current).includes("UNIQUE constraint failed")) return true;
  }
  return false;
}
