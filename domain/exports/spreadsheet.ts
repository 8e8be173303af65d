/// <reference path="./papaparse.d.ts" />
import { Zip, ZipPassThrough, zipSync } from "fflate";
import Papa from "papaparse";

/**
 * The one way the product writes a table as a file (SPEC §9 "Export formats: XLSX, CSV comma, CSV
 * semicolon"): polls, questions, participants, poll results, ballot log, analytics. A feature builds
 * its rows (`Cell[][]`, a header row first if it wants one, labels in the language asked) and calls
 * `exportFile`; a route answers with `attachmentHeaders`. Pure: no Node or Workers API, so the worker,
 * a Durable Object and the browser (offline) produce the same bytes.
 *
 * CSV is written by papaparse (`Papa.unparse`): RFC 4180 quoting, CRLF line ends, a UTF-8 byte-order
 * mark (Excel reads accents right with it), and a leading apostrophe on a text cell that a
 * spreadsheet would run as a formula (= + - @, tab, CR: OWASP "CSV injection"; the texts come from
 * users, the file is opened by others). XLSX is a minimal SpreadsheetML package (ECMA-376) zipped by
 * fflate: inline strings and numbers, no formulas, so nothing in it is ever run.
 */

export const EXPORT_TYPES = ["xlsx", "csv", "csv_semicolon"] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** A cell: text, a number (NaN and infinities are written empty) or empty (null, or "" which is the same). */
export type Cell = string | number | null;
export type Rows = readonly (readonly Cell[])[];

export interface ExportFile {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  extension: "xlsx" | "csv";
}

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

/** Excel's limits: a workbook past them does not open (Excel offers to "repair" it and drops data). */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

/** The table as a file of `type`; `sheetName` names the XLSX sheet (sanitized, see `excelSheetName`). */
export function exportFile(rows: Rows, type: ExportType, sheetName: string): ExportFile {
  if (type === "xlsx") return { body: arrayBacked(xlsxBytes(rows, sheetName)), contentType: XLSX_CONTENT_TYPE, extension: "xlsx" };
  return { body: arrayBacked(new TextEncoder().encode(csvText(rows, type === "csv" ? "," : ";"))), contentType: CSV_CONTENT_TYPE, extension: "csv" };
}

/**
 * The headers of a download of `file` named `basename.extension`: Content-Disposition with the
 * name in `filename`, and when it is not plain ASCII (or holds `"`, `\`, `%`) an ASCII stand-in
 * there and the exact UTF-8 name in `filename*` (RFC 6266 §4.3, RFC 8187); never cached (exports
 * hold private data), never sniffed.
 */
export function attachmentHeaders(basename: string, file: Pick<ExportFile, "contentType" | "extension">): Record<string, string> {
  const name = `${basename}.${file.extension}`;
  const ascii = name.replace(/[^\x20-\x7E]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return {
    "Content-Type": file.contentType,
    "Content-Disposition": `attachment; filename="${ascii}"${ascii === name ? "" : `; filename*=UTF-8''${encoded}`}`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

/** The bytes over an ArrayBuffer, as Response bodies and Blob parts want (no copy when they already are). */
function arrayBacked(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const buffer = bytes.buffer;
  return buffer instanceof ArrayBuffer ? new Uint8Array(buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
}

const finite = (value: Cell): Cell => (typeof value === "number" && !Number.isFinite(value) ? null : value);

// --- CSV ----------------------------------------------------------------------------------------

/**
 * Text a spreadsheet would run as a formula: prefixed with an apostrophe here, not with papaparse's
 * `escapeFormulae`, whose pattern (`/^[=+\-@\t\r].*$/`, no `s` flag) misses a cell with a line
 * break ("=HYPERLINK(…)\nx"). Numbers are never prefixed (-3 stays a number).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const csvCell = (value: Cell): Cell => (typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : finite(value));

/**
 * The table as CSV text: BOM, RFC 4180 (a field quoted when it holds the delimiter, a quote or a
 * line break, or starts or ends with a space), CRLF after every row (the last one too).
 */
export function csvText(rows: Rows, delimiter: "," | ";"): string {
  if (rows.length === 0) return "\uFEFF";
  const body = Papa.unparse(
    rows.map((row) => row.map(csvCell)),
    { delimiter, newline: "\r\n", quotes: false, header: false },
  );
  return `\uFEFF${body}\r\n`;
}

// --- XLSX ---------------------------------------------------------------------------------------

/** Characters XML 1.0 forbids (C0 controls but tab and line ends, U+FFFE, U+FFFF): dropped. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Any character `xmlText` changes (most cells have none: one scan, no copy). */
const NEEDS_ESCAPE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF&<>\r_]/;

/**
 * Cell text as XML content. Besides the XML escapes: CR as a character reference (a literal one
 * becomes LF in any XML parser), and an underscore that starts `_xHHHH_` escaped as `_x005F_`,
 * since Excel reads `_xHHHH_` as the character U+HHHH (ECMA-376 ST_Xstring).
 */
function xmlText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(NOT_XML, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("\r", "&#13;")
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, "_x005F_");
}

const xmlAttribute = (text: string) => xmlText(text).replaceAll('"', "&quot;");

/**
 * Excel's sheet-name rules: 1 to 31 characters, none of : \ / ? * [ ] (each becomes a space), no
 * control character (nor one XML forbids, nor half a surrogate pair), no apostrophe first or last,
 * not "History" (reserved). Empty → "Sheet1".
 */
export function excelSheetName(name: string): string {
  let clean = name
    .replace(/[\u0000-\u001F\u007F\uFFFE\uFFFF]|\p{Cs}/gu, "")
    .replace(/[:\\/?*[\]]/g, " ")
    .replace(/^'+|'+$/g, "");
  if (clean.length > 31) clean = clean.slice(0, /[\uD800-\uDBFF]/.test(clean.charAt(30)) ? 30 : 31).replace(/'+$/, "");
  if (clean.trim() === "") return "Sheet1";
  return clean.toLowerCase() === "history" ? "History 1" : clean;
}

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The `<row>` element of the sheet's row `r` (0-based), "" when every cell is empty. */
/** Text whose spaces XML readers may change without xml:space="preserve": at an end, doubled, tabs, line breaks. */
const KEEP_SPACES = /^\s|\s$|\s\s|[\t\n\r]/;

/** Column letters by index, made once each (a 100,000-row sheet asks a million times). */
const COLUMN_NAMES: string[] = [];
const columnOf = (index: number) => (COLUMN_NAMES[index] ??= columnName(index));

function rowXml(row: readonly Cell[], r: number): string {
  const n = r + 1;
  let cells = "";
  // A plain loop: this runs once per cell of the sheet (a million for 100,000 participants).
  for (let c = 0; c < row.length; c++) {
    const value = row[c];
    if (typeof value === "number") {
      if (Number.isFinite(value)) cells += `<c r="${columnOf(c)}${n}"><v>${value}</v></c>`;
    } else if (value) {
      const text = xmlText(value);
      // xml:space only where a reader would trim or fold the text (a fifth of a large sheet's bytes otherwise).
      if (text) cells += `<c r="${columnOf(c)}${n}" t="inlineStr"><is>${KEEP_SPACES.test(text) ? `<t xml:space="preserve">${text}</t>` : `<t>${text}</t>`}</is></c>`;
    }
  }
  return cells ? `<row r="${n}">${cells}</row>` : "";
}

/** The sheet's XML before and after its rows (functions: the XML constants are declared below). */
const sheetStart = () => `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetData>`;
const SHEET_END = "</sheetData></worksheet>";

function sheetXml(rows: Rows): string {
  const out: string[] = [];
  rows.forEach((row, r) => {
    const xml = rowXml(row, r);
    if (xml) out.push(xml);
  });
  return `${sheetStart()}${out.join("")}${SHEET_END}`;
}

const XML_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n`;
const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOCUMENT_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
  `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${DOCUMENT_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${DOCUMENT_RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${DOCUMENT_RELS}/styles" Target="styles.xml"/></Relationships>`;
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
  `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
  `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
  `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
  `<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>` +
  `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Entries dated 1980-01-01 00:00 (the zip epoch, local time as zip has it): the same rows give the same bytes. */
const ZIP_DATE = new Date(1980, 0, 1);

/**
 * Entries stored, not deflated: a Worker request spends no CPU compressing. Measured on the
 * 2-core dev machine, 10,000 rows × 10 cells: writing takes ~150 ms for 7.6 MB; deflate level 1
 * adds ~160 ms for 0.6 MB, level 6 ~250 ms for 0.5 MB. Raise it when download size matters more
 * than Worker CPU; every reader opens both.
 */
const ZIP_LEVEL = 0;

/**
 * A one-sheet workbook: the smallest set of parts Excel, LibreOffice and Numbers open (content
 * types, package and workbook relationships, workbook, styles, one sheet of inline strings, no
 * shared-string table). Throws a RangeError past Excel's row or column limit.
 */
function xlsxBytes(rows: Rows, sheetName: string): Uint8Array {
  if (rows.length > MAX_ROWS) throw new RangeError(`An XLSX sheet holds at most ${MAX_ROWS} rows (got ${rows.length})`);
  const widest = rows.reduce((most, row) => Math.max(most, row.length), 0);
  if (widest > MAX_COLUMNS) throw new RangeError(`An XLSX sheet holds at most ${MAX_COLUMNS} columns (got ${widest})`);
  const encoder = new TextEncoder();
  return zipSync(
    {
      ...Object.fromEntries(Object.entries(xlsxParts(sheetName)).map(([name, text]) => [name, encoder.encode(text)])),
      "xl/worksheets/sheet1.xml": encoder.encode(sheetXml(rows)),
    },
    { level: ZIP_LEVEL, mtime: ZIP_DATE },
  );
}

/** Every part of the package but the sheet, in the package's order. */
function xlsxParts(sheetName: string): Record<string, string> {
  const workbook = `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${DOCUMENT_RELS}"><sheets><sheet name="${xmlAttribute(excelSheetName(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  return {
    "[Content_Types].xml": CONTENT_TYPES,
    "_rels/.rels": ROOT_RELS,
    "xl/workbook.xml": workbook,
    "xl/_rels/workbook.xml.rels": WORKBOOK_RELS,
    "xl/styles.xml": STYLES,
  };
}

// --- Streaming ----------------------------------------------------------------------------------

/** A file written while its rows are read: its chunks, in order, and how it is served. */
export interface ExportStream {
  chunks: AsyncGenerator<Uint8Array<ArrayBuffer>, void, undefined>;
  contentType: string;
  extension: "xlsx" | "csv";
}

/**
 * `exportFile` for tables too large to hold at once (a webcast's 100,000 participants): `pages`
 * yields the rows a few at a time (the header row first in the first page, if any) and the file
 * comes out as chunks, one or more per page, so only one page of rows and its text are in memory.
 * CSV: the same bytes as `exportFile` for the same rows. XLSX: the same package and sheet XML,
 * zipped by fflate's streaming `Zip` (entries stored, sizes and CRC in data descriptors after each
 * entry, which every reader takes from the central directory). Past Excel's row or column limit
 * the generator throws a RangeError (the download stops there). Pure, like `exportFile`.
 */
export function exportStream(pages: AsyncIterable<Rows>, type: ExportType, sheetName: string): ExportStream {
  if (type === "xlsx") return { chunks: xlsxChunks(pages, sheetName), contentType: XLSX_CONTENT_TYPE, extension: "xlsx" };
  return { chunks: csvChunks(pages, type === "csv" ? "," : ";"), contentType: CSV_CONTENT_TYPE, extension: "csv" };
}

async function* csvChunks(pages: AsyncIterable<Rows>, delimiter: "," | ";"): AsyncGenerator<Uint8Array<ArrayBuffer>, void, undefined> {
  const encoder = new TextEncoder();
  yield arrayBacked(encoder.encode("\uFEFF"));
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield arrayBacked(encoder.encode(`${Papa.unparse(page.map((row) => row.map(csvCell)), { delimiter, newline: "\r\n", quotes: false, header: false })}\r\n`));
  }
}

async function* xlsxChunks(pages: AsyncIterable<Rows>, sheetName: string): AsyncGenerator<Uint8Array<ArrayBuffer>, void, undefined> {
  const encoder = new TextEncoder();
  const ready: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  const entry = (name: string) => {
    const file = new ZipPassThrough(name);
    file.mtime = ZIP_DATE;
    zip.add(file);
    return file;
  };
  function* drain(): Generator<Uint8Array<ArrayBuffer>> {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift() as Uint8Array<ArrayBuffer>;
  }
  for (const [name, text] of Object.entries(xlsxParts(sheetName))) entry(name).push(encoder.encode(text), true);
  const sheet = entry("xl/worksheets/sheet1.xml");
  sheet.push(encoder.encode(sheetStart()));
  yield* drain();
  let r = 0;
  for await (const page of pages) {
    const out: string[] = [];
    for (const row of page) {
      if (r >= MAX_ROWS) throw new RangeError(`An XLSX sheet holds at most ${MAX_ROWS} rows (got more)`);
      if (row.length > MAX_COLUMNS) throw new RangeError(`An XLSX sheet holds at most ${MAX_COLUMNS} columns (got ${row.length})`);
      const xml = rowXml(row, r++);
      if (xml) out.push(xml);
    }
    if (out.length > 0) sheet.push(encoder.encode(out.join("")));
    yield* drain();
  }
  sheet.push(encoder.encode(SHEET_END), true);
  zip.end();
  yield* drain();
}
