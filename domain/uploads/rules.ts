import { BRANDING_IMAGE_MAX_BYTES } from "../branding/images.ts";
import type { UiLocale } from "../i18n/locales.ts";
import { PHOTO_MAX_BYTES } from "../media/image-type.ts";
import { MAX_UPLOAD_BYTES, size } from "../validation/form-rules.ts";
import { localized } from "../validation/localized.ts";
import { UPLOAD_MESSAGES } from "./messages.ts";
import type { UploadKind } from "./record.ts";

/**
 * The rules of an upload, run in the browser before the first byte (instant refusal, offline
 * too) and by the Worker as the authority (docs/uploads.md).
 */

/** SPEC §5/§9: a file may not exceed 5 GB. */
export const UPLOAD_MAX_BYTES = MAX_UPLOAD_BYTES;

/**
 * The largest file of each kind: 5 GB, but for the images a page shows (a webcast's branding, a
 * profile photo), which keep their own 5 MB.
 */
export const UPLOAD_KIND_MAX_BYTES: Record<UploadKind, number> = {
  video: UPLOAD_MAX_BYTES,
  slides: UPLOAD_MAX_BYTES,
  resource: UPLOAD_MAX_BYTES,
  image: UPLOAD_MAX_BYTES,
  branding: BRANDING_IMAGE_MAX_BYTES,
  photo: PHOTO_MAX_BYTES,
};

/**
 * Bytes of every part but the last (R2: at least 5 MiB, all but the last of one size). 16 MiB keeps
 * each request far under Cloudflare's 100 MB body cap and a 5 GB file at 320 parts (R2 allows
 * 10,000), and loses at most 16 MiB of work to a cut.
 */
export const UPLOAD_PART_BYTES = 16 * 1024 * 1024;

/** Parts sent at once by the browser (HTTP/2 multiplexes them on one connection). */
export const UPLOAD_PARALLEL_PARTS = 3;

/** Bytes of part 1 the server reads to tell the file's type (magic bytes). */
export const SNIFF_BYTES = 4_100;

/** Longest file name kept (characters). */
export const UPLOAD_FILE_NAME_MAX = 255;

/** Number of parts of a file of `size` bytes (an empty file has none: refused). */
export function uploadPartCount(size: number, partBytes = UPLOAD_PART_BYTES): number {
  return Math.ceil(size / partBytes);
}

/** Bytes part `partNumber` (1-based) must hold; 0 outside the file. */
export function uploadPartSize(size: number, partNumber: number, partBytes = UPLOAD_PART_BYTES): number {
  const count = uploadPartCount(size, partBytes);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > count) return 0;
  return partNumber < count ? partBytes : size - partBytes * (count - 1);
}

/** The parts of 1…count not in `held` (what a resumed upload still has to send). */
export function missingParts(size: number, held: readonly { part_number: number; size: number }[], partBytes = UPLOAD_PART_BYTES): number[] {
  const done = new Set(held.filter((part) => part.size === uploadPartSize(size, part.part_number, partBytes)).map((part) => part.part_number));
  const missing: number[] = [];
  for (let part = 1; part <= uploadPartCount(size, partBytes); part++) if (!done.has(part)) missing.push(part);
  return missing;
}

/** The spec's size rule (§5 "File size may not exceed 5 GB"), with the limit in the reader's units. */
export function uploadTooLargeMessage(locale: UiLocale): string {
  return size(UPLOAD_MAX_BYTES + 1, locale, { max: UPLOAD_MAX_BYTES }) ?? "";
}

/** The file's extension, lower case, without the dot ("" for none). */
export function fileExtension(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return match?.[1]?.toLowerCase() ?? "";
}

/**
 * Field errors of a file about to be uploaded (`size`, `file_name`): empty, over its kind's largest
 * size (5 GB; 5 MB for a branding image or a profile photo: the spec's size rule either way), or a
 * name its kind never takes (a PowerPoint deck: export a PDF). The type itself is judged on the
 * bytes (file-types.ts `acceptsFileType`), not here. Empty object when it may start.
 */
export function uploadStartErrors(kind: UploadKind, file: { name: string; size: number }, locale: UiLocale): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const largest = UPLOAD_KIND_MAX_BYTES[kind];
  if (!Number.isSafeInteger(file.size) || file.size <= 0) errors.size = [localized(UPLOAD_MESSAGES.empty, locale)];
  else if (file.size > largest) errors.size = [size(file.size, locale, { max: largest }) ?? ""];
  const name = file.name.trim();
  if (name === "" || [...name].length > UPLOAD_FILE_NAME_MAX) errors.file_name = [localized(UPLOAD_MESSAGES.file_name, locale)];
  else if (kind === "slides" && ["ppt", "pptx", "pps", "ppsx", "key", "odp"].includes(fileExtension(name))) errors.file_name = [localized(UPLOAD_MESSAGES.slides_export_pdf, locale)];
  return errors;
}
