import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { media } from "../../db/schema/index.ts";

/** A file younger than this may belong to an upload whose video row is not on the server yet (made offline). */
const ORPHAN_AGE_MS = 2 * 24 * 3_600_000;
const MEDIA_KEY = /^organizations\/\d+\/media\/([0-9a-f-]{36})\//;

/**
 * The daily sweep (cron): files of library videos that no longer exist — deleted through a sync
 * push, which does not touch R2 (`deleteMedia` is a mutator, offline too). Best effort, at most
 * 100 listing pages a run. Returns how many objects went.
 */
export async function sweepMediaFiles(bucket: R2Bucket, database: Db, now: number): Promise<number> {
  let removed = 0;
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const listed = await bucket.list({ prefix: "organizations/", ...(cursor ? { cursor } : {}) });
    const byVideo = new Map<string, string[]>();
    for (const object of listed.objects) {
      const id = MEDIA_KEY.exec(object.key)?.[1];
      if (id && object.uploaded.getTime() < now - ORPHAN_AGE_MS) byVideo.set(id, [...(byVideo.get(id) ?? []), object.key]);
    }
    const ids = [...byVideo.keys()];
    const existing = new Set<string>();
    for (let start = 0; start < ids.length; start += 50) {
      for (const row of await database.select({ id: media.id }).from(media).where(inArray(media.id, ids.slice(start, start + 50)))) existing.add(row.id);
    }
    const gone = ids.filter((id) => !existing.has(id)).flatMap((id) => byVideo.get(id) ?? []);
    if (gone.length > 0) {
      await bucket.delete(gone);
      removed += gone.length;
    }
    if (!listed.truncated) break;
    cursor = listed.cursor;
  }
  return removed;
}
