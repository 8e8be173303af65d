import type { Mutator } from "../../../domain/sync/types.ts";
import type { z } from "zod";
import { type Context, Hono } from "hono";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { attachmentHeaders, exportFile } from "../../../domain/exports/spreadsheet.ts";
import { BALLOT_SHEET_NAME, POLL_SHEET_NAME, ballotLogExportRows, pollExportRows } from "../../../domain/polls/export.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { jsonBody, query } from "../../http/validators.ts";
import { pathWebcast, webcastGuard } from "../webcasts/guards.ts";
import { flushInteractions } from "../webcast-room/interaction-calls.ts";
import { ballotLog, resultsByPoll, resultsInListOrder, webcastBallots } from "./results.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { pathPoll, pathSeries, pollGuard, seriesGuard, webcastPollsGuard } from "./guards.ts";
import {
  createPollBody,
  createSeriesBody,
  everyPoll,
  exportQuery,
  listPolls,
  listQuery,
  listSeries,
  pollAnswer,
  seriesAnswer,
  seriesAnswerById,
  updatePollBody,
  updateSeriesBody,
  withOptionIds,
} from "./service.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { createPoll, createPollingSeries, deletePoll, deletePollingSeries, updatePoll, updatePollingSeries } from "../../../domain/polls/mutators.ts";

/**
 * The webcast's polls and polling series (SPEC §7, docs/webcasts-api.md "Polls and polling
 * series"), mounted at /api (paths written in full). Order in a route: session (401), then the
 * webcast, poll or series and `polls.manage` for it (404 for another tenant or an unknown id, 403
 * for a member without it; a producer speaker qualifies), then the query or body (422), then one
 * pushed mutation (domain/polls/mutators.ts), answered with the row as it now is.
 */

/** Pushes one poll mutation as the signed-in user (refusals become SPEC §8 errors). */
function push<M extends Mutator>(c: Context<AppEnv>, mutator: M, args: z.input<M["args"]>): Promise<void> {
  return applyMutation(c.env, requireUser(c), c.var.locale, mutator, args);
}

const now = () => new Date().toISOString();

export const pollRoutes = new Hono<AppEnv>()
  /** GET …/polls?page&q&limit&include_from_series → `{ data: Poll[], meta }` in list order. */
  .get("/webcasts/:id/polls", webcastPollsGuard, query(listQuery), async (c) => {
    return c.json(await listPolls(db(c.env.DB), c.req.param("id"), c.req.valid("query")), 200);
  })
  /** POST …/polls (JSON) → 201 `{ data: Poll }`: createPoll with a server-made id, last in the list. */
  .post("/webcasts/:id/polls", webcastPollsGuard, jsonBody(() => createPollBody), async (c) => {
    const { row } = await pathWebcast(c);
    const id = uuidv7();
    await push(c, createPoll, { ...withOptionIds(c.req.valid("json")), id, organization_id: row.organization_id, webcast_id: row.id, now: now() });
    return c.json({ data: await pollAnswer(db(c.env.DB), id) }, 201);
  })
  /**
   * GET …/polls/export?type=xlsx|csv|csv_semicolon&lang=en|fr|de|pt|es → the file, in that language
   * (else the request's): one row per option, with its voters, weighted votes and percentage (the
   * ballots the room wrote to D1, flushed first).
   */
  .get("/webcasts/:id/polls/export", webcastPollsGuard, query(exportQuery), async (c) => {
    const { row } = await pathWebcast(c);
    const { type, lang = c.var.locale } = c.req.valid("query");
    await flushInteractions(c, row.id);
    const database = db(c.env.DB);
    const [{ polls, series }, ballots] = await Promise.all([everyPoll(database, row.id), webcastBallots(database, row.id)]);
    const file = exportFile(pollExportRows(polls, series, lang, resultsByPoll(polls, ballots)), type, localized(POLL_SHEET_NAME, lang));
    return c.body(file.body, 200, attachmentHeaders(`polls-${row.id}`, file));
  })
  /** GET …/polls/results → `{ data: PollResultsResource[] }`: every poll's results in list order (the votes tab). */
  .get("/webcasts/:id/polls/results", webcastPollsGuard, async (c) => {
    const { row } = await pathWebcast(c);
    await flushInteractions(c, row.id);
    const database = db(c.env.DB);
    const [{ polls, series }, ballots] = await Promise.all([everyPoll(database, row.id), webcastBallots(database, row.id)]);
    return c.json({ data: resultsInListOrder(polls, series, ballots) }, 200);
  })
  /**
   * GET …/polls/ballots/export?type=&lang= → the auditable ballot log (every accepted ballot, in
   * the room's order). The organizer's (webcasts.update): it names the voters, a producer speaker
   * running the polls does not get it (403).
   */
  .get("/webcasts/:id/polls/ballots/export", webcastGuard("webcasts.update"), query(exportQuery), async (c) => {
    const { row } = await pathWebcast(c);
    const { type, lang = c.var.locale } = c.req.valid("query");
    await flushInteractions(c, row.id);
    const database = db(c.env.DB);
    const [{ polls }, log] = await Promise.all([everyPoll(database, row.id), ballotLog(database, row.id)]);
    const file = exportFile(ballotLogExportRows(log, polls, lang), type, localized(BALLOT_SHEET_NAME, lang));
    return c.body(file.body, 200, attachmentHeaders(`poll-ballots-${row.id}`, file));
  })
  /** GET /api/polls/{id} → `{ data: Poll }`. */
  .get("/polls/:id", pollGuard, async (c) => {
    return c.json({ data: await pathPoll(c) }, 200);
  })
  /** PATCH /api/polls/{id} (JSON, any field; `options` replaces the list) → `{ data: Poll }`: updatePoll (423 for an open poll's options). */
  .patch("/polls/:id", pollGuard, jsonBody(() => updatePollBody), async (c) => {
    const id = (await pathPoll(c)).id;
    await push(c, updatePoll, { ...withOptionIds(c.req.valid("json")), id, now: now() });
    return c.json({ data: await pollAnswer(db(c.env.DB), id) }, 200);
  })
  /** DELETE /api/polls/{id} → 204: deletePoll (423 while it is open). */
  .delete("/polls/:id", pollGuard, async (c) => {
    await push(c, deletePoll, { id: (await pathPoll(c)).id });
    return c.body(null, 204);
  })
  /** GET …/polling-series?page&q&limit → `{ data: Series[], meta }`, each series with its polls. */
  .get("/webcasts/:id/polling-series", webcastPollsGuard, query(listQuery.omit({ include_from_series: true })), async (c) => {
    return c.json(await listSeries(db(c.env.DB), c.req.param("id"), c.req.valid("query")), 200);
  })
  /** POST …/polling-series (JSON `{ title, description? }`) → 201 `{ data: Series }`. */
  .post("/webcasts/:id/polling-series", webcastPollsGuard, jsonBody(() => createSeriesBody), async (c) => {
    const { row } = await pathWebcast(c);
    const id = uuidv7();
    await push(c, createPollingSeries, { ...c.req.valid("json"), id, organization_id: row.organization_id, webcast_id: row.id, now: now() });
    return c.json({ data: await seriesAnswerById(db(c.env.DB), id) }, 201);
  })
  /** GET …/polling-series/{seriesId} → `{ data: Series }` with its polls. */
  .get("/webcasts/:id/polling-series/:seriesId", seriesGuard, async (c) => {
    return c.json({ data: await seriesAnswer(db(c.env.DB), await pathSeries(c)) }, 200);
  })
  /** PATCH …/polling-series/{seriesId} (JSON `{ title?, description? }`) → `{ data: Series }`. */
  .patch("/webcasts/:id/polling-series/:seriesId", seriesGuard, jsonBody(() => updateSeriesBody), async (c) => {
    const { id } = await pathSeries(c);
    await push(c, updatePollingSeries, { ...c.req.valid("json"), id, now: now() });
    return c.json({ data: await seriesAnswerById(db(c.env.DB), id) }, 200);
  })
  /** DELETE …/polling-series/{seriesId} → 204: its polls stay, out of any series (same change). */
  .delete("/webcasts/:id/polling-series/:seriesId", seriesGuard, async (c) => {
    const { id } = await pathSeries(c);
    await push(c, deletePollingSeries, { id, now: now() });
    return c.body(null, 204);
  });
