import { and, eq } from "drizzle-orm";
import { type BrandingImage, brandingPrefix } from "../../../domain/branding/images.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { randomToken } from "../../auth/tokens.ts";
import type { Db } from "../../db/client.ts";
import { uploads } from "../../db/schema/index.ts";

/**
 * Branding images in R2 `MEDIA` (docs/webcasts-api.md): `webcasts/<uid>/branding/<name>`. They come
 * through the upload path (`image-<random>`: uploaded-images.ts); the demo seed stores its own
 * (`logo-<random>`). A new image always gets a new key (so a URL never changes content and caches
 * forever); the objects a webcast no longer points at are swept after each branding change and
 * when the webcast is deleted through REST.
 */

export interface CheckedImage {
  bytes: Uint8Array;
  type: string;
}

/** Stores an image under a new key of the webcast; returns the key (the demo seed: users' images come through the upload path). */
export async function putBrandingImage(bucket: R2Bucket, webcastId: string, kind: BrandingImage, image: CheckedImage): Promise<string> {
  const key = `${brandingPrefix(webcastId)}${kind}-${randomToken()}`;
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
  return key;
}

/** An object younger than this may belong to a change in flight (a concurrent request): the sweep spares it. */
const IN_FLIGHT_MS = 10 * 60_000;

/**
 * Deletes the webcast's branding objects it no longer points at: those `replaced` by this request
 * at once, others once they are older than a change in flight. The file of a completed upload no
 * branding change took yet is spared whatever its age (the browser's finishing step may still name
 * it): the uploads sweep deletes it after two days. Best effort: a failure leaves orphans for the
 * next sweep, never a broken image.
 */
export async function sweepBrandingImages(
  bucket: R2Bucket,
  database: Db,
  row: Pick<WebcastRow, "id" | "logo_key" | "cover_key" | "banner_key">,
  replaced: ReadonlySet<string>,
  now = Date.now(),
): Promise<void> {
  try {
    const waiting = await database
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(eq(uploads.webcast_id, row.id), eq(uploads.kind, "branding"), eq(uploads.status, "completed"), eq(uploads.attached, false)));
    const kept = new Set([row.logo_key, row.cover_key, row.banner_key, ...waiting.map((upload) => upload.key)]);
    const listed = await bucket.list({ prefix: brandingPrefix(row.id) });
    const stale = listed.objects.filter((object) => !kept.has(object.key) && (replaced.has(object.key) || object.uploaded.getTime() < now - IN_FLIGHT_MS)).map((object) => object.key);
    if (stale.length > 0) await bucket.delete(stale);
  } catch (error) {
    console.warn("webcasts: branding sweep failed", row.id, error);
  }
}
