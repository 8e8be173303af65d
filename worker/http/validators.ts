import type { Context } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import type { UiLocale } from "../../domain/i18n/locales.ts";
import { cleanInput } from "../../domain/validation/clean-input.ts";
import { validate } from "../../domain/validation/parse.ts";
import { type LocalizedText, localized } from "../../domain/validation/localized.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./api-error.ts";
import { parseOrThrow } from "./validate.ts";

/**
 * The one body rule (issue #14 point 2, docs/security.md): a route reads the body type it declares
 * (JSON, or form data) and answers 415 to any other, instead of reading it as `{}`; strings are
 * stored in NFC and a NUL or a lone surrogate is refused (domain/validation/clean-input.ts);
 * unknown fields are refused (the schemas are strict); every message is the spec's
 * (domain/validation/issue-messages.ts).
 */
export type BodyType = "json" | "form";

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const FORM_TYPES = new Set(["multipart/form-data", "application/x-www-form-urlencoded"]);

const WRONG_TYPE: Record<BodyType, LocalizedText> = {
  json: {
    en: "Send this request as JSON (Content-Type: application/json).",
    fr: "Envoyez cette requête en JSON (Content-Type: application/json).",
    de: "Senden Sie diese Anfrage als JSON (Content-Type: application/json).",
    pt: "Envie esta solicitação em JSON (Content-Type: application/json).",
    es: "Envíe esta solicitud en JSON (Content-Type: application/json).",
  },
  form: {
    en: "Send this request as form data (multipart/form-data or application/x-www-form-urlencoded).",
    fr: "Envoyez cette requête en données de formulaire (multipart/form-data ou application/x-www-form-urlencoded).",
    de: "Senden Sie diese Anfrage als Formulardaten (multipart/form-data oder application/x-www-form-urlencoded).",
    pt: "Envie esta solicitação como dados de formulário (multipart/form-data ou application/x-www-form-urlencoded).",
    es: "Envíe esta solicitud como datos de formulario (multipart/form-data o application/x-www-form-urlencoded).",
  },
};

/** Whether a Content-Type header names `type`'s media types. */
export function isBodyType(contentType: string | undefined, type: BodyType): boolean {
  const media = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return type === "json" ? JSON_TYPE.test(media) : FORM_TYPES.has(media);
}

/** 415 in the SPEC §8 shape unless the request's body is of `type`. */
export function requireBodyType(c: Context<AppEnv>, type: BodyType): void {
  if (!isBodyType(c.req.header("Content-Type"), type)) throw new ApiError("unsupported_media_type", { message: localized(WRONG_TYPE[type], c.var.locale) });
}

/** The input cleaned (NFC; NUL, lone surrogates and deep nesting refused with a 422). */
export function cleanOrThrow(value: unknown, locale: UiLocale): unknown {
  const cleaned = cleanInput(value, locale);
  if (!cleaned.ok) throw new ApiError("validation_failed", { errors: cleaned.errors });
  return cleaned.value;
}

/**
 * Validates the JSON body with a schema built in the request's language: 422 in the SPEC §8 shape
 * when invalid, 415 when the body is not JSON, 400 when it does not parse. `message`, when given,
 * replaces the generic 422 message. Being a Hono validator, it also types the body in `AppType`
 * for the web's `hc` client.
 */
export function jsonBody<T extends z.ZodType>(
  schemaFor: (locale: UiLocale) => T,
  message?: (errors: Record<string, string[]>, locale: UiLocale) => string | undefined,
) {
  return validator("json", (value, c: Context<AppEnv>): z.output<T> => {
    requireBodyType(c, "json");
    const result = validate(schemaFor(c.var.locale), cleanOrThrow(value, c.var.locale), c.var.locale);
    if (result.ok) return result.data;
    const text = message?.(result.errors, c.var.locale);
    throw new ApiError("validation_failed", { errors: result.errors, ...(text ? { message: text } : {}) });
  });
}

/**
 * A form-data body (multipart or urlencoded) checked by `check` after the body rule (415 for
 * another type; text fields cleaned, files as sent). Types the body for `hc` like `jsonBody`.
 */
export function formBody<T>(check: (value: Record<string, unknown>, c: Context<AppEnv>) => T | Promise<T>) {
  return validator("form", (value, c: Context<AppEnv>) => {
    requireBodyType(c, "form");
    return check(cleanOrThrow(value, c.var.locale) as Record<string, unknown>, c);
  });
}

/** Validates the query string with a domain schema (422 in the SPEC §8 shape); types it for `hc`. */
export function query<T extends z.ZodType>(schema: T) {
  return validator("query", (value, c: Context<AppEnv>): z.output<T> => parseOrThrow(schema, value, c.var.locale));
}
