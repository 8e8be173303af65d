import { type SQL, and, asc, count, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { type EmbedAppAnswer, embedAppAnswer } from "../../../domain/embed-apps/mutators.ts";
import type { EmbedAppRow } from "../../../domain/embed-apps/record.ts";
import type { Db } from "../../db/client.ts";
import { embedApps } from "../../db/schema/index.ts";
import { ApiError } from "../../http/api-error.ts";
import { containsPattern } from "../organizations/service.ts";

/** Reads of the embed-app routes (writes are pushed mutations, routes.ts). */

/** Query of GET …/embed-apps (SPEC §7 page, q, limit): q searches title and description. */
export const embedAppsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().trim().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A page of a webcast's embed apps in creation order: `{ data, meta: { page, per_page, total } }` (the app's list shape). */
export async function listEmbedApps(database: Db, webcastId: string, query: z.output<typeof embedAppsQuery>) {
  const conditions: SQL[] = [eq(embedApps.webcast_id, webcastId)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const match = or(sql`${embedApps.title} LIKE ${pattern} ESCAPE '\\'`, sql`${embedApps.description} LIKE ${pattern} ESCAPE '\\'`);
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    database
      .select()
      .from(embedApps)
      .where(where)
      .orderBy(asc(embedApps.created_at), asc(embedApps.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.select({ total: count() }).from(embedApps).where(where),
  ]);
  return { data: rows.map(embedAppAnswer), meta: { page: query.page, per_page: query.limit, total: totals[0]?.total ?? 0 } };
}

/** The embed app `appId` of this webcast, else 404 (unknown, malformed, or another webcast's). */
export async function embedAppOf(database: Db, webcastId: string, appId: string): Promise<EmbedAppRow> {
  const [row] = UUID_V7.test(appId) ? await database.select().from(embedApps).where(and(eq(embedApps.id, appId), eq(embedApps.webcast_id, webcastId))) : [];
  if (!row) throw new ApiError("not_found");
  return row;
}

export async function embedAppAnswerOf(database: Db, webcastId: string, appId: string): Promise<EmbedAppAnswer> {
  return embedAppAnswer(await embedAppOf(database, webcastId, appId));
}
