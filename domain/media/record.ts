/**
 * A video of the organization's library (SPEC §3 "Video/media", §4 video states; /media). The row
 * syncs like a webcast (organization-scoped); its file is uploaded through the one upload path
 * (domain/uploads) and only the server names it (`file_key`, `poster_key`).
 */

/** SPEC §4: created (no file yet) → uploaded (file stored) → processing (being read) → processed / failed. */
export const MEDIA_STATUSES = ["created", "uploaded", "processing", "processed", "failed"] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** How a pre- or post-webcast loop plays: over and over until the show starts (or the page closes), or once. */
export const MEDIA_LOOP_MODES = ["repeat", "once"] as const;
export type MediaLoopMode = (typeof MEDIA_LOOP_MODES)[number];

/** Where a video comes from: an upload, or an archive edition added to the gallery (SPEC §3 add_to_gallery). */
export const MEDIA_SOURCES = ["upload", "archive"] as const;

/** A part of a video kept by an edit list: seconds from the start of the file. */
export interface MediaCut {
  start: number;
  end: number;
}

/** An edit list applied at playback (archive editions): play `start`…`end` of the file, skipping `cuts`. */
export interface MediaEdition {
  start: number;
  end: number;
  cuts: MediaCut[];
}

/**
 * Why processing failed, kept as a code the screens put in words (Lingui): the file's container
 * could not be read, it holds no video or audio track, no duration could be read, or the browser
 * that uploaded it could decode no frame of it.
 */
export const MEDIA_FAILURE_REASONS = ["unreadable", "no_tracks", "no_duration", "not_decodable"] as const;
export type MediaFailureReason = (typeof MEDIA_FAILURE_REASONS)[number];

export interface MediaRow {
  id: string;
  organization_id: number;
  title: string;
  description: string | null;
  status: MediaStatus;
  /** Why processing failed (a `MediaFailureReason`), else null. */
  failure_reason: string | null;
  /** Seconds, read from the file; null until processed. */
  duration: number | null;
  width: number | null;
  height: number | null;
  /** R2 key of the video (server-named), its original name, size in bytes and content type. */
  file_key: string | null;
  file_name: string | null;
  size: number | null;
  content_type: string | null;
  /** R2 key of the poster frame (a JPEG made in the browser before upload), else null. */
  poster_key: string | null;
  /** Offered as the webcasts' intro (pre-webcast) or outro (post-webcast) loop. */
  pre_webcast_loop: boolean;
  post_webcast_loop: boolean;
  loop_mode: MediaLoopMode;
  source: (typeof MEDIA_SOURCES)[number];
  /** For a video added from an archive edition: the edit list played over `file_key`. */
  edition: MediaEdition | null;
  created_at: string;
  updated_at: string;
}

/** A library video as the API answers it: no R2 keys, short-lived signed URLs instead. */
export type MediaAnswer = Omit<MediaRow, "file_key" | "poster_key"> & { file_url: string | null; poster_url: string | null };
