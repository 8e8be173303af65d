import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { webcastPullScope } from "../../../domain/permissions/read-rule.ts";
import { WEBCAST_PULL_FIRST_PAGE_LIMIT, WEBCAST_PULL_PAGE_LIMIT, startsOver } from "../../../domain/sync/server.ts";
import type { OnDemandTable } from "../../../domain/sync/tables.ts";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { type Db, db } from "../../db/client.ts";
import { headQuery, logArms, logPageSql, readHead } from "./change-log.ts";
import { D1ServerStore } from "./d1-server-store.ts";
import { viewers } from "../../db/schema/index.ts";

/**
 * The streamed pull of a webcast's on-demand rows (domain/sync/page-stream.ts has the line's shape;
 * docs/sync.md "Viewers on demand"). The same pages as `pull(store, webcastPullScope(…), …)`:
 * same log range, same cursors, a first page of WEBCAST_PULL_FIRST_PAGE_LIMIT rows then pages of
 * WEBCAST_PULL_PAGE_LIMIT; but each page is one statement whose rows SQLite writes as JSON
 * (`JSON_ROWS`), put into the line as it comes: no row object is built, read or serialized here.
 * A pull that starts over stops at the webcast's newest entry (`PullEnd`).
 */

/**
 * An on-demand table's rows as SQLite writes them in JSON: the stored table's name, the row's keys
 * in order, and `array`, a `json_array(…)` of those columns of the row aliased `r`, each as the
 * JSON value drizzle reads it as (booleans as true/false, JSON text columns as their value).
 */
interface JsonRow {
  table: string;
  columns: string[];
  array: string;
}

/** `JsonRow` of a drizzle table; a column type it cannot write as drizzle reads it throws (when this module loads). */
export function jsonRowOf(table: SQLiteTable): JsonRow {
  const entries = Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>);
  const name = getTableName(table);
  const valueOf = (column: SQLiteColumn): string => {
    const stored = `r."${column.name}"`;
    switch (column.columnType) {
      case "SQLiteText":
      case "SQLiteInteger":
      case "SQLiteReal":
        return stored;
      case "SQLiteBoolean":
        return `json(CASE WHEN ${stored} IS NULL THEN 'null' WHEN ${stored} THEN 'true' ELSE 'false' END)`;
      case "SQLiteTextJson":
        return `json(${stored})`;
      default:
        throw new Error(`sync: ${name}.${column.name} (${column.columnType}) has no JSON form for the streamed pull`);
    }
  };
  return { table: name, columns: entries.map(([key]) => key), array: `json_array(${entries.map(([, column]) => valueOf(column)).join(", ")})` };
}

/** Per on-demand table, its stored rows in JSON (built once; the synced tables' `SameRows` check ties the columns to the synced row). */
const JSON_ROWS: { [T in OnDemandTable]: JsonRow } = { viewers: jsonRowOf(viewers) };

interface Webcast {
  id: string;
  organization_id: number;
}

interface StreamLine {
  text: string;
  cursor: number;
  more: boolean;
}

/**
 * One page's statement: the first `limit + 1` entries after `from` (as a pull page reads them:
 * `logPageSql`; with a bound, none past it: a number, or "newest", the webcast's newest entry found
 * by the statement itself and answered as `up_to`), then of the first `limit`, the rows that exist
 * in the entry's organization as a JSON array of `json_array`s, and the ids of the others (deleted)
 * as a JSON array.
 */
export function streamPageSql(table: OnDemandTable, webcast: Webcast, from: number, limit: number, bound?: number | "newest"): string {
  const jsonRow = JSON_ROWS[table];
  const arms = logArms(webcastPullScope(table, webcast), []);
  // One webcast's rows: one range of the log, one statement (change-log.ts ARMS_PER_STATEMENT).
  if (arms.length !== 1) throw new Error(`sync: a webcast's pull reads one range of the log, not ${arms.length}`);
  const stored = `"${jsonRow.table}"`;
  const same = `r.id = p.row_id AND r.organization_id = p.organization_id`;
  const newest = bound === "newest";
  return [
    newest ? `WITH bound AS MATERIALIZED (${lastEntrySql(table, webcast)}),` : "WITH",
    `entries AS MATERIALIZED (${logPageSql(from, arms, limit + 1, newest ? { select: "SELECT up_to FROM bound" } : bound)}),`,
    `page AS MATERIALIZED (SELECT seq, organization_id, row_id FROM entries ORDER BY seq LIMIT ${limit})`,
    `SELECT (SELECT count(*) FROM entries) AS entries, (SELECT max(seq) FROM page) AS last,${newest ? " (SELECT up_to FROM bound) AS up_to," : ""}`,
    `(SELECT json_group_array(${jsonRow.array}) FROM page p JOIN ${stored} r ON ${same}) AS puts,`,
    `(SELECT json_group_array(p.row_id) FROM page p WHERE NOT EXISTS (SELECT 1 FROM ${stored} r WHERE ${same})) AS dels`,
  ].join(" ");
}

function readPage(rows: unknown): { entries: number; last: number | null; upTo: number | null; puts: string; dels: string } {
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  if (typeof first !== "object" || first === null) throw new Error("sync: a streamed page read nothing");
  const { entries, last, up_to: upTo = null, puts, dels } = first as Record<string, unknown>;
  if (typeof entries !== "number" || (last !== null && typeof last !== "number") || (upTo !== null && typeof upTo !== "number") || typeof puts !== "string" || typeof dels !== "string") {
    throw new Error("sync: a streamed page is malformed");
  }
  return { entries, last, upTo, puts, dels };
}

/**
 * A first pull's end in the log (`webcastPageStream`): `upTo`, the newest entry of the webcast's
 * rows, and `head`, the log's head read with it (its first page's batch). Every row the webcast
 * has at `head` was logged at or below `upTo`: reading the log further would only meet other
 * webcasts' entries and deletions (no-ops after a reset). What changes later is logged past
 * `head`, which ends the pull.
 */
interface PullEnd {
  upTo: number;
  head: number;
}

/**
 * The newest log entry of the webcast's rows (0 without any), as SQL text (a D1 batch runs no raw
 * SQL with parameters; the id is a checked UUIDv7, the organization an integer): from its rows (the
 * `webcast_id` index), each one's entries by `sync_changes_row_idx`.
 */
function lastEntrySql(table: OnDemandTable, webcast: Webcast): string {
  if (!UUID_V7.test(webcast.id)) throw new Error(`sync: ${webcast.id} is not a webcast id`);
  if (!Number.isSafeInteger(webcast.organization_id)) throw new Error(`sync: ${webcast.organization_id} is not an organization id`);
  // CROSS JOIN keeps that order: from the log's side SQLite would read every entry of the organization.
  return [
    `SELECT coalesce(max(s.seq), 0) AS up_to FROM "${JSON_ROWS[table].table}" AS r CROSS JOIN sync_changes AS s`,
    `ON s.row_id = r.id AND s.table_name = '${table}' AND s.organization_id = r.organization_id`,
    `WHERE r.webcast_id = '${webcast.id}' AND r.organization_id = ${webcast.organization_id}`,
  ].join(" ");
}

/**
 * One page after `from`, the head its last page's cursor takes and the pull's end: `end` "newest"
 * for a first pull's first page (its end found in the same batch), else as given.
 */
async function readPageAfter(database: Db, table: OnDemandTable, webcast: Webcast, from: number, limit: number, end: PullEnd | "newest" | undefined) {
  if (end !== undefined && end !== "newest") {
    // A first pull's next pages: no entry past `end.upTo`, and its last page ends at `end.head`.
    return { page: readPage(await database.all(sql.raw(streamPageSql(table, webcast, from, limit, end.upTo)))), head: end.head, end };
  }
  // The head in the same transaction (one batch): a last page's cursor is the head read with it.
  const [headRows, pageRows] = await database.batch([headQuery(database), database.all(sql.raw(streamPageSql(table, webcast, from, limit, end)))]);
  const page = readPage(pageRows);
  const head = readHead(headRows);
  if (end === undefined) return { page, head, end };
  if (page.upTo === null) throw new Error("sync: a first pull's first page read no end");
  return { page, head, end: { upTo: page.upTo, head } };
}

/** One page after `from` as its line (domain/sync/page-stream.ts `StreamPage`, written here as text), with the pull's end (`readPageAfter`). */
async function pageLine(
  database: Db,
  table: OnDemandTable,
  webcast: Webcast,
  from: number,
  limit: number,
  header: { reset: boolean; total?: Promise<number>; end: PullEnd | "newest" | undefined },
): Promise<StreamLine & { end: PullEnd | undefined }> {
  const { page, head, end } = await readPageAfter(database, table, webcast, from, limit, header.end);
  // The first line's total, read while the page was (the route started it).
  const total = await header.total;
  const more = page.entries > limit;
  const cursor = more && page.last !== null ? page.last : Math.max(from, head);
  const fields = [
    `"cursor":${cursor}`,
    `"more":${more}`,
    `"reset":${header.reset}`,
    ...(total === undefined ? [] : [`"total":${total}`]),
    `"table":${JSON.stringify(table)}`,
    `"columns":${JSON.stringify(JSON_ROWS[table].columns)}`,
    `"puts":${page.puts}`,
    `"dels":${page.dels}`,
  ];
  return { text: `{${fields.join(",")}}\n`, cursor, more, end };
}

/**
 * The body of `GET /api/sync/pull/stream`: the pull of `webcast`'s `table` rows after `cursor`,
 * page by page, the first line with `total` when given (a count the caller started). The first
 * page is read before this returns (a failure there is the request's error); each next one when
 * the reader has taken the one before (a slow browser holds the server at one page ahead). A later
 * failure ends the body with the line `failure()` gives (domain/sync/page-stream.ts
 * `encodeStreamError`: the response's status is sent already): the browser keeps the pages it
 * committed, shows the error, and goes on from there at its next pull.
 */
export async function webcastPageStream(
  d1: D1Database,
  table: OnDemandTable,
  webcast: Webcast,
  options: { cursor: number; continuing: boolean; total: Promise<number> | undefined; failure: () => string },
): Promise<ReadableStream<Uint8Array>> {
  const database = db(d1);
  // Awaited with the first page; a failure before it must not count as unhandled.
  options.total?.catch(() => undefined);
  const reset = await startsOver(new D1ServerStore(d1), options.cursor, options.continuing);
  const encoder = new TextEncoder();
  // A pull's first page is smaller (the browser starts writing sooner); a pull going on after a broken stream is not.
  const limit = options.continuing ? WEBCAST_PULL_PAGE_LIMIT : WEBCAST_PULL_FIRST_PAGE_LIMIT;
  // A pull from scratch reads the log only as far as the webcast's newest entry (`PullEnd`, found
  // with its first page): a small webcast logged before a big one does not read the big one's
  // entries to find it has no more.
  let line = await pageLine(database, table, webcast, reset ? 0 : options.cursor, limit, { reset, total: options.total, end: reset ? "newest" : undefined });
  let sent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (sent) line = await pageLine(database, table, webcast, line.cursor, WEBCAST_PULL_PAGE_LIMIT, { reset: false, end: line.end });
        } catch (error) {
          console.error("sync: the streamed pull stopped", error);
          controller.enqueue(encoder.encode(`${options.failure()}\n`));
          controller.close();
          return;
        }
        sent = true;
        controller.enqueue(encoder.encode(line.text));
        if (!line.more) controller.close();
      },
    },
    { highWaterMark: 1 },
  );
}
