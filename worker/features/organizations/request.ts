import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { validator } from "hono/validator";
import { z } from "zod";
import type { MessageLocale } from "../../../domain/i18n/locales.ts";
import { can } from "../../../domain/permissions/can.ts";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { validate } from "../../../domain/validation/parse.ts";
import { authorize, requireUser } from "../../auth/middleware.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { parseOrThrow } from "../../http/validate.ts";

/**
 * Shared by the organizations and people routes. Order in a route: `guard…` (401, then 404 for
 * another tenant, 403 for a member without the permission), then the Hono validators (422), then
 * the handler — so an outsider never learns anything from validation errors.
 */

const idSchema = z.string().regex(/^[1-9]\d{0,14}$/).transform(Number);

/** A numeric path id (SPEC §2 "/organizations/{id}", id numeric); 422 naming the parameter otherwise. */
export function pathId(c: Context<AppEnv>, name: string): number {
  const result = validate(idSchema, c.req.param(name), c.var.locale);
  if (!result.ok) throw new ApiError("validation_failed", { errors: { [name]: result.errors._ ?? [] } });
  return result.data;
}

/** Needs `permission` in the organization of the path's `:id`, or anywhere when `scope` is "anywhere". */
export function guard(permission: Permission, scope: "organization" | "anywhere" = "organization") {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (scope === "anywhere") authorize(c, permission);
    else authorize(c, permission, pathId(c, "id"));
    await next();
  });
}

/**
 * Needs at least one of `permissions` in the path's organization (same 404/403 rule as
 * `authorize`). Lets a route refuse outsiders before it reads the body that says which permission
 * applies; the handler then checks that one.
 */
export function guardAny(permissions: readonly [Permission, ...Permission[]]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const id = pathId(c, "id");
    const user = requireUser(c);
    if (!permissions.some((permission) => can(user, permission, id))) authorize(c, permissions[0], id);
    await next();
  });
}

/** Validates the query string with a domain schema (422 in the SPEC §8 shape); types it for `hc`. */
export function query<T extends z.ZodType>(schema: T) {
  return validator("query", (value, c: Context<AppEnv>): z.output<T> => parseOrThrow(schema, value, c.var.locale));
}

/**
 * Validates the JSON body with a schema built in the request's language (422; 400 when the body is
 * not JSON); types it for `hc`. `message`, when given, replaces the generic 422 message.
 */
export function body<T extends z.ZodType>(schemaFor: (locale: MessageLocale) => T, message?: (errors: Record<string, string[]>, locale: MessageLocale) => string | undefined) {
  return validator("json", (value, c: Context<AppEnv>): z.output<T> => {
    const result = validate(schemaFor(c.var.locale), value, c.var.locale);
    if (result.ok) return result.data;
    const text = message?.(result.errors, c.var.locale);
    throw new ApiError("validation_failed", { errors: result.errors, ...(text ? { message: text } : {}) });
  });
}
