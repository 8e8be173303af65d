import type { z } from "zod";
import type { UiLocale } from "../../domain/i18n/locales.ts";
import { validate } from "../../domain/validation/parse.ts";
import { ApiError } from "./api-error.ts";

/** Parses `value` with the domain schema or throws a 422 in the SPEC §8 shape. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, locale: UiLocale): z.output<T> {
  const result = validate(schema, value, locale);
  if (!result.ok) throw new ApiError("validation_failed", { errors: result.errors });
  return result.data;
}
