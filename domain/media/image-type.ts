/**
 * What an uploaded image is, read from its bytes (issue #14 point 2): every image upload of the
 * product (profile photos, branding images; media will add its own kinds) is checked by content,
 * never by the type or name the client declared. Raster formats only: an SVG served from our
 * origin could carry script.
 */

/** The image types the product stores: what `sniffImageType` recognises (a file picker's `accept`). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"] as const;

/** Largest profile photo (docs/identity-api.md). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

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
