import type { UiLocale } from "../i18n/locales.ts";
import { sniffImageType } from "../media/image-type.ts";
import { localized } from "../validation/localized.ts";
import { UPLOAD_MESSAGES } from "./messages.ts";
import type { UploadKind } from "./record.ts";

/**
 * What a file is, read from its first bytes (magic numbers): an upload is judged by its content,
 * never only by the name or type the browser declared (issue #17). Part 1 of every upload is read
 * by the Worker (`SNIFF_BYTES`), and the browser runs the same check before sending anything.
 */

export interface FileType {
  /** The type stored with the object and served as Content-Type. */
  mime: string;
  family: "video" | "audio" | "pdf" | "powerpoint" | "image" | "zip" | "other";
}

const at = (bytes: Uint8Array, offset: number, text: string) => [...text].every((char, index) => bytes[offset + index] === char.charCodeAt(0));
const hex = (bytes: Uint8Array, offset: number, values: readonly number[]) => values.every((value, index) => bytes[offset + index] === value);

/** ISO base media (MP4, MOV, M4A, 3GP): `ftyp` at byte 4 and its major brand. */
function isoMedia(bytes: Uint8Array): FileType | null {
  if (!at(bytes, 4, "ftyp")) return null;
  const brand = String.fromCharCode(...bytes.subarray(8, 12));
  if (brand === "avif" || brand === "avis" || brand.startsWith("hei") || brand === "mif1") return null;
  if (brand === "qt  ") return { mime: "video/quicktime", family: "video" };
  if (brand === "M4A " || brand === "M4B ") return { mime: "audio/mp4", family: "audio" };
  return { mime: "video/mp4", family: "video" };
}

/** EBML (Matroska, WebM): the DocType string sits in the first bytes of the header. */
function matroska(bytes: Uint8Array): FileType | null {
  if (!hex(bytes, 0, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  const head = String.fromCharCode(...bytes.subarray(0, Math.min(bytes.length, 64)));
  return head.includes("webm") ? { mime: "video/webm", family: "video" } : { mime: "video/x-matroska", family: "video" };
}

/** The type the bytes say, or null when they say nothing we know (plain text, an unknown format). */
export function sniffFileType(bytes: Uint8Array): FileType | null {
  const image = sniffImageType(bytes);
  if (image) return { mime: image, family: "image" };
  const media = isoMedia(bytes) ?? matroska(bytes);
  if (media) return media;
  if (at(bytes, 0, "%PDF-")) return { mime: "application/pdf", family: "pdf" };
  if (hex(bytes, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { mime: "application/x-ole-storage", family: "powerpoint" };
  if (at(bytes, 0, "PK\x03\x04")) {
    // An Office Open XML deck names its parts `ppt/…` near the start ([Content_Types].xml comes first).
    const head = String.fromCharCode(...bytes.subarray(0, Math.min(bytes.length, 4_096)));
    return head.includes("ppt/") ? { mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", family: "powerpoint" } : { mime: "application/zip", family: "zip" };
  }
  if (at(bytes, 0, "RIFF") && at(bytes, 8, "AVI ")) return { mime: "video/x-msvideo", family: "video" };
  if (at(bytes, 0, "RIFF") && at(bytes, 8, "WAVE")) return { mime: "audio/wav", family: "audio" };
  if (at(bytes, 0, "ID3") || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) !== 0)) return { mime: "audio/mpeg", family: "audio" };
  if (at(bytes, 0, "OggS")) return { mime: "audio/ogg", family: "audio" };
  if (at(bytes, 0, "fLaC")) return { mime: "audio/flac", family: "audio" };
  return null;
}

/**
 * Whether a file of this sniffed type may be uploaded as `kind`: a library video is a video or an
 * audio file (audio-only webcasts), a deck a PDF; a poster, a branding image and a profile photo
 * a raster image (JPEG, PNG, GIF, WebP, AVIF: never an SVG, which could carry script); a resource
 * may be any document (served as an attachment in a sandbox: docs/uploads.md).
 */
export function acceptsFileType(kind: UploadKind, type: FileType | null): boolean {
  switch (kind) {
    case "video":
      return type?.family === "video" || type?.family === "audio";
    case "slides":
      return type?.family === "pdf";
    case "image":
    case "branding":
    case "photo":
      return type?.family === "image";
    case "resource":
      return true;
  }
}

/** The refusal of a file whose bytes are not of its kind (a PowerPoint deck is asked for as a PDF). Browser and Worker say the same. */
export function wrongTypeMessage(kind: UploadKind, type: FileType | null, locale: UiLocale): string {
  return localized(UPLOAD_MESSAGES[wrongTypeKey(kind, type)], locale);
}

function wrongTypeKey(kind: UploadKind, type: FileType | null): keyof typeof UPLOAD_MESSAGES {
  switch (kind) {
    case "slides":
      return type?.family === "powerpoint" ? "slides_export_pdf" : "wrong_type_slides";
    case "image":
    case "branding":
    case "photo":
      return "wrong_type_image";
    case "video":
    case "resource":
      return "wrong_type_video";
  }
}

/** The Content-Type an accepted file is stored and served with: the sniffed one, else the declared one for a resource. */
export function storedContentType(type: FileType | null, declared: string): string {
  return type?.mime ?? declared;
}

/** What the file picker offers for each kind (`accept`); the bytes decide all the same. */
const RASTER_IMAGES = "image/jpeg,image/png,image/gif,image/webp,image/avif";

export const UPLOAD_ACCEPT: Record<UploadKind, string> = {
  video: "video/*,audio/*,.mp4,.mov,.m4v,.webm,.mkv",
  slides: "application/pdf,.pdf",
  image: RASTER_IMAGES,
  resource: "",
  branding: RASTER_IMAGES,
  photo: RASTER_IMAGES,
};
