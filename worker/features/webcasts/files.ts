import { eq, like } from "drizzle-orm";
import { db } from "../../db/client.ts";
import { media, webcasts } from "../../db/schema/index.ts";

/**
 * Every R2 object of a webcast lives under `webcasts/<uid>/` (branding images, resource files, …).
 * These delete a webcast's objects once the webcast is gone, best effort (a failure is logged and
 * the daily sweep tries again).
 */
export const WEBCAST_FILES_ROOT = "webcasts/";

export function webcastFilesPrefix(webcastId: string): string {
  return `${WEBCAST_FILES_ROOT}${webcastId}/`;
}

/**
 * Deletes every object under the webcast's prefix (its DELETE route, and the sweep) but those a
 * library video still plays: a video added from the webcast's archive (add_to_gallery) names the
 * recording's key, and outlives the webcast. Returns how many went.
 */
export async function deleteWebcastFiles(bucket: R2Bucket, webcastId: string, database: D1Database): Promise<number> {
  let removed = 0;
  try {
    const prefix = webcastFilesPrefix(webcastId);
    const kept = new Set(
      (await db(database).select({ key: media.file_key }).from(media).where(like(media.file_key, `${prefix}%`))).flatMap((row) => (row.key ? [row.key] : [])),
    );
    let cursor: string | undefined;
    for (let page = 0; page < 1_000; page++) {
      const listed = await bucket.list({ prefix, ...(cursor ? { cursor } : {}) });
      const gone = listed.objects.map((object) => object.key).filter((key) => !kept.has(key));
      if (gone.length > 0) {
        await bucket.delete(gone);
        removed += gone.length;
      }
      if (!listed.truncated) break;
      cursor = listed.cursor;
    }
  } catch (error) {
    console.warn("webcasts: could not delete the files of a webcast", webcastId, error);
  }
  return removed;
}

/**
 * The daily sweep (cron): files of webcasts that no longer exist — deleted through a sync push,
 * which does not touch R2, or whose DELETE route failed to clean up. Returns how many objects went.
 */
export async function sweepDeletedWebcastFiles(bucket: R2Bucket, database: D1Database): Promise<number> {
  let removed = 0;
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix: WEBCAST_FILES_ROOT, delimiter: "/", ...(cursor ? { cursor } : {}) });
    for (const prefix of listed.delimitedPrefixes) {
      const webcastId = prefix.slice(WEBCAST_FILES_ROOT.length, -1);
      const [exists] = await db(database).select({ id: webcasts.id }).from(webcasts).where(eq(webcasts.id, webcastId));
      if (!exists) removed += await deleteWebcastFiles(bucket, webcastId, database);
    }
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
  return removed;
}
