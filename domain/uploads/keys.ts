import { brandingUploadPrefix } from "../branding/images.ts";
import { resourceFilePrefix } from "../resources/mutators.ts";
import type { UploadKind } from "./record.ts";

/**
 * Where each kind of file lives in R2 (docs/uploads.md). The Worker names every key at the start of
 * an upload (`<prefix><random>`), and the row that takes the file checks the key lies under its own
 * prefix: no row can point at another row's, webcast's or organization's object.
 * - video: `organizations/<org>/media/<media id>/…` (posters too);
 * - slides: `webcasts/<uid>/slides/<deck id>/…`; resource: `webcasts/<uid>/resources/<resource id>/…`;
 * - image: a library video's poster frame (target: the video), under the video's own prefix;
 * - branding: a webcast's logo, cover or banner (target: the webcast), `webcasts/<uid>/branding/image-…`;
 * - photo: a user's profile photo (target: a fresh id), `profile-photos/<user id>/…`;
 * - a webcast's recording: `webcasts/<uid>/archive/…` (a library video made from an archive edition
 *   points at it: domain/media/mutators.ts `createGalleryMedia`).
 */

export function mediaFilePrefix(organizationId: number, mediaId: string): string {
  return `organizations/${organizationId}/media/${mediaId}/`;
}

export function slidesFilePrefix(webcastId: string, slidesId: string): string {
  return `webcasts/${webcastId}/slides/${slidesId}/`;
}

/** R2 prefix of a webcast's recording (its archive): `webcasts/<uid>/archive/`. */
export function archiveFilePrefix(webcastId: string): string {
  return `webcasts/${webcastId}/archive/`;
}

/** R2 prefix of every profile photo: `profile-photos/`. */
export const PROFILE_PHOTO_PREFIX = "profile-photos/";

/** R2 prefix of a user's profile photos: `profile-photos/<user id>/` (served by GET /api/profile/photo/<user id>/<random>). */
export function profilePhotoPrefix(userId: number): string {
  return `${PROFILE_PHOTO_PREFIX}${userId}/`;
}

/**
 * The prefix of an upload's key, or null when the kind needs a webcast (or an organization, or
 * the user: a profile photo) and has none.
 */
export function uploadKeyPrefix(kind: UploadKind, where: { organization_id: number | null; webcast_id: string | null; target_id: string; user_id?: number }): string | null {
  switch (kind) {
    case "video":
    case "image":
      return where.organization_id === null ? null : mediaFilePrefix(where.organization_id, where.target_id);
    case "slides":
      return where.webcast_id ? slidesFilePrefix(where.webcast_id, where.target_id) : null;
    case "resource":
      return where.webcast_id ? resourceFilePrefix(where.webcast_id, where.target_id) : null;
    case "branding":
      return where.webcast_id ? brandingUploadPrefix(where.webcast_id) : null;
    case "photo":
      return where.user_id === undefined ? null : profilePhotoPrefix(where.user_id);
  }
}

const FILE_NAME = /^[A-Za-z0-9_-]{16,100}$/;

/** Whether `key` is `<prefix><random>` (what the Worker names), and not a key under a deeper path. */
export function isKeyUnder(prefix: string, key: string): boolean {
  return key.startsWith(prefix) && FILE_NAME.test(key.slice(prefix.length));
}
