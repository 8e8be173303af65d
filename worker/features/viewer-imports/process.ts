import { eq } from "drizzle-orm";
import { type UiLocale, isUiLocale } from "../../../domain/i18n/locales.ts";
import { limitReachedMessage } from "../../../domain/organizations/messages.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { CSV_IMPORT_TEMPLATES, type CsvRowError, type CsvValidRow, InvalidCsvFileError, type ViewerCsvState, createViewerCsvReader, isRowError } from "../../../domain/viewers/csv-import.ts";
import { isRunningImport } from "../../../domain/viewers/import-log.ts";
import { participantLimitOf } from "../../../domain/webcasts/rules.ts";
import type { ImportScratch, ImportStepResult } from "../../../durable/viewer-jobs/viewer-jobs.ts";
import { organizationSyncStub } from "../../../durable/stubs.ts";
import { hashPassword } from "../../auth/password.ts";
import { viewerImports } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { db as db_ } from "../../db/client.ts";
import { dropSuperseded } from "../sync/change-log.ts";
import { IMPORT_MESSAGES } from "./messages.ts";

/**
 * The steps of a CSV import of viewers, run by the webcast's `ViewerJobs` object, one per alarm
 * (docs/viewers-api.md "CSV import", docs/decisions.md). Each step reads the import's D1 row first:
 * a cancel (`cancel_requested`) is seen before anything is read, an import no longer running ends
 * the work. Then:
 * - `importing`: the counting pass (records of the file, quote-aware, no validation), a few MB of
 *   R2 per step; then `processing` with `total_rows`;
 * - `processing`: the next range of the file from R2 (`RANGE_BYTES`) through the CSV reader
 *   (resumed from `reader_state`), and the chunk's rows committed in ONE `D1.batch`: viewers
 *   upserted by (webcast, e-mail), their change-log entries (older ones dropped), passwords, row
 *   errors, and the import's counters, reader state and `bytes_done`. A crash, a retry or a cancel
 *   therefore leaves whole chunks only; a step run twice reads its chunk again from the committed
 *   state (the reader's e-mails of an uncommitted chunk are forgotten first).
 * - the file read to its end: the final status from the counters.
 */

type ImportRow = typeof viewerImports.$inferSelect;

/**
 * Bytes of the file read per processing step. Measured in workerd (docs/decisions.md "CSV import
 * chunks"): 256 KiB ≈ 3,900 rows of a typical file, one D1 batch of ~100 ms locally.
 */
export const RANGE_BYTES = 256 * 1024;
/**
 * Bytes per step of a file with a password column: each password is hashed with the product's hash
 * (PBKDF2-SHA256, 100,000 iterations: ~21 ms each in workerd, measured), so a step of ~35 rows
 * stays under a second of CPU. Such a file imports at ~45 rows/s.
 */
export const PASSWORD_RANGE_BYTES = 2 * 1024;
/** Passwords one step hashes at most before it reads again with `PASSWORD_RANGE_BYTES` (the first step, before the header is known). */
const MAX_HASHES_PER_STEP = 40;
/** Most bytes one step reads to complete a record (a huge quoted cell): then the file is refused. */
const MAX_STEP_BYTES = 8 * 1024 * 1024;
/** Bytes one counting step scans. */
export const COUNT_RANGE_BYTES = 8 * 1024 * 1024;
/** Bytes the reader decides the encoding on: the first range (the reader's default is 1 MiB). */
const SNIFF_BYTES = RANGE_BYTES;

function localeOf(row: ImportRow): UiLocale {
  return isUiLocale(row.locale) ? row.locale : "en";
}

async function loadImport(env: Pick<Env, "DB">, importId: string): Promise<ImportRow | null> {
  // drizzle decodes the JSON and boolean columns.
  const [row] = await db_(env.DB).select().from(viewerImports).where(eq(viewerImports.id, importId));
  return row ?? null;
}

/** One step of the import (see the module's comment). */
export async function runImportStep(env: Env, webcastId: string, importId: string, scratch: ImportScratch): Promise<ImportStepResult> {
  const row = await loadImport(env, importId);
  if (!row || row.webcast_id !== webcastId || !isRunningImport(row.status)) return "done";
  if (row.status === "processing" && row.bytes_done >= row.file_size) {
    await finish(env, row);
    return "done";
  }
  if (row.cancel_requested) {
    await endImport(env, row, "canceled", null);
    return "done";
  }
  return row.status === "importing" ? countStep(env, row, scratch) : processStep(env, row, scratch);
}

/** The last step's failure after its retries (ViewerJobsObject): `failed`, with what went in counted. */
export async function failImport(env: Env, importId: string, error: unknown): Promise<void> {
  const row = await loadImport(env, importId);
  if (!row || !isRunningImport(row.status)) return;
  console.error(`viewer import ${importId} failed`, error);
  await endImport(env, row, "failed", { message: localized(IMPORT_MESSAGES.step_failed, localeOf(row)) });
}

async function endImport(env: Pick<Env, "DB">, row: ImportRow, status: ImportRow["status"], failure: ImportRow["failure"] | null): Promise<void> {
  const now = new Date().toISOString();
  await env.DB.prepare(
    "UPDATE viewer_imports SET status = ?, failure = ?, finished_at = ?, updated_at = ?, started_at = coalesce(started_at, ?) WHERE id = ? AND status IN ('importing', 'processing')",
  )
    .bind(status, failure ? JSON.stringify(failure) : null, now, now, now, row.id)
    .run();
}

/** The status of an import whose file was read to its end (docs/viewers-api.md "States"). */
export function finalStatus(counts: Pick<ImportRow, "processed_rows" | "created_rows" | "updated_rows" | "error_rows">): ImportRow["status"] {
  if (counts.processed_rows === 0) return "completed";
  if (counts.error_rows >= counts.processed_rows) return "failed";
  if (counts.error_rows > 0) return "imported_with_errors";
  return counts.created_rows + counts.updated_rows === 0 ? "completed" : "imported";
}

async function finish(env: Pick<Env, "DB">, row: ImportRow): Promise<void> {
  const status = finalStatus(row);
  await endImport(env, row, status, status === "failed" ? { message: localized(IMPORT_MESSAGES.no_row_imported, localeOf(row)) } : null);
}

// --- Counting pass --------------------------------------------------------------------------------

interface Counting {
  offset: number;
  /** Records with something in them so far. */
  records: number;
  quoted: boolean;
  /** The current record has a cell character (not a separator, quote or space). */
  content: boolean;
  /** The last byte was a CR (a CRLF counts once). */
  cr: boolean;
}

/**
 * Counts the records of `bytes` that hold something (the reader skips blank ones), outside quotes:
 * LF, CR or CRLF end a record. Byte-wise, so valid for UTF-8 and Windows-1252 (ASCII-compatible);
 * an estimate for UTF-16 (the exact count comes with the last chunk).
 */
export function countRecords(bytes: Uint8Array, state: Counting): void {
  let { records, quoted, content, cr } = state;
  for (let index = 0; index < bytes.length; index++) {
    const byte = bytes[index] as number;
    if (byte === 0x22) {
      quoted = !quoted;
      cr = false;
      continue;
    }
    if (quoted) {
      content = true;
      continue;
    }
    if (byte === 0x0a || byte === 0x0d) {
      if (!(byte === 0x0a && cr) && content) records++;
      if (!(byte === 0x0a && cr)) content = false;
      cr = byte === 0x0d;
      continue;
    }
    cr = false;
    // Space, tab, NUL (UTF-16), separators and a BOM's bytes are no content.
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x00 && byte !== 0x2c && byte !== 0x3b && byte !== 0xef && byte !== 0xbb && byte !== 0xbf && byte !== 0xff && byte !== 0xfe) content = true;
  }
  Object.assign(state, { records, quoted, content, cr });
}

async function countStep(env: Env, row: ImportRow, scratch: ImportScratch): Promise<ImportStepResult> {
  const saved = scratch.counting.get() as Counting | undefined;
  const state: Counting = saved ?? { offset: 0, records: 0, quoted: false, content: false, cr: false };
  const length = Math.min(COUNT_RANGE_BYTES, row.file_size - state.offset);
  if (length > 0) {
    const object = await env.MEDIA.get(row.file_key, { range: { offset: state.offset, length } });
    if (!object) {
      await endImport(env, row, "failed", { message: localized(IMPORT_MESSAGES.file_missing, localeOf(row)) });
      return "done";
    }
    const bytes = new Uint8Array(await object.arrayBuffer());
    countRecords(bytes, state);
    state.offset += bytes.length;
  }
  if (state.offset < row.file_size) {
    scratch.counting.set(state);
    return "more";
  }
  const records = state.records + (state.content ? 1 : 0);
  const now = new Date().toISOString();
  await env.DB.prepare("UPDATE viewer_imports SET status = 'processing', total_rows = ?, started_at = coalesce(started_at, ?), updated_at = ? WHERE id = ? AND status = 'importing'")
    .bind(Math.max(records - 1, 0), now, now, row.id)
    .run();
  return "more";
}

// --- Processing -----------------------------------------------------------------------------------

/** What one step read: the rows, the reader's state after them, and whether the file ended. */
interface Chunk {
  valid: CsvValidRow[];
  errors: CsvRowError[];
  state: ViewerCsvState | null;
  bytesDone: number;
  ended: boolean;
}

/** The range a step reads: small once the file is known to carry passwords. */
function rangeOf(state: ViewerCsvState | null): number {
  return state?.columns.password === undefined ? RANGE_BYTES : PASSWORD_RANGE_BYTES;
}

async function readChunk(env: Env, row: ImportRow, scratch: ImportScratch, range = rangeOf(row.reader_state as ViewerCsvState | null)): Promise<Chunk | InvalidCsvFileError | "missing"> {
  const resume = row.reader_state as ViewerCsvState | null;
  scratch.forgetAfter(resume?.row ?? 0);
  const reader = createViewerCsvReader(localeOf(row), resume, { emails: scratch.emails, sniffBytes: Math.min(SNIFF_BYTES, range) });
  const start = resume?.offset ?? 0;
  let offset = start;
  const rows = [];
  let ended = false;
  try {
    for (;;) {
      const length = Math.min(range, row.file_size - offset);
      if (length > 0) {
        const object = await env.MEDIA.get(row.file_key, { range: { offset, length } });
        if (!object) return "missing";
        const bytes = new Uint8Array(await object.arrayBuffer());
        offset += bytes.length;
        rows.push(...reader.push(bytes).rows);
      }
      if (offset >= row.file_size) {
        rows.push(...reader.end().rows);
        ended = true;
        break;
      }
      // A step commits at least one row or a range's worth of blank records (a record longer than
      // a range takes more ranges, up to MAX_STEP_BYTES: then its quote is surely never closed).
      const consumed = reader.state()?.offset ?? start;
      if (rows.length > 0 || (consumed > start && offset - start >= range)) break;
      if (offset - start >= MAX_STEP_BYTES) {
        return new InvalidCsvFileError(localeOf(row), localized(CSV_IMPORT_TEMPLATES.unterminated_quote, localeOf(row))((resume?.row ?? 0) + 1));
      }
    }
  } catch (error) {
    if (error instanceof InvalidCsvFileError) return error;
    throw error;
  }
  scratch.flush();
  const valid: CsvValidRow[] = [];
  const errors: CsvRowError[] = [];
  for (const result of rows) {
    if (isRowError(result)) errors.push(result);
    else valid.push(result);
  }
  return { valid, errors, state: reader.state(), bytesDone: ended ? row.file_size : (reader.state()?.offset ?? offset), ended };
}

interface Limits {
  is_test: number;
  self_serve: number;
  deactivated_at: string | null;
  limits: string | null;
  features: string | null;
}

/** The webcast's viewer limit (`participantLimitOf` with its organization's rules), null: none. */
async function viewerLimit(env: Pick<Env, "DB">, webcastId: string): Promise<number | null> {
  const found = await env.DB.prepare(
    "SELECT w.is_test, o.self_serve, o.deactivated_at, o.limits, o.features FROM webcasts w JOIN organizations o ON o.id = w.organization_id WHERE w.id = ?",
  )
    .bind(webcastId)
    .first<Limits>();
  if (!found) return 0;
  const parse = (text: string | null) => (text ? (JSON.parse(text) as Record<string, unknown>) : null);
  return participantLimitOf(
    { is_test: found.is_test === 1 },
    { self_serve: found.self_serve === 1, deactivated_at: found.deactivated_at, limits: parse(found.limits), features: parse(found.features) },
  );
}

/** A viewer of the webcast as stored, for comparing with a row of the file. */
interface StoredViewer {
  id: string;
  email: string;
  name: string;
  tags: string;
  control_number: string | null;
  vote_weight: number;
}

/** What a chunk writes: new viewers, viewers whose fields differ, and the rows the limit refused. */
interface Plan {
  created: CsvValidRow[];
  changed: { valid: CsvValidRow; id: string }[];
  /** Rows already up to date (nothing written, a password aside). */
  unchanged: { valid: CsvValidRow; id: string }[];
  refused: CsvRowError[];
}

/**
 * Sorts the chunk's valid rows against the webcast's viewers, read once before the batch (one
 * query for the chunk's e-mails): an e-mail already a viewer is an update when a field the file has
 * a column for differs (else nothing is written); a new one takes a place under the webcast's limit
 * while any is left, in file order, else becomes a row error ("Viewer limit reached…", on the
 * e-mail). A viewer added or changed meanwhile by another writer is still judged right in SQL (the
 * upsert's conflict clause); only the counts and the limit may then be off by those rows.
 */
async function plan(env: Pick<Env, "DB">, row: ImportRow, chunk: Chunk): Promise<Plan> {
  const result: Plan = { created: [], changed: [], unchanged: [], refused: [] };
  if (chunk.valid.length === 0) return result;
  const limit = await viewerLimit(env, row.webcast_id);
  const emails = JSON.stringify(chunk.valid.map((valid) => valid.fields.email));
  const [existing, count] = await env.DB.batch<StoredViewer & { total: number }>([
    env.DB.prepare("SELECT id, email, name, tags, control_number, vote_weight FROM viewers WHERE webcast_id = ?1 AND email IN (SELECT value FROM json_each(?2))").bind(row.webcast_id, emails),
    env.DB.prepare("SELECT count(*) AS total FROM viewers WHERE webcast_id = ?").bind(row.webcast_id),
  ]);
  const stored = new Map((existing?.results ?? []).map((viewer) => [viewer.email, viewer]));
  let room = limit === null ? Number.POSITIVE_INFINITY : limit - (count?.results[0]?.total ?? 0);
  const message = limit === null ? "" : limitReachedMessage("max_viewers", limit, localeOf(row));
  const state = row.reader_state as ViewerCsvState | null;
  for (const valid of chunk.valid) {
    const viewer = stored.get(valid.fields.email);
    if (viewer) (differs(viewer, valid, state) ? result.changed : result.unchanged).push({ valid, id: viewer.id });
    else if (room > 0) {
      room--;
      result.created.push(valid);
    } else result.refused.push({ row: valid.row, errors: { email: [message] }, values: cellsOf(row, valid) });
  }
  return result;
}

/** The columns an update writes: the name always, the others when the file has their column (a re-import leaves the rest as it is). */
function updatedColumns(state: ViewerCsvState | null): ("name" | "tags" | "control_number" | "vote_weight")[] {
  const columns: ("name" | "tags" | "control_number" | "vote_weight")[] = ["name"];
  for (const column of ["tags", "control_number", "vote_weight"] as const) if (state?.columns[column] !== undefined) columns.push(column);
  return columns;
}

function differs(viewer: StoredViewer, valid: CsvValidRow, state: ViewerCsvState | null): boolean {
  return updatedColumns(state).some((column) => {
    if (column === "tags") return viewer.tags !== JSON.stringify(valid.fields.tags);
    return viewer[column] !== valid.fields[column];
  });
}

/** A valid row's cells for the error file (a row refused by the limit): its fields under the file's columns. */
function cellsOf(row: ImportRow, valid: CsvValidRow): string[] {
  const state = row.reader_state as ViewerCsvState | null;
  const columns = state?.columns ?? {};
  const width = state?.header.length ?? 0;
  const cells = Array.from({ length: width }, () => "");
  const put = (index: number | undefined, value: string) => {
    if (index !== undefined) cells[index] = value;
  };
  put(columns.name ?? columns.first_name, valid.fields.name);
  put(columns.email, valid.fields.email);
  put(columns.tags, valid.fields.tags.join(", "));
  put(columns.control_number, valid.fields.control_number ?? "");
  put(columns.vote_weight, String(valid.fields.vote_weight));
  return cells;
}

/**
 * The chunk's statements, one `D1.batch`, in this order:
 * 1. the new and changed viewers upserted by (webcast, e-mail) from one JSON parameter (D1 binds at
 *    most 100 parameters a statement); the conflict clause writes an existing viewer only when a
 *    field differs, and every row written gets this chunk's `now` as `updated_at` (unique to the
 *    chunk: `now` moves on);
 * 2. a `put` change-log entry for each viewer written (`updated_at = now`), RETURNING its seq;
 * 3. the older entries of the changed viewers dropped (change-log.ts `dropSuperseded`; a new
 *    viewer has none);
 * 4. the passwords (hashed before the batch) into viewer_secrets;
 * 5. the row errors;
 * 6. the import's counters, reader state and bytes read.
 */
function chunkStatements(env: Pick<Env, "DB">, row: ImportRow, chunk: Chunk, planned: Plan, errors: CsvRowError[], hashes: Map<number, string>, now: string): D1PreparedStatement[] {
  const state = chunk.state;
  const written = [...planned.created.map((valid) => ({ valid, id: uuidv7() })), ...planned.changed];
  const rows = JSON.stringify(
    written.map(({ valid, id }) => [id, valid.fields.name, valid.fields.email, JSON.stringify(valid.fields.tags), valid.fields.control_number, valid.fields.vote_weight]),
  );
  const columns = updatedColumns(state);
  const set = columns.map((column) => `${column} = excluded.${column}`).join(", ");
  const differ = columns.map((column) => `viewers.${column} IS NOT excluded.${column}`).join(" OR ");
  const cell = (index: number) => `json_extract(j.value, '$[${index}]')`;
  const db = env.DB;
  const statements: D1PreparedStatement[] = [];
  if (written.length > 0) {
    statements.push(
      db
        .prepare(
          `INSERT INTO viewers (id, organization_id, webcast_id, name, email, tags, control_number, vote_weight, registered, invitation_sent, reminder_sent, is_moderator, created_at, updated_at)
           SELECT ${cell(0)}, ?4, ?2, ${cell(1)}, ${cell(2)}, ${cell(3)}, ${cell(4)}, ${cell(5)}, 0, 0, 0, 0, ?3, ?3
           FROM json_each(?1) AS j WHERE 1
           ON CONFLICT (webcast_id, email) DO UPDATE SET ${set}, updated_at = excluded.updated_at WHERE ${differ}`,
        )
        .bind(rows, row.webcast_id, now, row.organization_id),
      db
        .prepare(
          `INSERT INTO sync_changes (organization_id, table_name, row_id, op)
           SELECT v.organization_id, 'viewers', v.id, 'put' FROM json_each(?1) AS j CROSS JOIN viewers AS v ON v.webcast_id = ?2 AND v.email = ${cell(2)} WHERE v.updated_at = ?3
           RETURNING seq`,
        )
        .bind(rows, row.webcast_id, now),
    );
    if (planned.changed.length > 0) {
      const drop = dropSuperseded(
        db_(env.DB),
        planned.changed.map(({ id }) => ({ table: "viewers" as const, organization_id: row.organization_id, id })),
      ).toSQL();
      statements.push(db.prepare(drop.sql).bind(...drop.params));
    }
  }
  if (hashes.size > 0) {
    const passwords = JSON.stringify([...planned.created, ...planned.changed.map(({ valid }) => valid), ...planned.unchanged.map(({ valid }) => valid)].flatMap((valid) => {
      const hash = hashes.get(valid.row);
      return hash === undefined ? [] : [[valid.fields.email, hash]];
    }));
    statements.push(
      db
        .prepare(
          `INSERT INTO viewer_secrets (viewer_id, password_hash, updated_at)
           SELECT v.id, json_extract(j.value, '$[1]'), ?3 FROM json_each(?1) AS j CROSS JOIN viewers AS v ON v.webcast_id = ?2 AND v.email = json_extract(j.value, '$[0]') WHERE 1
           ON CONFLICT (viewer_id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
        )
        .bind(passwords, row.webcast_id, now),
    );
  }
  if (errors.length > 0) {
    const failed = JSON.stringify(errors.map((error) => [error.row, JSON.stringify(error.errors), JSON.stringify(error.values)]));
    statements.push(
      db
        .prepare(
          `INSERT OR REPLACE INTO viewer_import_errors (import_id, row, errors, cells)
           SELECT ?1, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?2)`,
        )
        .bind(row.id, failed),
    );
  }
  const processed = planned.created.length + planned.changed.length + planned.unchanged.length + errors.length;
  statements.push(
    db
      .prepare(
        `UPDATE viewer_imports SET
           processed_rows = processed_rows + ?1, error_rows = error_rows + ?2, created_rows = created_rows + ?3, updated_rows = updated_rows + ?4,
           total_rows = CASE WHEN ?5 THEN processed_rows + ?1 ELSE total_rows END,
           reader_state = ?6, bytes_done = ?7, updated_at = ?8
         WHERE id = ?9`,
      )
      .bind(processed, errors.length, planned.created.length, planned.changed.length, chunk.ended ? 1 : 0, state ? JSON.stringify(state) : null, chunk.bytesDone, now, row.id),
  );
  return statements;
}

/** `now` for a chunk: later than any chunk of this import so far (counting viewers "written by this chunk" relies on it). */
function chunkTime(row: ImportRow): string {
  const last = Date.parse(row.updated_at);
  return new Date(Math.max(Date.now(), Number.isNaN(last) ? 0 : last + 1)).toISOString();
}

async function processStep(env: Env, row: ImportRow, scratch: ImportScratch): Promise<ImportStepResult> {
  let chunk = await readChunk(env, row, scratch);
  // The first range of a file with passwords: read again, smaller (its header is known only now).
  if (typeof chunk === "object" && !(chunk instanceof InvalidCsvFileError) && chunk.valid.filter((valid) => valid.fields.password !== null).length > MAX_HASHES_PER_STEP) {
    chunk = await readChunk(env, row, scratch, PASSWORD_RANGE_BYTES);
  }
  if (chunk === "missing") {
    await endImport(env, row, "failed", { message: localized(IMPORT_MESSAGES.file_missing, localeOf(row)) });
    return "done";
  }
  if (chunk instanceof InvalidCsvFileError) {
    await endImport(env, row, "failed", chunk.toJSON());
    return "done";
  }
  // The columns of the file are known once the header is read (the first chunk).
  const withState: ImportRow = { ...row, reader_state: chunk.state };
  const planned = await plan(env, withState, chunk);
  const hashes = new Map<number, string>();
  const pepper = env.PASSWORD_PEPPER ?? "";
  for (const valid of [...planned.created, ...planned.changed.map((entry) => entry.valid), ...planned.unchanged.map((entry) => entry.valid)]) {
    if (valid.fields.password !== null) hashes.set(valid.row, await hashPassword(valid.fields.password, pepper));
  }
  const errors = [...chunk.errors, ...planned.refused].sort((a, b) => a.row - b.row);
  const now = chunkTime(row);
  const results = await env.DB.batch<{ seq?: number }>(chunkStatements(env, withState, chunk, planned, errors, hashes, now));
  // The change-log insert is the second statement when rows were written.
  const seqs = planned.created.length + planned.changed.length > 0 ? (results[1]?.results ?? []).map((entry) => entry.seq ?? 0) : [];
  if (seqs.length > 0) await pokeDevices(env, row.organization_id, Math.max(...seqs));
  return "more";
}

/** Pokes the organization's devices (open viewers tabs pull the new rows). A failed poke fails nothing: devices pull on focus and every 30 s. */
async function pokeDevices(env: Pick<Env, "ORGANIZATION_SYNC">, organizationId: number, cursor: number): Promise<void> {
  try {
    await organizationSyncStub(env, organizationId).announce(organizationId, cursor);
  } catch (error) {
    console.error("viewer import: poke failed", organizationId, error);
  }
}
