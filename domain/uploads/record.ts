/**
 * The one upload path of the product (docs/uploads.md): every file (library videos, slide decks,
 * resource files, images) is sent in parts through R2's multipart upload, so no request carries
 * more than a part (Cloudflare caps a request body at 100 MB) and a cut upload resumes where it
 * stopped. The server keeps the parts it holds (R2's binding cannot list them).
 */

/**
 * What a file is for: decides its R2 prefix, the types it may have, its largest size and who may
 * send it. `branding` is a webcast's logo, cover or banner; `photo` a user's profile photo.
 */
export const UPLOAD_KINDS = ["video", "slides", "resource", "image", "branding", "photo"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** uploading (parts arriving) → completed (one R2 object) or aborted (parts freed). */
export const UPLOAD_STATUSES = ["uploading", "completed", "aborted"] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** A part the server holds. */
export interface UploadPart {
  part_number: number;
  size: number;
}

/** An upload as the API answers it (never the R2 key or R2's upload id). */
export interface UploadAnswer {
  id: string;
  kind: UploadKind;
  /** The row the file is for (a library video, a webcast's deck or resource, the webcast of a branding image; a fresh id for a profile photo): its key lies under that row's prefix. */
  target_id: string;
  /** Null for a profile photo: it is its user's, not an organization's. */
  organization_id: number | null;
  webcast_id: string | null;
  file_name: string;
  size: number;
  /** The type read from the file's first bytes (part 1), else the declared one until then. */
  content_type: string;
  part_bytes: number;
  part_count: number;
  status: UploadStatus;
  parts: UploadPart[];
  created_at: string;
}
