import type { Context } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import type { UiLocale } from "../../domain/i18n/locales.ts";
import { validate } from "../../domain/validation/parse.ts";
import { type LocalizedText, localized } from "../../domain/validation/localized.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./api-error.ts";
import { cleanOrThrow, isBodyType, requireBodyType } from "./validators.ts";
import { joinBytes } from "./bytes.ts";

/**
 * The body of a route that takes a file by its upload id (docs/uploads.md "Taking the file"): a
 * few text fields, as JSON or as form data (multipart or urlencoded), never the file itself
 * (Cloudflare caps a request body at 100 MB; files come through /api/uploads). A file part, or a
 * value sent under one of the old file fields, is refused with 422 on that field; a body larger
 * than these fields can be is refused the same way, unread. JSON booleans are read as "true" /
 * "false" and null as "", as a form sends them, so one schema reads both. Types the body as JSON
 * for the web's `hc` client.
 */

/** More than any such form of text fields holds (a few ids, a theme, a colour). */
const MAX_BODY_BYTES = 64 * 1024;

export interface FieldsBodyOptions {
  /** The fields that used to carry a file ("photo", "logo"…): a value there is refused with `uploadFirst`. */
  fileFields: readonly string[];
  /** "Upload the image first (POST /api/uploads), then send its upload id." */
  uploadFirst: LocalizedText;
}

export function fieldsBody<T extends z.ZodType>(schemaFor: (locale: UiLocale) => T, options: FieldsBodyOptions) {
  return validator("json", async (value, c: Context<AppEnv>): Promise<z.output<T>> => {
    const locale = c.var.locale;
    const refuse = (fields: string[]) => {
      const message = localized(options.uploadFirst, locale);
      return new ApiError("validation_failed", { message, errors: Object.fromEntries(fields.map((field) => [field, [message]])) });
    };
    let fields: unknown;
    if (isBodyType(c.req.header("Content-Type"), "form")) fields = await formFields(c, refuse);
    else {
      requireBodyType(c, "json");
      fields = jsonFields(value);
    }
    if (isRecord(fields)) {
      const files = options.fileFields.filter((name) => fields[name] !== undefined && fields[name] !== "");
      if (files.length > 0) throw refuse(files);
      for (const name of options.fileFields) delete fields[name];
    }
    const result = validate(schemaFor(locale), cleanOrThrow(fields, locale), locale);
    if (!result.ok) throw new ApiError("validation_failed", { errors: result.errors });
    return result.data;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON object's values as a form sends them (booleans as "true"/"false", null as ""); anything else is left for the schema to refuse. */
function jsonFields(json: unknown): unknown {
  if (!isRecord(json)) return json;
  return Object.fromEntries(Object.entries(json).map(([name, value]) => [name, typeof value === "boolean" ? String(value) : value === null ? "" : value]));
}

/** The text fields of a form body read whole, at most MAX_BODY_BYTES; a file part is refused (an empty, nameless one is "no file chosen": skipped). */
async function formFields(c: Context<AppEnv>, refuse: (fields: string[]) => ApiError): Promise<Record<string, unknown>> {
  const bytes = await bodyBytes(c.req.raw, MAX_BODY_BYTES);
  if (bytes === null) throw refuse(["_"]);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": c.req.header("Content-Type") ?? "" } }).formData();
  } catch {
    throw new ApiError("bad_request");
  }
  const fields: Record<string, unknown> = {};
  const files: string[] = [];
  for (const [name, value] of form.entries() as Iterable<[string, unknown]>) {
    if (typeof value === "string") fields[name] = value;
    else if (!(value instanceof File) || value.size > 0 || value.name !== "") files.push(name);
  }
  if (files.length > 0) throw refuse([...new Set(files)]);
  return fields;
}

/** The request's body, or null when it is larger than `max` bytes (by its Content-Length, else once read that far). */
async function bodyBytes(request: Request, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > max) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return joinBytes(chunks, total);
}
