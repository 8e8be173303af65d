import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { can } from "../../domain/permissions/can.ts";
import type { Permission } from "../../domain/permissions/permissions.ts";
import { db } from "../db/client.ts";
import type { AppEnv } from "../env.ts";
import type { AuthUser } from "../features/auth/auth-user.ts";
import { ApiError } from "../http/api-error.ts";
import { currentUser } from "./session.ts";
import { tenantRefusal } from "../../domain/permissions/tenancy.ts";

/**
 * Resolves the session cookie to `c.var.auth` (null when signed out). Runs on every API request.
 * A screen the worker serves (GET or HEAD /login, /logout: the PWA's index.html) is the same for
 * everyone, so it never waits on the database: a failed session lookup made the login page a 500.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  if (isScreen(c.req.method, c.req.path)) {
    c.set("auth", null);
    await next();
    return;
  }
  c.set("auth", await currentUser(c, db(c.env.DB)));
  await next();
});

/** A page of the PWA, not a call: a read outside /api/ and /sanctum/. */
function isScreen(method: string, path: string): boolean {
  return (method === "GET" || method === "HEAD") && !/^\/(?:api|sanctum)(?:\/|$)/.test(path);
}

/** Needs a signed-in user (401 otherwise), before validators or anything else runs. */
export const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c);
  await next();
});

/** The signed-in user, or a 401 in the SPEC §8 shape. */
export function requireUser(c: Context<AppEnv>): AuthUser {
  const user = c.var.auth;
  if (!user) throw new ApiError("unauthenticated");
  return user;
}

/**
 * The signed-in user if they hold `permission` (in `organizationId`, when given), else throws.
 * Tenant isolation: for an organization the user does not belong to (and is not allowed to see as
 * super admin or back office), the answer is 404, so another tenant's data is never confirmed to
 * exist. A member without the permission gets 403.
 */
export function authorize(c: Context<AppEnv>, permission: Permission, organizationId?: number): AuthUser {
  const user = requireUser(c);
  if (can(user, permission, organizationId)) return user;
  throw new ApiError(organizationId === undefined ? "forbidden" : tenantRefusal(user, organizationId));
}
