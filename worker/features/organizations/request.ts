import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { can } from "../../../domain/permissions/can.ts";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { validate } from "../../../domain/validation/parse.ts";
import { authorize, requireUser } from "../../auth/middleware.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";

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

/** Needs `permission` in the organization of the path's `:id`. */
export function guard(permission: Permission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    authorize(c, permission, pathId(c, "id"));
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
