import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { media, slides } from "../../db/schema/index.ts";

/** A file younger than this may belong to an upload whose row is not on the server yet (made offline). */
const ORPHAN_AGE_MS = 2 * 24 * 3_600_000;

/** Files that belong to one row each: where they live, and the table whose ids own them. */
const OWNED_FILES = [
  // A library video's file and poster: organizations/<org>/media/<video id>/…
  { prefix: "organizations/", pattern: /^organizations\/\d+\/media\/([0-9a-f-]{36})\//, table: media },
  // A webcast's deck: webcasts/<uid>/slides/<deck id>/…
  { prefix: "webcasts/", pattern: /^webcasts\/[0-9a-f-]{36}\/slides\/([0-9a-f-]{36})\//, table: slides },
] as const;

/**
 * The daily sweep (cron): files of library videos and decks that no longer exist — deleted through
 * a sync push, which does not touch R2 (`deleteMedia`, `deleteSlides` are mutators, offline too).
 * Best effort, at most 100 listing pages per place a run. Returns how many objects went.
 */
export async function sweepMediaFiles(bucket: R2Bucket, database: Db, now: number): Promise<number> {
  let removed = 0;
  for (const owned of OWNED_FILES) {
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const listed = await bucket.list({ prefix: owned.prefix, ...(cursor ? { cursor } : {}) });
      const byOwner = new Map<string, string[]>();
      for (const object of listed.objects) {
        const id = owned.pattern.exec(object.key)?.[1];
        if (id && object.uploaded.getTime() < now - ORPHAN_AGE_MS) byOwner.set(id, [...(byOwner.get(id) ?? []), object.key]);
      }
      const ids = [...byOwner.keys()];
      const existing = new Set<string>();
      for (let start = 0; start < ids.length; start += 50) {
        for (const row of await database.select({ id: owned.table.id }).from(owned.table).where(inArray(owned.table.id, ids.slice(start, start + 50)))) existing.add(row.id);
      }
      const gone = ids.filter((id) => !existing.has(id)).flatMap((id) => byOwner.get(id) ?? []);
      if (gone.length > 0) {
        await bucket.delete(gone);
        removed += gone.length;
      }
      if (!listed.truncated) break;
      cursor = listed.cursor;
    }
  }
  return removed;
}
