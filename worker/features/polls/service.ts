import { type SQL, and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { UI_LOCALES } from "../../../domain/i18n/locales.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { PollRow, PollingSeriesRow } from "../../../domain/polls/record.ts";
import { EXPORT_TYPES } from "../../../domain/exports/spreadsheet.ts";
import { createPollArgs, createPollingSeriesArgs, updatePollArgs, updatePollingSeriesArgs } from "../../../domain/polls/mutators.ts";
import type { Db } from "../../db/client.ts";
import { pollingSeries, polls } from "../../db/schema/index.ts";
import { ApiError } from "../../http/api-error.ts";
import { containsPattern } from "../organizations/service.ts";

/**
 * Reads and shapes of the poll routes (docs/webcasts-api.md "Polls and polling series"). Writes
 * are pushed mutations (routes.ts); callers have authorized the user (guards.ts).
 */

// --- Bodies and queries -------------------------------------------------------------------------

/** An option as REST sends it: its id may be left out (the server makes one); send ids back to keep them. */
const restOption = z.strictObject({ id: z.string().min(1).max(100).optional(), text: z.string().max(10_000) });

/** POST /api/webcasts/{uid}/polls: the mutator's fields (shapes from domain/polls/mutators.ts), options' ids optional. */
export const createPollBody = createPollArgs.omit({ id: true, organization_id: true, webcast_id: true, now: true }).extend({ options: z.array(restOption).max(200) });
/** PATCH /api/polls/{id}: any of the fields; `options` replaces the whole list. */
export const updatePollBody = updatePollArgs.omit({ id: true, now: true }).extend({ options: z.array(restOption).max(200).optional() });
export const createSeriesBody = createPollingSeriesArgs.omit({ id: true, organization_id: true, webcast_id: true, now: true });
export const updateSeriesBody = updatePollingSeriesArgs.omit({ id: true, now: true });

type IdentifiedOption = { id: string; text: string };
/** The body with ids on its options; `options` stays required when the body's is (POST), optional when not (PATCH). */
type WithOptionIds<T extends { options?: unknown }> = Omit<T, "options"> & (undefined extends T["options"] ? { options?: IdentifiedOption[] } : { options: IdentifiedOption[] });

/** Options with an id each (a new UUIDv7 for those sent without). */
export function withOptionIds<T extends { options?: { id?: string | undefined; text: string }[] | undefined }>(body: T): WithOptionIds<T> {
  const { options, ...rest } = body;
  const result = options === undefined ? rest : { ...rest, options: options.map((option) => ({ id: option.id ?? uuidv7(), text: option.text })) };
  return result as WithOptionIds<T>;
}

const flag = z.enum(["1", "0", "true", "false"]).transform((value) => value === "1" || value === "true");
export const DEFAULT_LIMIT = 20;
/** GET …/polls and …/polling-series (SPEC §7 "page, q, limit, include_from_series", SPEC §9 default page 1). */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().trim().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(DEFAULT_LIMIT),
  /** Polls that belong to a series are left out unless this is 1/true (the tab lists them under their series). */
  include_from_series: flag.default(false),
});
export type ListQuery = z.output<typeof listQuery>;

/** GET …/polls/export: `type` xlsx (default), csv or csv_semicolon; `lang` the headers' language (default: the request's). */
export const exportQuery = z.object({ type: z.enum(EXPORT_TYPES).default("xlsx"), lang: z.enum(UI_LOCALES).optional() });

// --- Answers ------------------------------------------------------------------------------------

/** A poll as answered: the synced row (SPEC §3 fields, `status` set by the control room). */
export type PollResource = PollRow;
/** A series as answered, with its polls in list order. */
export type PollingSeriesResource = PollingSeriesRow & { polls: PollResource[] };

const pollOrder = [asc(polls.position), asc(polls.id)] as const;

export async function pollAnswer(database: Db, id: string): Promise<PollResource> {
  const [row] = await database.select().from(polls).where(eq(polls.id, id));
  if (!row) throw new ApiError("not_found");
  return row;
}

export async function seriesAnswer(database: Db, row: PollingSeriesRow): Promise<PollingSeriesResource> {
  const members = await database.select().from(polls).where(eq(polls.series_id, row.id)).orderBy(...pollOrder);
  return { ...row, polls: members };
}

export async function seriesAnswerById(database: Db, id: string): Promise<PollingSeriesResource> {
  const [row] = await database.select().from(pollingSeries).where(eq(pollingSeries.id, id));
  if (!row) throw new ApiError("not_found");
  return seriesAnswer(database, row);
}

const titleContains = (column: typeof polls.title | typeof pollingSeries.title, q: string | undefined) => (q ? sql`${column} LIKE ${containsPattern(q)} ESCAPE '\\'` : undefined);

/** A page of the webcast's polls in list order, `q` searching the title. */
export async function listPolls(database: Db, webcastId: string, query: ListQuery) {
  const conditions: (SQL | undefined)[] = [eq(polls.webcast_id, webcastId), titleContains(polls.title, query.q), query.include_from_series ? undefined : isNull(polls.series_id)];
  const where = and(...conditions);
  const [data, totals] = await Promise.all([
    database
      .select()
      .from(polls)
      .where(where)
      .orderBy(...pollOrder)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.select({ total: count() }).from(polls).where(where),
  ]);
  return { data, meta: { page: query.page, per_page: query.limit, total: totals[0]?.total ?? 0 } };
}

/** A page of the webcast's polling series in list order, each with its polls. */
export async function listSeries(database: Db, webcastId: string, query: Pick<ListQuery, "page" | "q" | "limit">) {
  const where = and(eq(pollingSeries.webcast_id, webcastId), titleContains(pollingSeries.title, query.q));
  const [rows, totals] = await Promise.all([
    database
      .select()
      .from(pollingSeries)
      .where(where)
      .orderBy(asc(pollingSeries.position), asc(pollingSeries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    database.select({ total: count() }).from(pollingSeries).where(where),
  ]);
  const members = rows.length === 0 ? [] : await database.select().from(polls).where(inArray(polls.series_id, rows.map((row) => row.id))).orderBy(...pollOrder);
  const data: PollingSeriesResource[] = rows.map((row) => ({ ...row, polls: members.filter((poll) => poll.series_id === row.id) }));
  return { data, meta: { page: query.page, per_page: query.limit, total: totals[0]?.total ?? 0 } };
}

/** Every poll and series of the webcast (the export). */
export async function everyPoll(database: Db, webcastId: string): Promise<{ polls: PollRow[]; series: PollingSeriesRow[] }> {
  const [pollRows, seriesRows] = await Promise.all([
    database.select().from(polls).where(eq(polls.webcast_id, webcastId)),
    database.select().from(pollingSeries).where(eq(pollingSeries.webcast_id, webcastId)),
  ]);
  return { polls: pollRows, series: seriesRows };
}
