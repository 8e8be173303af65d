import { asc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import type { ResourceRow } from "../../../domain/resources/record.ts";
import { type ResourceAnswer, resourceAnswer } from "../../../domain/resources/mutators.ts";
import { authorize, requireUser } from "../../auth/middleware.ts";
import { type Db, db } from "../../db/client.ts";
import { resources } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";

/** Reads of the resource routes (writes are pushed mutations, routes.ts). */

export async function findResource(database: Db, id: string): Promise<ResourceRow | undefined> {
  const [row] = await database.select().from(resources).where(eq(resources.id, id));
  return row;
}

/** A webcast's resources in their order (position, then creation). */
export async function resourcesOf(database: Db, webcastId: string): Promise<ResourceAnswer[]> {
  const rows = await database.select().from(resources).where(eq(resources.webcast_id, webcastId)).orderBy(asc(resources.position), asc(resources.created_at), asc(resources.id));
  return rows.map(resourceAnswer);
}

/** The resource as answered after a write that must have left it there. */
export async function resourceAnswerOf(database: Db, id: string): Promise<ResourceAnswer> {
  const row = await findResource(database, id);
  if (!row) throw new ApiError("not_found");
  return resourceAnswer(row);
}

/** The path's resource (`/api/resources/:id…`), in any organization (callers authorize); a malformed id is simply not found. */
export async function pathResource(c: Context<AppEnv>): Promise<ResourceRow> {
  const id = c.req.param("id") ?? "";
  const row = UUID_V7.test(id) ? await findResource(db(c.env.DB), id) : undefined;
  if (!row) throw new ApiError("not_found");
  return row;
}

/**
 * Needs `permission` in the organization of the path's resource: 401 signed out, 404 for an
 * unknown id or another tenant's resource, 403 for a member without it; before any body is read.
 */
export function resourceGuard(permission: Permission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    requireUser(c);
    authorize(c, permission, (await pathResource(c)).organization_id);
    await next();
  });
}
