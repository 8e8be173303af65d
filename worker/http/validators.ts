import type { Context } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import type { UiLocale } from "../../domain/i18n/locales.ts";
import { validate } from "../../domain/validation/parse.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./api-error.ts";
import { parseOrThrow } from "./validate.ts";

/**
 * Validates the JSON body with a schema built in the request's language: 422 in the SPEC §8 shape
 * when invalid (400 when the body is not JSON). `message`, when given, replaces the generic 422
 * message. Being a Hono validator, it also types the body in `AppType` for the web's `hc` client.
 */
export function jsonBody<T extends z.ZodType>(
  schemaFor: (locale: UiLocale) => T,
  message?: (errors: Record<string, string[]>, locale: UiLocale) => string | undefined,
) {
  return validator("json", (value, c: Context<AppEnv>): z.output<T> => {
    const result = validate(schemaFor(c.var.locale), value, c.var.locale);
    if (result.ok) return result.data;
    const text = message?.(result.errors, c.var.locale);
    throw new ApiError("validation_failed", { errors: result.errors, ...(text ? { message: text } : {}) });
  });
}

/** Validates the query string with a domain schema (422 in the SPEC §8 shape); types it for `hc`. */
export function query<T extends z.ZodType>(schema: T) {
  return validator("query", (value, c: Context<AppEnv>): z.output<T> => parseOrThrow(schema, value, c.var.locale));
}
