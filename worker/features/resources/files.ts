import { eq } from "drizzle-orm";
import { resourceFilePrefix, resourceFilesPrefix } from "../../../domain/resources/mutators.ts";
import { randomToken } from "../../auth/tokens.ts";
import { ApiError } from "../../http/api-error.ts";
import type { Db } from "../../db/client.ts";
import { resources } from "../../db/schema/index.ts";

/**
 * Resource files in R2 `MEDIA` (docs/webcasts-api.md): `webcasts/<uid>/resources/<resource id>/<random>`.
 * A new upload always gets a new key (256 random bits), stored before its mutation is pushed; a
 * refused mutation discards it, an applied one sweeps the webcast's files no resource names any
 * more (the ones it replaced at once, others once older than an upload in flight).
 */

/** The upload is larger than allowed: nothing was kept. */
export class UploadTooLarge extends Error {
  constructor() {
    super("upload too large");
    this.name = "UploadTooLarge";
  }
}

/** The upload has no bytes: nothing was stored. */
export class UploadEmpty extends Error {
  constructor() {
    super("empty upload");
    this.name = "UploadEmpty";
  }
}

/** A new key for a file of this resource. */
export function newResourceFileKey(webcastId: string, resourceId: string): string {
  return `${resourceFilePrefix(webcastId, resourceId)}${randomToken()}`;
}

/** Size of the parts of an R2 multipart upload (R2: at least 5 MiB, all but the last of one size). */
export const PART_BYTES = 10 * 1024 * 1024;

function joined(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]?.length === size) return chunks[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Streams `chunks` into R2 under `key` and returns the size. At most one part is held in memory:
 * a file smaller than a part is one `put`, a larger one a multipart upload of `partBytes` parts.
 * Beyond `maxBytes` (or empty) it throws and nothing is kept (a started multipart upload is aborted).
 */
export async function putStream(
  bucket: R2Bucket,
  key: string,
  chunks: AsyncIterable<Uint8Array>,
  options: { contentType: string; maxBytes: number; partBytes?: number },
): Promise<number> {
  const partBytes = options.partBytes ?? PART_BYTES;
  const httpMetadata = { contentType: options.contentType };
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let total = 0;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  // The first `size` pending bytes as one array; the rest stays pending.
  const takePending = (size: number): Uint8Array => {
    const taken: Uint8Array[] = [];
    let missing = size;
    while (missing > 0) {
      const chunk = pending[0];
      if (!chunk) break;
      if (chunk.length <= missing) {
        taken.push(chunk);
        pending.shift();
        missing -= chunk.length;
      } else {
        taken.push(chunk.subarray(0, missing));
        pending[0] = chunk.subarray(missing);
        missing = 0;
      }
    }
    pendingBytes -= size - missing;
    return joined(taken, size - missing);
  };
  try {
    for await (const chunk of chunks) {
      total += chunk.length;
      if (total > options.maxBytes) throw new UploadTooLarge();
      pending.push(chunk);
      pendingBytes += chunk.length;
      while (pendingBytes >= partBytes) {
        upload ??= await bucket.createMultipartUpload(key, { httpMetadata });
        parts.push(await upload.uploadPart(parts.length + 1, takePending(partBytes)));
      }
    }
    const rest = takePending(pendingBytes);
    pending = [];
    if (!upload) {
      if (total === 0) throw new UploadEmpty();
      await bucket.put(key, rest, { httpMetadata });
      return total;
    }
    if (rest.length > 0) parts.push(await upload.uploadPart(parts.length + 1, rest));
    await upload.complete(parts);
    return total;
  } catch (error) {
    if (upload) await upload.abort().catch(() => undefined);
    throw error;
  }
}

/** Deletes keys stored by a request whose change was refused (best effort). */
export async function discardFile(bucket: R2Bucket, key: string | null): Promise<void> {
  if (key === null) return;
  try {
    await bucket.delete(key);
  } catch (error) {
    console.warn("resources: could not discard an uploaded file", key, error);
  }
}

/**
 * Runs `push` (the mutation naming a freshly stored file); a refusal (any 4xx) discards the file.
 * After a server error the change may have been applied all the same (push.ts): the file stays,
 * and a later sweep removes it if no resource names it.
 */
export async function withStoredFile<T>(bucket: R2Bucket, key: string | null, push: () => Promise<T>): Promise<T> {
  try {
    return await push();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) await discardFile(bucket, key);
    throw error;
  }
}

/** A stored file younger than this may belong to an upload whose change is not applied yet: the sweep spares it. */
const IN_FLIGHT_MS = 10 * 60_000;

/**
 * Deletes the webcast's resource files that no resource names any more: `replaced` at once (what
 * this request's applied change dropped), others once older than an upload in flight (files of
 * resources deleted through a sync push, uploads whose change failed). Best effort.
 */
export async function sweepResourceFiles(bucket: R2Bucket, database: Db, webcastId: string, replaced: ReadonlySet<string>, now = Date.now()): Promise<void> {
  try {
    const named = await database.select({ key: resources.file_key }).from(resources).where(eq(resources.webcast_id, webcastId));
    const kept = new Set(named.map((row) => row.key));
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

