import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { randomToken } from "../../auth/tokens.ts";
import { type BrandingImage, brandingPrefix } from "../../../domain/branding/images.ts";

/**
 * Branding images in R2 `MEDIA` (docs/webcasts-api.md): `webcasts/<uid>/branding/<kind>-<random>`.
 * A new image always gets a new key (so a URL never changes content and caches forever); the
 * objects a webcast no longer points at are swept after each branding change and when the webcast
 * is deleted through REST.
 */

/** The image type its first bytes say (JPEG, PNG, GIF, WebP, AVIF), or null: the declared type is not trusted. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const at = (offset: number, text: string) => [...text].every((char, index) => bytes[offset + index] === char.charCodeAt(0));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes[0] === 0x89 && at(1, "PNG\r\n\x1a\n")) return "image/png";
  if (at(0, "GIF87a") || at(0, "GIF89a")) return "image/gif";
  if (at(0, "RIFF") && at(8, "WEBP")) return "image/webp";
  if (at(4, "ftyp") && (at(8, "avif") || at(8, "avis"))) return "image/avif";
  return null;
}

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

