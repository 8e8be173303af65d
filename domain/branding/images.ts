// Branding images (SPEC §3 logo, cover image, banner): their R2 keys and URLs. No zod here: the
// home screen shows them from IndexedDB on the app's first screen.

/** Branding images (SPEC §3 logo, cover image, banner), stored in R2 `MEDIA` under the webcast. */
export const BRANDING_IMAGES = ["logo", "cover", "banner"] as const;

export type BrandingImage = (typeof BRANDING_IMAGES)[number];

/** R2 prefix of a webcast's branding images: `webcasts/<uid>/branding/`. */
export function brandingPrefix(webcastId: string): string {
  return `webcasts/${webcastId}/branding/`;
}

/** `<kind>-<random>`: the last part of a branding key, also the image's name in its URL. */
export const BRANDING_NAME = /^(logo|cover|banner)-[A-Za-z0-9_-]{16,100}$/;

/** The name (`logo-<random>`) of a branding key of this webcast (of that kind, when given), or null when the key is not one. */
export function brandingName(webcastId: string, key: string, kind?: BrandingImage): string | null {
  const prefix = brandingPrefix(webcastId);
  if (!key.startsWith(prefix)) return null;
  const name = key.slice(prefix.length);
  const match = BRANDING_NAME.exec(name);
  return match && (kind === undefined || match[1] === kind) ? name : null;
}

/**
 * Where a branding image is served (GET /api/webcasts/{uid}/branding/{name}), or null when there
 * is none (or the key is not one of this webcast's branding keys).
 */
export function brandingImageUrl(webcastId: string, key: string | null): string | null {
  const name = key === null ? null : brandingName(webcastId, key);
  return name === null ? null : `/api/webcasts/${webcastId}/branding/${name}`;
}
