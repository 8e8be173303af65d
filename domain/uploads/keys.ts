import { resourceFilePrefix } from "../resources/mutators.ts";
import type { UploadKind } from "./record.ts";

/**
 * Where each kind of file lives in R2 (docs/uploads.md). The Worker names every key at the start of
 * an upload (`<prefix><random>`), and the row that takes the file checks the key lies under its own
 * prefix: no row can point at another row's, webcast's or organization's object.
 * - video: `organizations/<org>/media/<media id>/…` (posters too);
 * - slides: `webcasts/<uid>/slides/<deck id>/…`; resource: `webcasts/<uid>/resources/<resource id>/…`;
 * - image: a library video's poster frame (target: the video), under the video's own prefix;
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

/** The prefix of an upload's key, or null when the kind needs a webcast and has none. */
export function uploadKeyPrefix(kind: UploadKind, where: { organization_id: number; webcast_id: string | null; target_id: string }): string | null {
  switch (kind) {
    case "video":
      return mediaFilePrefix(where.organization_id, where.target_id);
    case "image":
      return mediaFilePrefix(where.organization_id, where.target_id);
    case "slides":
      return where.webcast_id ? slidesFilePrefix(where.webcast_id, where.target_id) : null;
    case "resource":
      return where.webcast_id ? resourceFilePrefix(where.webcast_id, where.target_id) : null;
  }
}

const FILE_NAME = /^[A-Za-z0-9_-]{16,100}$/;

/** Whether `key` is `<prefix><random>` (what the Worker names), and not a key under a deeper path. */
export function isKeyUnder(prefix: string, key: string): boolean {
  return key.startsWith(prefix) && FILE_NAME.test(key.slice(prefix.length));
}
