// Branding images (SPEC §3 logo, cover image, banner): their R2 keys and URLs. No zod here: the
// home screen shows them from IndexedDB on the app's first screen.

/** Branding images (SPEC §3 logo, cover image, banner), stored in R2 `MEDIA` under the webcast. */
export const BRANDING_IMAGES = ["logo", "cover", "banner"] as const;

export type BrandingImage = (typeof BRANDING_IMAGES)[number];

/** Largest branding image: 5 MB (a page's image, not a video: the upload path's 5 GB does not apply). */
export const BRANDING_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** R2 prefix of a webcast's branding images: `webcasts/<uid>/branding/`. */
export function brandingPrefix(webcastId: string): string {
  return `webcasts/${webcastId}/branding/`;
}

/**
 * Prefix of the branding images that come through the upload path (kind "branding"):
 * `webcasts/<uid>/branding/image-`. The upload names its key before anyone says which image it
 * will be, so `image-<random>` may become the logo, the cover or the banner; `logo-<random>`-style
 * keys (stored by the Worker itself: the demo seed, images stored before uploads) fit their own slot only.
 */
export function brandingUploadPrefix(webcastId: string): string {
  return `${brandingPrefix(webcastId)}image-`;
}

/** `<kind>-<random>` or `image-<random>`: the last part of a branding key, also the image's name in its URL. */
export const BRANDING_NAME = /^(logo|cover|banner|image)-[A-Za-z0-9_-]{16,100}$/;

/**
 * The name (`logo-<random>`, `image-<random>`) of a branding key of this webcast (fitting that
 * image, when given: an `image-` key fits any), or null when the key is not one.
 */
export function brandingName(webcastId: string, key: string, kind?: BrandingImage): string | null {
  const prefix = brandingPrefix(webcastId);
  if (!key.startsWith(prefix)) return null;
  const name = key.slice(prefix.length);
  const match = BRANDING_NAME.exec(name);
  return match && (kind === undefined || match[1] === kind || match[1] === "image") ? name : null;
}

/**
 * Where a branding image is served (GET /api/webcasts/{uid}/branding/{name}), or null when there
 * is none (or the key is not one of this webcast's branding keys).
 */
export function brandingImageUrl(webcastId: string, key: string | null): string | null {
  const name = key === null ? null : brandingName(webcastId, key);
  return name === null ? null : `/api/webcasts/${webcastId}/branding/${name}`;
}
