import { asc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import type { StreamingOutputRow } from "../../../domain/streaming-outputs/record.ts";
import { authorize, requireUser } from "../../auth/middleware.ts";
import { type Db, db } from "../../db/client.ts";
import { streamingOutputs } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";

/**
 * A streaming output as the REST calls answer it (docs/webcasts-api.md). The credentials (stream
 * key, username, password) are answered only to who may edit the webcast (`webcasts.update`),
 * null to anyone else — the sync likewise sends these rows to editors only.
 */
export interface StreamingOutputResource {
  id: string;
  webcast_id: string;
  rtmp_url: string;
  stream_key: string | null;
  username: string | null;
  password: string | null;
  activated: boolean;
  created_at: string;
  updated_at: string;
}

export function streamingOutputResource(row: StreamingOutputRow, withCredentials: boolean): StreamingOutputResource {
  return {
    id: row.id,
    webcast_id: row.webcast_id,
    rtmp_url: row.rtmp_url,
    stream_key: withCredentials ? row.stream_key : null,
    username: withCredentials ? row.username : null,
    password: withCredentials ? row.password : null,
    activated: row.activated,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The webcast's outputs, oldest first (callers authorize). */
export function outputsOfWebcast(database: Db, webcastId: string): Promise<StreamingOutputRow[]> {
  return database.select().from(streamingOutputs).where(eq(streamingOutputs.webcast_id, webcastId)).orderBy(asc(streamingOutputs.created_at), asc(streamingOutputs.id));
}

export async function findOutput(database: Db, id: string): Promise<StreamingOutputRow | undefined> {
  const [row] = await database.select().from(streamingOutputs).where(eq(streamingOutputs.id, id));
  return row;
}

/** The output as answered to an editor, after a write that must have left it there. */
export async function outputAnswer(database: Db, id: string): Promise<StreamingOutputResource> {
  const row = await findOutput(database, id);
  if (!row) throw new ApiError("not_found");
  return streamingOutputResource(row, true);
}

/** The path's output (any organization: callers authorize); a malformed id is simply not found. */
export async function pathOutput(c: Context<AppEnv>): Promise<StreamingOutputRow> {
  const id = c.req.param("id") ?? "";
  const row = UUID_V7.test(id) ? await findOutput(db(c.env.DB), id) : undefined;
  if (!row) throw new ApiError("not_found");
  return row;
}

/**
 * Needs `permission` in the organization of the path's output: 401 signed out, 404 for an
 * unknown id or another tenant's output, 403 for a member without it; before any body is read.
 */
export function outputGuard(permission: Permission) {
  return createMiddleware<AppEnv>(async (c, next) => {
    requireUser(c);
    authorize(c, permission, (await pathOutput(c)).organization_id);
    await next();
  });
}
