import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users, viewerImportErrors, viewerImports } from "../../db/schema/index.ts";
import { type ImportLog, RUNNING_IMPORT_STATUSES, isRunningImport } from "../../../domain/viewers/import-log.ts";

type ImportRow = typeof viewerImports.$inferSelect;

export type { ImportLog };

/** Row errors a log carries; the whole list is the error file. */
export const LOG_ERRORS = 50;
/** Logs `GET upload-logs` lists. */
export const LISTED_LOGS = 50;

export function isRunning(status: ImportRow["status"]): boolean {
  return isRunningImport(status);
}

/** Rows per second since the processing started (until now while it runs, else until it finished); null before. */
export function rowsPerSecond(row: Pick<ImportRow, "processed_rows" | "started_at" | "finished_at">, now = Date.now()): number | null {
  if (!row.started_at) return null;
  const end = row.finished_at ? Date.parse(row.finished_at) : now;
  const seconds = (end - Date.parse(row.started_at)) / 1000;
  if (!(seconds > 0)) return null;
  return Math.round((row.processed_rows / seconds) * 10) / 10;
}

/** The webcast's import `importId`, or undefined (another webcast's is not found either). */
export async function findImport(database: Db, webcastId: string, importId: string): Promise<ImportRow | undefined> {
  const [row] = await database
    .select()
    .from(viewerImports)
    .where(and(eq(viewerImports.id, importId), eq(viewerImports.webcast_id, webcastId)));
  return row;
}

export async function importLogs(database: Db, rows: readonly ImportRow[]): Promise<ImportLog[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])))];
  const people = userIds.length === 0 ? [] : await database.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds));
  const names = new Map(people.map((person) => [person.id, person]));
  const errors = await Promise.all(
    rows.map((row) =>
      row.error_rows === 0
        ? []
        : database
            .select({ row: viewerImportErrors.row, errors: viewerImportErrors.errors })
            .from(viewerImportErrors)
            .where(eq(viewerImportErrors.import_id, row.id))
            .orderBy(asc(viewerImportErrors.row))
            .limit(LOG_ERRORS),
    ),
  );
  return rows.map((row, index) => ({
    id: row.id,
    status: row.status,
    file_name: row.file_name,
    file_size: row.file_size,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    created_rows: row.created_rows,
    updated_rows: row.updated_rows,
    error_rows: row.error_rows,
    bytes_done: row.bytes_done,
    rows_per_second: rowsPerSecond(row),
    failure: row.failure ?? null,
    errors: errors[index] ?? [],
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    user: row.user_id === null ? null : (names.get(row.user_id) ?? null),
  }));
}

export async function importLog(database: Db, row: ImportRow): Promise<ImportLog> {
  const [log] = await importLogs(database, [row]);
  if (!log) throw new Error("viewer import: no log");
  return log;
}

/** The webcast's last logs, newest first. */
export async function listImports(database: Db, webcastId: string): Promise<ImportRow[]> {
  return database.select().from(viewerImports).where(eq(viewerImports.webcast_id, webcastId)).orderBy(desc(viewerImports.created_at), desc(viewerImports.id)).limit(LISTED_LOGS);
}

/** The webcast's finished imports (every one but those running). */
export async function finishedImports(database: Db, webcastId: string): Promise<ImportRow[]> {
  return database
    .select()
    .from(viewerImports)
    .where(and(eq(viewerImports.webcast_id, webcastId), notInArray(viewerImports.status, [...RUNNING_IMPORT_STATUSES])));
}

/** Deletes finished logs, their row errors (cascade) and their files in R2. */
export async function deleteImports(database: Db, bucket: R2Bucket, rows: readonly ImportRow[]): Promise<void> {
  const finished = rows.filter((row) => !isRunning(row.status));
  if (finished.length === 0) return;
  for (let at = 0; at < finished.length; at += 50) {
    const part = finished.slice(at, at + 50);
    await database.batch([
      database.delete(viewerImportErrors).where(inArray(viewerImportErrors.import_id, part.map((row) => row.id))),
      database.delete(viewerImports).where(and(inArray(viewerImports.id, part.map((row) => row.id)), notInArray(viewerImports.status, [...RUNNING_IMPORT_STATUSES]))),
    ]);
    await bucket.delete(part.map((row) => row.file_key));
  }
}
