import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { canForWebcast } from "../../../domain/permissions/can.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import type { PollRow, PollingSeriesRow } from "../../../domain/polls/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { requireUser } from "../../auth/middleware.ts";
import { type Db, db } from "../../db/client.ts";
import { pollingSeries, polls, webcastSpeakers } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { pathWebcast } from "../webcasts/guards.ts";
import { findWebcast } from "../webcasts/service.ts";
import { tenantRefusal } from "../../../domain/permissions/tenancy.ts";

/**
 * Who may call the poll routes: `polls.manage` for the webcast (SPEC §6 producer permission), i.e.
 * in its organization (organizers, admins, owners, super admins) or as the webcast's producer
 * speaker — the same rule the mutators apply (`webcastFor`). 401 signed out; 404 for an unknown
 * webcast, poll or series and for another tenant's (non-members never learn one exists); 403 for a
 * member without it. Runs before any body or query is read.
 */

/** Throws unless the signed-in user holds `polls.manage` for `webcast`. */
async function authorizePolls(c: Context<AppEnv>, webcast: WebcastRow): Promise<void> {
  const user = requireUser(c);
  const speakers = await db(c.env.DB)
    .select({ id: webcastSpeakers.user_id, is_producer: webcastSpeakers.is_producer })
    .from(webcastSpeakers)
    .where(eq(webcastSpeakers.webcast_id, webcast.id));
  if (canForWebcast(user, "polls.manage", { organization_id: webcast.organization_id, speakers })) return;
  throw new ApiError(tenantRefusal(user, webcast.organization_id));
}

/** For /api/webcasts/{id}/polls… and …/polling-series: the path's webcast. */
export const webcastPollsGuard = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c);
  await authorizePolls(c, (await pathWebcast(c)).row);
  await next();
});

export async function findPoll(database: Db, id: string): Promise<PollRow | undefined> {
  if (!UUID_V7.test(id)) return undefined;
  const [row] = await database.select().from(polls).where(eq(polls.id, id));
  return row;
}

/** The path's poll (`/api/polls/{id}`), or 404; callers authorize. */
export async function pathPoll(c: Context<AppEnv>): Promise<PollRow> {
  const poll = await findPoll(db(c.env.DB), c.req.param("id") ?? "");
  if (!poll) throw new ApiError("not_found");
  return poll;
}

/** For /api/polls/{id}: the poll's webcast. */
export const pollGuard = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c);
  const poll = await pathPoll(c);
  const webcast = await findWebcast(db(c.env.DB), poll.webcast_id);
  if (!webcast) throw new ApiError("not_found");
  await authorizePolls(c, webcast.row);
  await next();
});

/** For …/polling-series/{seriesId}: the path's webcast, then the series must be one of its own (404). */
export const seriesGuard = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c);
  await authorizePolls(c, (await pathWebcast(c)).row);
  await pathSeries(c);
  await next();
});

/** The path's series (`…/polling-series/{seriesId}`) if it belongs to the path's webcast, else 404; callers authorize. */
export async function pathSeries(c: Context<AppEnv>): Promise<PollingSeriesRow> {
  const id = c.req.param("seriesId") ?? "";
  const [row] = UUID_V7.test(id) ? await db(c.env.DB).select().from(pollingSeries).where(eq(pollingSeries.id, id)) : [];
  if (!row || row.webcast_id !== c.req.param("id")) throw new ApiError("not_found");
  return row;
}
