import type { Context } from "hono";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { MAX_UPLOAD_BYTES, size } from "../../../domain/validation/form-rules.ts";
import { RESOURCE_LIMITS, RESOURCE_MESSAGES } from "../../../domain/resources/mutators.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { cleanOrThrow } from "../../http/validators.ts";
import { UploadEmpty, UploadTooLarge, discardFile, putStream } from "./files.ts";
import { MalformedForm, multipartBoundary, multipartParts, readText } from "./multipart.ts";
import { localized } from "../../../domain/validation/localized.ts";

/**
 * The form of POST …/resources and POST /api/resources/{id} (docs/webcasts-api.md): text fields,
 * then at most one file in the field `file`, streamed to R2 as it arrives. Multipart or urlencoded
 * (no file then). The text fields come first (FormData keeps the order they were appended in), so
 * they are checked before a byte of the file is stored.
 */

/** A text field's largest size in bytes, and all text fields together (counted in characters). */
const MAX_FIELD_BYTES = 128 * 1024;
const MAX_TEXT_BYTES = 512 * 1024;
/** Room for the text fields and the multipart framing around a file of MAX_UPLOAD_BYTES. */
const FORM_OVERHEAD_BYTES = MAX_TEXT_BYTES + 64 * 1024;

export interface StoredFile {
  key: string;
  name: string;
  size: number;
}

export interface ResourceForm<T> {
  /** What `check` made of the text fields. */
  fields: T;
  file: StoredFile | null;
}

export interface ResourceFormOptions<T> {
  /** Checks the text fields before the file is stored (throws its ApiError); runs once, also without a file. */
  check: (fields: Record<string, string>, withFile: boolean) => T;
  /** The R2 key of the file, made once the text fields have passed. */
  keyFor: () => string;
}

/** A 422 on one field, with the resource's "Some fields … are invalid." message. */
export function invalid(locale: UiLocale, field: string, message: string): ApiError {
  return new ApiError("validation_failed", { message: localized(RESOURCE_MESSAGES.invalid, locale), errors: { [field]: [message] } });
}

/** The name a file is downloaded under: its last path segment, without control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = [...base.replace(/\p{Cc}/gu, "").trim()].slice(0, RESOURCE_LIMITS.file_name).join("");
  return cleaned === "" ? "file" : cleaned;
}

/** A declared type kept as `type/subtype` (no parameters), else application/octet-stream. */
export function cleanContentType(value: string | null): string {
  const type = value?.split(";")[0]?.trim().toLowerCase() ?? "";
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) ? type : "application/octet-stream";
}

/** The text fields as the body rule keeps them (NFC; NUL and lone surrogates refused: validators.ts). */
function cleanFields(fields: Record<string, string>, locale: UiLocale): Record<string, string> {
  return cleanOrThrow(fields, locale) as Record<string, string>;
}

/** Reads the request's form, storing its file in R2; a refusal after the file was stored discards it. */
export async function readResourceForm<T>(c: Context<AppEnv>, options: ResourceFormOptions<T>): Promise<ResourceForm<T>> {
  const locale = c.var.locale;
  const contentType = c.req.header("Content-Type") ?? "";
  const length = Number(c.req.header("Content-Length") ?? 0);
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    if (length > MAX_TEXT_BYTES) throw invalid(locale, "_", localized(RESOURCE_MESSAGES.field_too_large, locale));
    const text = c.req.raw.body ? await readText(c.req.raw.body, MAX_TEXT_BYTES) : "";
    if (text === null) throw invalid(locale, "_", localized(RESOURCE_MESSAGES.field_too_large, locale));
    return { fields: options.check(cleanFields(Object.fromEntries(new URLSearchParams(text)), locale), false), file: null };
  }
  const boundary = multipartBoundary(contentType);
  if (boundary === null || !c.req.raw.body) throw new ApiError("unsupported_media_type", { message: localized(RESOURCE_MESSAGES.form_required, locale) });
  // Refused before reading: the whole body announces more than a file may weigh.
  if (length > MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES) throw invalid(locale, "file", size(length, locale, { max: MAX_UPLOAD_BYTES }) ?? "");

  const fields: Record<string, string> = {};
  let textBytes = 0;
  let file: StoredFile | null = null;
  let checked: { value: T } | null = null;
  try {
    for await (const part of multipartParts(c.req.raw.body, boundary)) {
      if (part.filename === null) {
        if (file) throw invalid(locale, part.name, localized(RESOURCE_MESSAGES.fields_after_file, locale));
        const value = await readText(part.body, MAX_FIELD_BYTES);
        textBytes += value?.length ?? 0;
        if (value === null || textBytes > MAX_TEXT_BYTES) throw invalid(locale, part.name, localized(RESOURCE_MESSAGES.field_too_large, locale));
        fields[part.name] = value;
        continue;
      }
      // A file input left empty: nothing chosen.
      if (part.filename === "") continue;
      if (part.name !== "file") throw invalid(locale, part.name, localized(RESOURCE_MESSAGES.file_field, locale));
      if (file) throw invalid(locale, "file", localized(RESOURCE_MESSAGES.one_file, locale));
      checked = { value: options.check(cleanFields(fields, locale), true) };
      const key = options.keyFor();
      const name = cleanFileName(part.filename);
      // On failure putStream leaves no object behind (a started multipart upload is aborted).
      const stored = await putStream(c.env.MEDIA, key, part.body, { contentType: cleanContentType(part.contentType), maxBytes: MAX_UPLOAD_BYTES });
      file = { key, name, size: stored };
    }
  } catch (error) {
    await discardFile(c.env.MEDIA, file?.key ?? null);
    if (error instanceof MalformedForm) throw new ApiError("bad_request", { message: localized(RESOURCE_MESSAGES.form_malformed, locale) });
    if (error instanceof UploadTooLarge) throw invalid(locale, "file", size(MAX_UPLOAD_BYTES + 1, locale, { max: MAX_UPLOAD_BYTES }) ?? "");
    if (error instanceof UploadEmpty) throw invalid(locale, "file", localized(RESOURCE_MESSAGES.file_empty, locale));
    throw error;
  }
  return { fields: checked ? checked.value : options.check(cleanFields(fields, locale), false), file };
}
