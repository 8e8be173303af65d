import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { sql } from "drizzle-orm";
import { SYNC_TABLES } from "../../../domain/sync/tables.ts";
import type { SyncScope, SyncTable } from "../../../domain/sync/types.ts";
import type { Db } from "../../db/client.ts";
import { syncChanges } from "../../db/schema/index.ts";

/**
 * The D1 change log (`sync_changes`) keeps only the latest entry of each row (row id, table and
 * organization): a commit that logs rows deletes their older entries in the same batch
 * (`dropSuperseded`; the cascade's own statement in tables.ts). A client at any cursor loses
 * nothing by it: a row changed after its cursor still has its latest entry after it. So a pull page
 * needs no grouping: it reads the entries after the cursor in seq order, per organization (or
 * table) from one index, and stops at its limit (`changesAfter`), whatever the size of the log.
 *
 * (Not `INSERT OR REPLACE` under a unique index, which would need no extra statement: drizzle's
 * D1 batch cannot run a raw statement with parameters, and every log write is batched.)
 */

/** Head of the change log: the cursor after everything committed so far (0 while empty). */
export const HEAD = sql<number>`(SELECT coalesce(max(${syncChanges.seq}), 0) FROM ${syncChanges})`;

export function headQuery(database: Db) {
  return database.select({ head: sql<number>`coalesce(max(${syncChanges.seq}), 0)` }).from(syncChanges);
}

export function readHead(rows: unknown): number {
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  return typeof first === "object" && first !== null && "head" in first && typeof first.head === "number" ? first.head : 0;
}

/** A row whose change-log entries are kept latest-only. */
export interface LoggedRow {
  table: SyncTable;
  organization_id: number;
  id: string;
}

/**
 * Deletes the entries of `rows` older than each one's latest: a batch statement, put after the
 * statements that log them. Only an entry with a newer one of the same row goes, so a row that
 * logged nothing (the delete of a row already gone) keeps its entry. One statement whatever the
 * number of rows, two lookups of `sync_changes_row_idx` each. A writer that forgets it leaves
 * duplicates: harmless (a page sends the row's current state twice), only slower.
 */
export function dropSuperseded(database: Db, rows: readonly LoggedRow[]) {
  const keys = [...new Map(rows.map((row) => [`${row.table}\u0000${row.organization_id}\u0000${row.id}`, [row.table, row.organization_id, row.id]])).values()];
  const superseded = sql`SELECT old.seq FROM json_each(${JSON.stringify(keys)}) AS w
    JOIN sync_changes AS old ON old.row_id = json_extract(w.value, '$[2]') AND old.table_name = json_extract(w.value, '$[0]') AND old.organization_id = json_extract(w.value, '$[1]')
    WHERE old.seq < (SELECT max(latest.seq) FROM sync_changes AS latest WHERE latest.row_id = old.row_id AND latest.table_name = old.table_name AND latest.organization_id = old.organization_id)`;
  return database.delete(syncChanges).where(sql`${syncChanges.seq} IN (${superseded})`);
}

/** One change-log entry of a page. */
export interface LogEntry {
  seq: number;
  table: SyncTable;
  organization_id: number;
  row_id: string;
}

/**
 * One range of the log a page reads, in seq order: an organization's entries of every table (but
 * `except`), or of one table; with `webcastIds`, only that table's rows of those webcasts (and its
 * deletions: `SyncScope.byWebcast`).
 */
export type LogArm =
  | { organizationId: number; except: readonly SyncTable[] }
  | { organizationId: number; table: SyncTable; webcastIds?: readonly string[] };

/**
 * The ranges a page reads for `scope`, leaving out the `skipped` tables (sent whole on a reset): an
 * organization whose every table the user sees is one range (`sync_changes_org_seq_idx`); one where
 * they see some is one range per table (`sync_changes_table_org_seq_idx`), so the page never reads
 * past entries the user may not see (a speaker beside an organization's 100,000 viewers).
 */
export function logArms(scope: SyncScope, skipped: readonly SyncTable[]): LogArm[] {
  const tables = SYNC_TABLES.filter((table) => !skipped.includes(table));
  const seen = new Map(tables.map((table) => [table, new Set(scope[table])]));
  const organizations = [...new Set(tables.flatMap((table) => scope[table]))];
  const whole = organizations.flatMap((organizationId): LogArm[] => {
    const visible = tables.filter((table) => seen.get(table)?.has(organizationId));
    return visible.length === tables.length ? [{ organizationId, except: skipped }] : visible.map((table) => ({ organizationId, table }));
  });
  const byWebcast = tables.flatMap((table) =>
    (scope.byWebcast?.[table] ?? []).filter((grant) => !seen.get(table)?.has(grant.organizationId) && grant.webcastIds.length > 0).map((grant) => ({ organizationId: grant.organizationId, table, webcastIds: grant.webcastIds })),
  );
  return [...whole, ...byWebcast];
}

/**
 * Arms of one compound SELECT. D1 allows five (SQLITE_LIMIT_COMPOUND_SELECT; six are refused), so a
 * page with more arms runs several statements, merged here.
 */
const ARMS_PER_STATEMENT = 5;

/**
 * The head of the log and its first `limit` entries after `cursor` in these ranges, in seq order.
 *
 * One `D1.batch` (one transaction, one round trip): the head, then one compound SELECT per five
 * ranges. Each range is already in seq order in its index, so SQLite merges them (`MERGE (UNION
 * ALL)`, no sort) and stops after `limit` rows: a page reads about `limit` entries per statement
 * whatever remains after it (one statement for a user of one organization). Read in the head's
 * transaction, the entries are exactly those up to it: no commit can land in between.
 */
export async function changesAfter(database: Db, cursor: number, arms: readonly LogArm[], limit: number): Promise<{ head: number; entries: LogEntry[] }> {
  const statements: string[] = [];
  if (limit > 0) for (let at = 0; at < arms.length; at += ARMS_PER_STATEMENT) statements.push(logPageSql(cursor, arms.slice(at, at + ARMS_PER_STATEMENT), limit));
  // A batch of a variable length is untyped: its answers are read back at runtime.
  const [headRows, ...pages]: readonly unknown[] = await database.batch([headQuery(database), ...statements.map((text) => database.all(sql.raw(text)))]);
  const entries = pages.flatMap(readEntries);
  // One statement is already in order; several are merged.
  if (pages.length > 1) entries.sort((a, b) => a.seq - b.seq);
  return { head: readHead(headRows), entries: entries.slice(0, limit) };
}

/**
 * One statement of `changesAfter` (at most five ranges), as SQL text (exported for the tests);
 * with `upTo`, only the entries at or below it, a number or the value of a scalar `select` the
 * caller's statement holds (a webcast's first streamed pull, page-stream.ts).
 */
export function logPageSql(cursor: number, arms: readonly LogArm[], limit: number, upTo?: number | { select: string }): string {
  const bound = upTo === undefined ? null : typeof upTo === "number" ? integer(upTo) : `(${upTo.select})`;
  const after = bound === null ? `seq > ${integer(cursor)}` : `seq > ${integer(cursor)} AND seq <= ${bound}`;
  const selects = arms.map((arm) => {
    const where =
      "table" in arm
        ? `table_name = '${syncTable(arm.table)}' AND organization_id = ${integer(arm.organizationId)} AND ${after}${arm.webcastIds ? ` AND ${ofWebcasts(arm.table, arm.webcastIds)}` : ""}`
        : `organization_id = ${integer(arm.organizationId)} AND ${after}${arm.except.length > 0 ? ` AND table_name NOT IN (${arm.except.map((table) => `'${syncTable(table)}'`).join(", ")})` : ""}`;
    return `SELECT seq, table_name, organization_id, row_id FROM sync_changes WHERE ${where}`;
  });
  // Values are integers and table names checked here, written into the SQL: D1 binds at most 100
  // parameters per statement, fewer than the ranges of a page may need.
  return `${selects.join(" UNION ALL ")} ORDER BY seq LIMIT ${integer(limit)}`;
}

function readEntries(rows: unknown): LogEntry[] {
  if (!Array.isArray(rows)) throw new Error("sync: a change-log page is not a list of rows");
  return rows.map((row: unknown) => {
    if (typeof row !== "object" || row === null || !("seq" in row) || !("table_name" in row) || !("organization_id" in row) || !("row_id" in row)) throw new Error("sync: malformed change-log entry");
    const { seq, table_name, organization_id, row_id } = row;
    if (typeof seq !== "number" || typeof table_name !== "string" || typeof organization_id !== "number" || typeof row_id !== "string") throw new Error("sync: malformed change-log entry");
    return { seq, table: syncTable(table_name), organization_id, row_id };
  });
}

/**
 * The entries of a table's rows of these webcasts, and of its deletions (their rows are gone, so
 * their webcast is unknown; an id tells nothing): webcast rows by id, a part by its `webcast_id`.
 */
function ofWebcasts(table: SyncTable, webcastIds: readonly string[]): string {
  const ids = webcastIds.map((id) => {
    if (!UUID_V7.test(id)) throw new Error(`sync: ${id} is not a webcast id`);
    return `'${id}'`;
  });
  if (table === "webcasts") return `(op = 'del' OR row_id IN (${ids.join(", ")}))`;
  // Correlated: one lookup of the entry's row by primary key. (`row_id IN (SELECT id … WHERE
  // webcast_id IN …)` would list every row of those webcasts for each statement: 100,000 ids per
  // page of a big webcast's viewers pull.)
  return `(op = 'del' OR EXISTS (SELECT 1 FROM ${syncTable(table)} AS part WHERE part.id = sync_changes.row_id AND part.webcast_id IN (${ids.join(", ")})))`;
}

function integer(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`sync: ${value} is not an integer`);
  return String(value);
}

/** `name` as one of the synced tables (plain lowercase names, safe to write into SQL), or throws. */
function syncTable(name: string): SyncTable {
  const table = SYNC_TABLES.find((candidate) => candidate === name);
  if (!table) throw new Error(`sync: unknown table ${name}`);
  return table;
}
