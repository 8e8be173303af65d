import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { READ_RULES, readsOfWebcast } from "../../../domain/permissions/read-rule.ts";
import { permissionWebcast } from "../../../domain/permissions/can.ts";
import type { SyncTable } from "../../../domain/sync/types.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { authorize, requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { type FoundWebcast, findWebcast } from "./service.ts";

/** The path's webcast (any organization: callers authorize); a malformed uid is simply not found. */
export async function pathWebcast(c: Context<AppEnv>): Promise<FoundWebcast> {
  const uid = c.req.param("id") ?? "";
  const found = UUID_V7.test(uid) ? await findWebcast(db(c.env.DB), uid) : undefined;
  if (!found) throw new ApiError("not_found");
  return found;
}

/**
 * Needs `permission` in the organization of the path's webcast: 401 signed out, 404 for an
 * unknown uid or another tenant's webcast, 403 for a member without it. Runs before any body is
 * read, so an outsider learns nothing from a 422. Handlers read the webcast again (as the
 * organizations routes do): the guard only decides who may go on.
 */
export function webcastGuard(permission: Permission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    requireUser(c);
    authorize(c, permission, (await pathWebcast(c)).row.organization_id);
    await next();
  });
}

/**
 * The read rule (domain/permissions/read-rule.ts, the sync pull's too) for the path webcast's
 * rows of `table`: 401 signed out, 404 for an unknown uid or another tenant's webcast, 403 for a
 * member who may not read them (a speaker reads the sessions they speak in).
 */
export function readGuard(table: SyncTable) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = requireUser(c);
    const found = await pathWebcast(c);
    if (!readsOfWebcast(user, table, permissionWebcast(found.row, found.speakers))) authorize(c, READ_RULES[table].permission, found.row.organization_id);
    await next();
  });
}
