/**
 * The streamed pull of a webcast's on-demand rows (docs/sync.md "Viewers on demand", the stream):
 * `GET /api/sync/pull/stream?webcast=<uid>&cursor=N[&continuing=1]` answers one response whose
 * body is newline-delimited JSON, one line per pull page, in order, the last one without `more`.
 * A line is a page in a compact shape: the table and its column names once, then each put row as
 * an array of values in that order, and the ids of the deleted rows:
 *
 *     {"cursor":N,"more":true,"reset":false,"total":5000,"table":"viewers",
 *      "columns":["id","organization_id",…],"puts":[["0195…",1,…],…],"dels":["0195…"]}
 *
 * Same pages as the JSON pull (`PullResponse`): same cursors, rows and deletions, `reset` on the
 * first line of a pull that starts over, `total` on the first line of a pull. One request for a
 * whole pull (no round trip, session check and webcast lookup per page), and about half the bytes
 * (no key names per row). A line's rows are in no particular order: a page holds each row once.
 *
 * A server failure after the response started (its status is already 200) is told by a last line
 * instead of a page: the SPEC §8 error body under `error`, in the user's language, after which the
 * body ends. The app shows that message as the pull's error (not as "offline"), keeps the pages it
 * committed and goes on from there at its next pull:
 *
 *     {"error":{"message":"…","code":"server_error","requestId":"…"}}
 */
import { type ErrorBody, isErrorCode } from "../errors/codes.ts";
import type { Change, PullResponse, SyncRow } from "./types.ts";
import { ON_DEMAND_TABLES, type OnDemandTable } from "./tables.ts";

/** The body's media type. */
export const PAGE_STREAM_TYPE = "application/x-ndjson";

/** One line of the stream, as sent. */
export interface StreamPage {
  cursor: number;
  more: boolean;
  reset: boolean;
  total?: number;
  table: OnDemandTable;
  columns: string[];
  puts: unknown[][];
  dels: string[];
}

/** A page's line (its JSON, no newline) from its rows; the server's own path builds it in SQL (same shape). */
export function encodeStreamPage(table: OnDemandTable, columns: readonly string[], page: PullResponse): string {
  const puts: unknown[][] = [];
  const dels: string[] = [];
  for (const change of page.changes) {
    if (change.table !== table) throw new Error(`sync: a ${change.table} change in a page of ${table}`);
    if (change.op === "del") dels.push(change.id);
    else puts.push(columns.map((column) => Reflect.get(change.row, column) ?? null));
  }
  const line: StreamPage = { cursor: page.cursor, more: page.more, reset: page.reset, ...(page.total === undefined ? {} : { total: page.total }), table, columns: [...columns], puts, dels };
  return JSON.stringify(line);
}

/** A failure's line (its JSON, no newline): the server's error body under `error`. */
export function encodeStreamError(body: ErrorBody): string {
  return JSON.stringify({ error: body });
}

/** The server's failure told by the stream's last line (`encodeStreamError`): its §8 body. */
export class StreamFailed extends Error {
  override readonly name = "StreamFailed";

  constructor(readonly body: ErrorBody) {
    super(body.message);
  }
}

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/**
 * A line back to the page it carries (`PullResponse`). A failure's line throws `StreamFailed`; a
 * line that is neither throws too: the pull stops there, as on a network failure, the pages before
 * it kept.
 */
export function decodeStreamPage(line: string): PullResponse {
  const value: unknown = JSON.parse(line);
  if (typeof value !== "object" || value === null) throw new Error("sync: a stream line is not a page");
  if ("error" in value) throw new StreamFailed(errorBodyOf(value.error));
  const { cursor, more, reset, total, table, columns, puts, dels } = value as Partial<Record<keyof StreamPage, unknown>>;
  if (!isCount(cursor) || typeof more !== "boolean" || typeof reset !== "boolean" || (total !== undefined && !isCount(total))) throw new Error("sync: a stream page's header is malformed");
  const onDemand = ON_DEMAND_TABLES.find((name) => name === table);
  if (!onDemand) throw new Error("sync: a stream page names no on-demand table");
  if (!Array.isArray(columns) || !columns.every((column) => typeof column === "string") || !columns.includes("id")) throw new Error("sync: a stream page's columns are malformed");
  if (!Array.isArray(puts) || !Array.isArray(dels)) throw new Error("sync: a stream page's rows are malformed");
  const width = columns.length;
  const changes: Change[] = [];
  for (const values of puts) {
    if (!Array.isArray(values) || values.length !== width) throw new Error("sync: a stream page's row does not match its columns");
    const row: Record<string, unknown> = {};
    for (let index = 0; index < width; index++) row[columns[index] as string] = values[index];
    if (typeof row.id !== "string") throw new Error("sync: a stream page's row has no id");
    // The server sends the table's rows as stored (the same columns the JSON pull sends).
    changes.push({ table: onDemand, id: row.id, op: "put", row: row as unknown as SyncRow<OnDemandTable> });
  }
  for (const id of dels) {
    if (typeof id !== "string") throw new Error("sync: a stream page's deletion has no id");
    changes.push({ table: onDemand, id, op: "del" });
  }
  return { cursor, more, reset, changes, ...(total === undefined ? {} : { total }) };
}

function errorBodyOf(value: unknown): ErrorBody {
  if (typeof value !== "object" || value === null) throw new Error("sync: a stream's error line is malformed");
  const { message, code, requestId } = value as Partial<Record<keyof ErrorBody, unknown>>;
  if (typeof message !== "string" || !message || !isErrorCode(code) || typeof requestId !== "string") throw new Error("sync: a stream's error line is malformed");
  return { message, code, requestId };
}

/**
 * A whole stream body from its pages (a memory server's, tests): the columns are the keys of the
 * rows put, in the order first met (`id` first).
 */
export function encodeStreamBody(table: OnDemandTable, pages: readonly PullResponse[]): string {
  const columns = new Set<string>(["id"]);
  for (const page of pages) for (const change of page.changes) if (change.op === "put") for (const key of Object.keys(change.row)) columns.add(key);
  return pages.map((page) => `${encodeStreamPage(table, [...columns], page)}\n`).join("");
}
