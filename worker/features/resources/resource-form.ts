import type { Context } from "hono";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { RESOURCE_MESSAGES } from "../../../domain/resources/mutators.ts";
import { localized } from "../../../domain/validation/localized.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { cleanOrThrow, isBodyType } from "../../http/validators.ts";
import { MalformedForm, multipartBoundary, multipartParts, readText } from "../../http/multipart.ts";

/**
 * The body of POST …/resources and POST /api/resources/{id} (docs/webcasts-api.md): text fields as
 * form data (multipart or urlencoded, SPEC §7 "form data") or a JSON object. A file never travels
 * in it: Cloudflare caps a request body at 100 MB, so the file is uploaded first through
 * /api/uploads and named here by `upload_id`. A file part is refused as soon as its headers are
 * read, before a byte of it.
 */

/** A text field's largest size in bytes, and the whole body (or all text fields together). */
const MAX_FIELD_BYTES = 128 * 1024;
const MAX_TEXT_BYTES = 512 * 1024;

/** A 422 on one field, with the resource's "Some fields … are invalid." message. */
export function invalid(locale: UiLocale, field: string, message: string): ApiError {
  return new ApiError("validation_failed", { message: localized(RESOURCE_MESSAGES.invalid, locale), errors: { [field]: [message] } });
}

/** 422 on `file`: the file goes through the upload path, this request names it. */
function uploadFirst(locale: UiLocale): ApiError {
  const message = localized(RESOURCE_MESSAGES.upload_first, locale);
  return new ApiError("validation_failed", { message, errors: { file: [message] } });
}

/** The whole body as text, refused (422) beyond MAX_TEXT_BYTES. */
async function bodyText(c: Context<AppEnv>): Promise<string> {
  const tooLarge = () => invalid(c.var.locale, "_", localized(RESOURCE_MESSAGES.field_too_large, c.var.locale));
  if (Number(c.req.header("Content-Length") ?? 0) > MAX_TEXT_BYTES) throw tooLarge();
  const text = c.req.raw.body ? await readText(c.req.raw.body, MAX_TEXT_BYTES) : "";
  if (text === null) throw tooLarge();
  return text;
}

/** A JSON object's values as a form sends them: booleans as "true"/"false", null as blank; anything else is left for the schema to refuse. */
function formValues(json: unknown, locale: UiLocale): Record<string, unknown> {
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new ApiError("bad_request", { message: localized(RESOURCE_MESSAGES.form_malformed, locale) });
  return Object.fromEntries(Object.entries(json).map(([name, value]) => [name, typeof value === "boolean" ? String(value) : value === null ? "" : value]));
}

/** The text fields of a multipart body, in order; a file part is refused before its bytes are read. */
async function multipartFields(stream: ReadableStream<Uint8Array>, boundary: string, locale: UiLocale): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  let textBytes = 0;
  for await (const part of multipartParts(stream, boundary)) {
    // A file input left empty (nothing chosen) is sent as a nameless empty file: skipped.
    if (part.filename === "") continue;
    if (part.filename !== null) throw uploadFirst(locale);
    const value = await readText(part.body, MAX_FIELD_BYTES);
    textBytes += value?.length ?? 0;
    if (value === null || textBytes > MAX_TEXT_BYTES) throw invalid(locale, part.name, localized(RESOURCE_MESSAGES.field_too_large, locale));
    fields[part.name] = value;
  }
  return fields;
}

/**
 * Reads the request's fields (415 for another body type, 400 for one that does not parse, 422 for
 * a file or a field too large), cleaned as the body rule keeps them (NFC; NUL and lone surrogates
 * refused: validators.ts). The values are strings, but for what a JSON body got wrong.
 */
export async function readResourceForm(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const locale = c.var.locale;
  const contentType = c.req.header("Content-Type") ?? "";
  let fields: Record<string, unknown>;
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) fields = Object.fromEntries(new URLSearchParams(await bodyText(c)));
  else if (isBodyType(contentType, "json")) {
    const text = await bodyText(c);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError("bad_request", { message: localized(RESOURCE_MESSAGES.form_malformed, locale) });
    }
    fields = formValues(json, locale);
  } else {
    const boundary = multipartBoundary(contentType);
    if (boundary === null || !c.req.raw.body) throw new ApiError("unsupported_media_type", { message: localized(RESOURCE_MESSAGES.form_required, locale) });
    try {
      fields = await multipartFields(c.req.raw.body, boundary, locale);
    } catch (error) {
      if (error instanceof MalformedForm) throw new ApiError("bad_request", { message: localized(RESOURCE_MESSAGES.form_malformed, locale) });
      throw error;
    }
  }
  // A `file` sent as text (urlencoded, JSON) is a file all the same; a blank one is nothing chosen.
  if (fields.file !== undefined && fields.file !== "") throw uploadFirst(locale);
  delete fields.file;
  return cleanOrThrow(fields, locale) as Record<string, unknown>;
}
