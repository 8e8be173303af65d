import type { MediaCut } from "../media/record.ts";

/**
 * A webcast's archive (SPEC §3 "archive with editions", §4 archive processing → ready → expired;
 * §7 archive/info, DELETE archive, archive/edit, replay/signed-url). Server data, not synced: the
 * recording is made by the platform (an uploaded video stands in until live recording exists).
 */
export const ARCHIVE_STATUSES = ["processing", "ready", "expired"] as const;
export type ArchiveStatus = (typeof ARCHIVE_STATUSES)[number];

/**
 * An edition (SPEC §3 "Archive edition: start, end, cuts, add_to_gallery"): an edit list applied at
 * playback — instant and reversible, unlike re-encoding. Seconds from the start of the recording.
 */
export interface ArchiveEdition {
  id: string;
  start: number;
  end: number;
  cuts: MediaCut[];
  add_to_gallery: boolean;
  /** The library video this edition was added as (add_to_gallery), else null. */
  media_id: string | null;
  created_at: string;
}
