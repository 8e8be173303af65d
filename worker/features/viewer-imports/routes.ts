import { Hono } from "hono";
import type { Context } from "hono";
import { EXPORT_TYPES, type ExportType, attachmentHeaders } from "../../../domain/exports/spreadsheet.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { UUID_V7, uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { CSV_IMPORT_MESSAGES, InvalidCsvFileError, type ViewerCsvState, createViewerCsvReader, rowErrorsCsv } from "../../../domain/viewers/csv-import.ts";
import { viewerJobsStub } from "../../../durable/stubs.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import { viewerImportErrors, viewerImports } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { MalformedForm, multipartBoundary, multipartParts } from "../../http/multipart.ts";
import { cleanFileName } from "../uploads/names.ts";
import { StreamTooLarge, putStream } from "../uploads/put-stream.ts";
import { checkedHead } from "../uploads/streams.ts";
import { pathWebcast, webcastGuard } from "../webcasts/guards.ts";
import { and, asc, eq } from "drizzle-orm";
import { IMPORT_MESSAGES } from "./messages.ts";
import { deleteImports, findImport, finishedImports, importLog, importLogs, isRunning, listImports } from "./service.ts";

/**
 * CSV imports of a webcast's viewers (docs/viewers-api.md "CSV import"; SPEC §4 states, §5 row
 * errors, §8 "Invalid CSV file" and "Another file is being processed…"). Mounted at /api (paths in
 * full). Who: `viewers.manage` for the webcast. The upload stores the file in R2 and hands it to
 * the webcast's `ViewerJobs` object (durable/viewer-jobs), which commits it chunk by chunk
 * (./process.ts); these routes read and delete the logs.
 */

/** Largest file taken (SPEC: CSV lists of viewers; 50 MB ≈ 700,000 rows). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Room for the multipart envelope around the file. */
const ENVELOPE_BYTES = 64 * 1024;
/** Bytes read at upload to refuse a file that is not CSV at once (the rest is judged by the job). */
const HEAD_BYTES = 64 * 1024;

function invalidFile(locale: UiLocale, detail: string): ApiError {
  return new ApiError("validation_failed", { message: localized(CSV_IMPORT_MESSAGES.invalid_file, locale), errors: { file: [detail] } });
}

function fileError(locale: UiLocale, text: { en: string; fr: string }): ApiError {
  const message = localized(text, locale);
  return new ApiError("validation_failed", { message, errors: { file: [message] } });
}

/**
 * Refuses a file that is clearly not a viewers CSV from its first bytes: empty, binary (NUL bytes
 * in the first KB, but for UTF-16 text with its BOM), or a first row without the e-mail and name
 * columns (the reader's own check, on the head only).
 */
function checkHead(head: Uint8Array, whole: boolean, locale: UiLocale): void {
  if (head.length === 0) throw invalidFile(locale, localized(CSV_IMPORT_MESSAGES.empty, locale));
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && head.subarray(0, 1024).includes(0)) throw invalidFile(locale, localized(CSV_IMPORT_MESSAGES.binary, locale));
  try {
    const reader = createViewerCsvReader(locale, null, { sniffBytes: head.length });
    reader.push(head);
    if (whole) reader.end();
  } catch (error) {
    if (error instanceof InvalidCsvFileError) throw new ApiError("validation_failed", error.toJSON());
    throw error;
  }
}

/**
 * Streams the request's `file` part into R2 at `key` while it arrives (at most one R2 part in
 * memory: uploads/put-stream.ts), its head checked first (`checkHead`); other parts are skipped.
 * 415 for a body that is not multipart, 400 for a malformed one, 422 with no file or one too large
 * (nothing is left in R2 then). Returns the file's name and size.
 */
async function storeUploadedFile(c: Context<AppEnv>, key: string): Promise<{ name: string; size: number }> {
  const locale = c.var.locale;
  if (Number(c.req.header("Content-Length") ?? 0) > MAX_IMPORT_BYTES + ENVELOPE_BYTES) throw fileError(locale, IMPORT_MESSAGES.too_large);
  const boundary = multipartBoundary(c.req.header("Content-Type"));
  if (boundary === null || !c.req.raw.body) throw new ApiError("unsupported_media_type");
  try {
    for await (const part of multipartParts(c.req.raw.body, boundary)) {
      // A file input left empty is sent as a nameless empty file: no file chosen.
      if (part.name !== "file" || !part.filename) continue;
      const body = checkedHead(part.body, HEAD_BYTES, (head, whole) => checkHead(head, whole, locale));
      const size = await putStream(c.env.MEDIA, key, body, { maxBytes: MAX_IMPORT_BYTES, httpMetadata: { contentType: "text/csv" } });
      return { name: part.filename, size };
    }
  } catch (error) {
    if (error instanceof MalformedForm) throw new ApiError("bad_request");
    if (error instanceof StreamTooLarge) throw fileError(locale, IMPORT_MESSAGES.too_large);
    throw error;
  }
  throw fileError(locale, IMPORT_MESSAGES.no_file);
}

function importId(c: Context<AppEnv>): string {
  const id = c.req.param("importId") ?? "";
  if (!UUID_V7.test(id)) throw new ApiError("not_found", { message: localized(IMPORT_MESSAGES.not_found, c.var.locale) });
  return id;
}

async function pathImport(c: Context<AppEnv>) {
  const { row: webcast } = await pathWebcast(c);
  const row = await findImport(db(c.env.DB), webcast.id, importId(c));
  if (!row) throw new ApiError("not_found", { message: localized(IMPORT_MESSAGES.not_found, c.var.locale) });
  return { webcast, row };
}

const busy = (locale: UiLocale) => new ApiError("conflict", { message: localized(IMPORT_MESSAGES.busy, locale) });

const RUNNING_SQL = "SELECT 1 FROM viewer_imports WHERE webcast_id = ? AND status IN ('importing', 'processing')";

/** An import whose last chunk is older than this has stopped (its object lost, its alarm gone). */
export const STALLED_AFTER_MS = 10 * 60_000;

/**
 * Ends the webcast's running imports that made no progress for STALLED_AFTER_MS as `failed`, so a
 * lost job never blocks the next upload. Every committed chunk updates `updated_at`.
 */
async function failStalledImports(env: AppEnv["Bindings"], webcastId: string, locale: UiLocale, now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  await env.DB.prepare(
    "UPDATE viewer_imports SET status = 'failed', failure = ?1, finished_at = ?2, updated_at = ?2 WHERE webcast_id = ?3 AND status IN ('importing', 'processing') AND updated_at < ?4",
  )
    .bind(JSON.stringify({ message: localized(IMPORT_MESSAGES.stalled, locale) }), at, webcastId, new Date(now - STALLED_AFTER_MS).toISOString())
    .run();
}

export const viewerImportRoutes = new Hono<AppEnv>()
  /**
   * POST …/viewers/upload (multipart, `file`) → 202 `{ data: ImportLog }`: the file into R2, the
   * import's row (`importing`, the user's language), then the webcast's job object started. One
   * import of a webcast at a time: the row is inserted only if none runs (one statement, so two
   * uploads at once cannot both start); the loser's file is removed and it gets 409.
   */
  .post("/webcasts/:id/viewers/upload", webcastGuard("viewers.manage"), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const user = requireUser(c);
    const locale = c.var.locale;
    await failStalledImports(c.env, webcast.id, locale);
    if (await c.env.DB.prepare(RUNNING_SQL).bind(webcast.id).first()) throw busy(locale);
    const id = uuidv7();
    const key = `imports/${webcast.organization_id}/${webcast.id}/${id}.csv`;
    const file = await storeUploadedFile(c, key);
    const now = new Date().toISOString();
    const inserted = await c.env.DB.prepare(
      `INSERT INTO viewer_imports (id, organization_id, webcast_id, user_id, status, locale, file_name, file_key, file_size, processed_rows, created_rows, updated_rows, error_rows, bytes_done, cancel_requested, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, 'importing', ?5, ?6, ?7, ?8, 0, 0, 0, 0, 0, 0, ?9, ?9
       WHERE NOT EXISTS (SELECT 1 FROM viewer_imports WHERE webcast_id = ?3 AND status IN ('importing', 'processing'))`,
    )
      .bind(id, webcast.organization_id, webcast.id, user.id, locale, cleanFileName(file.name), key, file.size, now)
      .run();
    if (inserted.meta.changes !== 1) {
      await c.env.MEDIA.delete(key);
      throw busy(locale);
    }
    await viewerJobsStub(c.env, webcast.id).startImport(id, webcast.id);
    const row = await findImport(db(c.env.DB), webcast.id, id);
    if (!row) throw new ApiError("server_error");
    return c.json({ data: await importLog(db(c.env.DB), row) }, 202);
  })
  /** GET …/viewers/upload-logs → `{ data: ImportLog[] }`, newest first (the last 50). */
  .get("/webcasts/:id/viewers/upload-logs", webcastGuard("viewers.manage"), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const database = db(c.env.DB);
    return c.json({ data: await importLogs(database, await listImports(database, webcast.id)) }, 200);
  })
  /** GET …/viewers/upload-logs/{importId} → `{ data: ImportLog }` (polled while it runs). */
  .get("/webcasts/:id/viewers/upload-logs/:importId", webcastGuard("viewers.manage"), async (c) => {
    const { row } = await pathImport(c);
    return c.json({ data: await importLog(db(c.env.DB), row) }, 200);
  })
  /**
   * GET …/viewers/upload-logs/{importId}/errors?type=csv|csv_semicolon|xlsx → every row error as a
   * file (`<file name> errors.<ext>`): Row, Field, Message, then the row's cells under the file's
   * own header (the reader's `rowErrorsCsv`, through domain/exports/spreadsheet.ts).
   */
  .get("/webcasts/:id/viewers/upload-logs/:importId/errors", webcastGuard("viewers.manage"), async (c) => {
    const { row } = await pathImport(c);
    const requested = c.req.query("type") ?? "csv";
    if (!(EXPORT_TYPES as readonly string[]).includes(requested)) {
      throw new ApiError("validation_failed", { errors: { type: [localized({ en: "Choose xlsx, csv or csv_semicolon.", fr: "Choisissez xlsx, csv ou csv_semicolon." }, c.var.locale)] } });
    }
    const errors = await db(c.env.DB)
      .select()
      .from(viewerImportErrors)
      .where(and(eq(viewerImportErrors.import_id, row.id)))
      .orderBy(asc(viewerImportErrors.row));
    const header = (row.reader_state as ViewerCsvState | null)?.header ?? [];
    const file = rowErrorsCsv(
      errors.map((error) => ({ row: error.row, errors: error.errors, values: error.cells })),
      c.var.locale,
      { header, type: requested as ExportType },
    );
    const base = row.file_name.replace(/\.(csv|txt)$/i, "");
    return new Response(file.body, { status: 200, headers: attachmentHeaders(`${base} ${localized(IMPORT_MESSAGES.errors_sheet, c.var.locale)}`, file) });
  })
  /**
   * DELETE …/viewers/upload-logs/{importId}: a running import is canceled → 202 `{ data: ImportLog }`
   * (it stops before its next chunk: status `canceled`); a finished one's log, row errors and file
   * are deleted → `{ data: { deleted: 1 } }`.
   */
  .delete("/webcasts/:id/viewers/upload-logs/:importId", webcastGuard("viewers.manage"), async (c) => {
    const { webcast, row } = await pathImport(c);
    const database = db(c.env.DB);
    if (isRunning(row.status)) {
      await database
        .update(viewerImports)
        .set({ cancel_requested: true, updated_at: new Date().toISOString() })
        .where(eq(viewerImports.id, row.id));
      await viewerJobsStub(c.env, webcast.id).cancelImport(row.id, webcast.id);
      const after = await findImport(database, webcast.id, row.id);
      if (!after) throw new ApiError("not_found", { message: localized(IMPORT_MESSAGES.not_found, c.var.locale) });
      return c.json({ data: await importLog(database, after) }, 202);
    }
    await deleteImports(database, c.env.MEDIA, [row]);
    return c.json({ data: { deleted: 1 } }, 200);
  })
  /** DELETE …/viewers/upload-logs → `{ data: { deleted } }`: every finished log (a running one stays). */
  .delete("/webcasts/:id/viewers/upload-logs", webcastGuard("viewers.manage"), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const database = db(c.env.DB);
    const rows = await finishedImports(database, webcast.id);
    await deleteImports(database, c.env.MEDIA, rows);
    return c.json({ data: { deleted: rows.length } }, 200);
  });
