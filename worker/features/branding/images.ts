import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { randomToken } from "../../auth/tokens.ts";
import { type BrandingImage, brandingPrefix } from "../../../domain/branding/images.ts";

/**
 * Branding images in R2 `MEDIA` (docs/webcasts-api.md): `webcasts/<uid>/branding/<kind>-<random>`.
 * A new image always gets a new key (so a URL never changes content and caches forever); the
 * objects a webcast no longer points at are swept after each branding change and when the webcast
 * is deleted through REST.
 */

export interface CheckedImage {
  bytes: Uint8Array;
  type: string;
}

/** Stores a checked image under a new key of the webcast; returns the key. */
export async function putBrandingImage(bucket: R2Bucket, webcastId: string, kind: BrandingImage, image: CheckedImage): Promise<string> {
  const key = `${brandingPrefix(webcastId)}${kind}-${randomToken()}`;
  await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.type } });
  return key;
}

/** An upload still in flight (stored, its change not applied yet) is younger than this: the sweep spares it. */
const IN_FLIGHT_MS = 10 * 60_000;

/**
 * Deletes the webcast's branding objects it no longer points at: those `replaced` by this request
 * at once, others once they are older than an upload in flight (a concurrent request may have
 * stored an image whose change is not applied yet). Best effort: a failure leaves orphans for the
 * next sweep, never a broken image.
 */
export async function sweepBrandingImages(bucket: R2Bucket, row: Pick<WebcastRow, "id" | "logo_key" | "cover_key" | "banner_key">, replaced: ReadonlySet<string>, now = Date.now()): Promise<void> {
  try {
    const kept = new Set([row.logo_key, row.cover_key, row.banner_key]);
    const listed = await bucket.list({ prefix: brandingPrefix(row.id) });
    const stale = listed.objects.filter((object) => !kept.has(object.key) && (replaced.has(object.key) || object.uploaded.getTime() < now - IN_FLIGHT_MS)).map((object) => object.key);
    if (stale.length > 0) await bucket.delete(stale);
  } catch (error) {
    console.warn("webcasts: branding sweep failed", row.id, error);
  }
}

/** Deletes keys stored by a request whose change was refused or failed (best effort). */
export async function discardBrandingImages(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await bucket.delete([...keys]);
  } catch (error) {
    console.warn("webcasts: could not discard uploaded images", error);
  }
}

