import type { Context } from "hono";
import { validator } from "hono/validator";
import type { z } from "zod";
import type { MessageLocale } from "../../../domain/i18n/locales.ts";
import type { AppEnv } from "../../env.ts";
import { parseOrThrow } from "../../http/validate.ts";

/**
 * Validates the JSON body with a schema built in the request's language: 422 in the SPEC §8 shape
 * when invalid, 400 when the body is not JSON. Being a Hono validator, it also types the body of
 * the call in `AppType`, so the web's `hc` client knows what to send.
 */
export function jsonBody<T extends z.ZodType>(schemaFor: (locale: MessageLocale) => T) {
  return validator("json", (value, c: Context<AppEnv>): z.output<T> => parseOrThrow(schemaFor(c.var.locale), value, c.var.locale));
}
