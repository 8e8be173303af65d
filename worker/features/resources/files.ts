import { and, eq } from "drizzle-orm";
import { resourceFilePrefix, resourceFilesPrefix } from "../../../domain/resources/mutators.ts";
import { randomToken } from "../../auth/tokens.ts";
import type { Db } from "../../db/client.ts";
import { resources, uploads } from "../../db/schema/index.ts";

/**
 * Resource files in R2 `MEDIA` (docs/webcasts-api.md): `webcasts/<uid>/resources/<resource id>/<random>`.
 * A file arrives through the one upload path (/api/uploads, kind "resource", the resource's id as
 * target), which names its key; the resource routes take the completed upload (uploaded-file.ts).
 * After an applied write the webcast's files no resource names any more are swept.
 */

/** A new key for a file of this resource (the upload path names its own the same way; fixtures and the demo seed use this). */
export function newResourceFileKey(webcastId: string, resourceId: string): string {
  return `${resourceFilePrefix(webcastId, resourceId)}${randomToken()}`;
}

/** A stored file younger than this may be about to be named (a change in flight): the sweep spares it. */
const IN_FLIGHT_MS = 10 * 60_000;

/**
 * Deletes the webcast's resource files that no resource names any more: `replaced` at once (what
 * this request's applied change dropped), others once older than a change in flight (files of
 * resources deleted through a sync push). The file of a completed upload no resource took yet is
 * spared whatever its age (the browser may still name it, or resend it after fixing a refused
 * form): the uploads sweep deletes it after two days. Best effort.
 */
export async function sweepResourceFiles(bucket: R2Bucket, database: Db, webcastId: string, replaced: ReadonlySet<string>, now = Date.now()): Promise<void> {
  try {
    const [named, waiting] = await Promise.all([
      database.select({ key: resources.file_key }).from(resources).where(eq(resources.webcast_id, webcastId)),
      database
        .select({ key: uploads.key })
        .from(uploads)
        .where(and(eq(uploads.webcast_id, webcastId), eq(uploads.kind, "resource"), eq(uploads.status, "completed"), eq(uploads.attached, false))),
    ]);
    const kept = new Set([...named.map((row) => row.key), ...waiting.map((row) => row.key)]);
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const listed = await bucket.list({ prefix: resourceFilesPrefix(webcastId), ...(cursor ? { cursor } : {}) });
      const stale = listed.objects.filter((object) => !kept.has(object.key) && (replaced.has(object.key) || object.uploaded.getTime() < now - IN_FLIGHT_MS)).map((object) => object.key);
      if (stale.length > 0) await bucket.delete(stale);
      if (!listed.truncated) break;
      cursor = listed.cursor;
    }
  } catch (error) {
    console.warn("resources: file sweep failed", webcastId, error);
  }
}
