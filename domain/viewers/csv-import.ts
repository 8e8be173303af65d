/// <reference path="../exports/papaparse.d.ts" />
import Papa, { type Newline } from "papaparse";
import { type Cell, type ExportFile, type ExportType, exportFile } from "../exports/spreadsheet.ts";
import type { UiLocale } from "../i18n/locales.ts";
import { type Localized, type LocalizedText, localized } from "../validation/localized.ts";
import { cleanViewerFields, splitTags, type ViewerFields, viewerFieldErrors } from "./rules.ts";

/**
 * Incremental reader of a viewers CSV file (SPEC §3 "Viewer/participant", §5 "CSV import: required
 * fields, valid e-mail, row-numbered errors", §8 "Invalid CSV file"). Fed the file's bytes in order
 * (any piece sizes), it returns each completed record as a judged row and holds back the last,
 * possibly partial one; `state()` lets a new reader continue from `consumed` (a Durable Object
 * evicted between R2 ranges). Records are split by papaparse's raw `Papa.Parser` (the parser its
 * own chunk streamers use, with `ignoreLastRow`).
 *
 * Encoding (decided once, on the first `sniffBytes` bytes, 1 MiB by default, or the whole file when
 * shorter, so it does not depend on how the file is cut): a UTF-8 BOM → UTF-8; a UTF-16 LE/BE BOM
 * (Excel "Unicode text") → UTF-16; bytes that are valid UTF-8 → UTF-8; else Windows-1252 (Excel's
 * "CSV" on Windows). Later invalid UTF-8 becomes U+FFFD. Windows-1252 is decoded with its own
 * table here: Node 20 (and workerd before 2026-02) decode "windows-1252" as Latin-1.
 *
 * Rows: `row` is the spreadsheet row number: one per record (a quoted line break stays in its
 * record), blank records counted but not returned, the header usually row 1.
 *
 * Duplicates: a row whose e-mail (valid, normalized) appeared in an earlier row of the file is an
 * error naming that row. Every row with a valid e-mail counts as the first occurrence, even when
 * its other fields have errors. The e-mails seen are kept in `emails` (a Map by default, saved in
 * `state().emails`, ~40 bytes per row); a caller with a large file may pass its own store (e.g. a
 * Durable Object SQL table) so the saved state stays small.
 *
 * File errors (`InvalidCsvFileError`) are thrown by `push`/`end`; rows of earlier pieces were
 * already returned by then (an unterminated quote is only known at the end).
 */

export type CsvEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";
export type CsvDelimiter = "," | ";" | "\t";

const DELIMITERS: readonly CsvDelimiter[] = [",", ";", "\t"];
/** Bytes the encoding is decided on. */
export const SNIFF_BYTES = 1 << 20;

export const CSV_IMPORT_MESSAGES = {
  invalid_file: { en: "Invalid CSV file", fr: "Fichier CSV invalide" },
  empty: { en: "The file is empty.", fr: "Le fichier est vide." },
  binary: {
    en: "The file is not a CSV text file. Save the list as CSV (UTF-8) and try again.",
    fr: "Le fichier n'est pas un fichier texte CSV. Enregistrez la liste au format CSV (UTF-8) et réessayez.",
  },
  no_email_column: {
    en: "The file has no e-mail column. Name the columns of the first row, e.g. Name, Email.",
    fr: "Le fichier n'a pas de colonne d'adresse courriel. Nommez les colonnes de la première ligne, par exemple Nom, Courriel.",
  },
  no_name_column: {
    en: "The file has no name column. Name the columns of the first row, e.g. Name, Email.",
    fr: "Le fichier n'a pas de colonne de nom. Nommez les colonnes de la première ligne, par exemple Nom, Courriel.",
  },
  report_sheet: { en: "Errors", fr: "Erreurs" },
} as const satisfies Record<string, LocalizedText>;

export const CSV_IMPORT_TEMPLATES = {
  duplicate_email: {
    en: (row: number) => `This e-mail address already appears in row ${row} of the file.`,
    fr: (row: number) => `Cette adresse courriel figure déjà à la ligne ${row} du fichier.`,
  },
  unterminated_quote: {
    en: (row: number) => `The quoted cell that starts in row ${row} is never closed: a quote (") is missing.`,
    fr: (row: number) => `La cellule entre guillemets qui commence à la ligne ${row} n'est jamais fermée : il manque un guillemet (").`,
  },
  misplaced_quote: {
    en: (row: number) => `Row ${row} has a misplaced quote ("): a quoted cell ends with a quote followed by the separator or the end of the line.`,
    fr: (row: number) => `La ligne ${row} contient un guillemet (") mal placé : une cellule entre guillemets se termine par un guillemet suivi du séparateur ou de la fin de la ligne.`,
  },
  too_many_cells: {
    en: (row: number, cells: number) => `Row ${row} has more cells than the first row (${cells}). Put a cell that holds the separator between quotes.`,
    fr: (row: number, cells: number) => `La ligne ${row} a plus de cellules que la première ligne (${cells}). Mettez entre guillemets une cellule qui contient le séparateur.`,
  },
} as const satisfies Record<string, Localized<(...args: never[]) => string>>;

/** Labels of the error report (`rowErrorsCsv`). */
const REPORT_COLUMNS: Localized<readonly [string, string, string]> = { en: ["Row", "Field", "Message"], fr: ["Ligne", "Champ", "Message"] };
const FIELD_LABELS: Localized<Record<keyof ViewerFields, string>> = {
  en: { name: "Name", email: "E-mail", tags: "Tags", control_number: "Control number", vote_weight: "Vote weight", password: "Password" },
  fr: { name: "Nom", email: "Courriel", tags: "Étiquettes", control_number: "Numéro de contrôle", vote_weight: "Poids du vote", password: "Mot de passe" },
};

/** The file-level refusal, in the spec's error shape (`{ message, errors: { file: [...] } }`). */
export class InvalidCsvFileError extends Error {
  readonly errors: { file: string[] };
  constructor(locale: UiLocale, detail: string) {
    super(localized(CSV_IMPORT_MESSAGES.invalid_file, locale));
    this.name = "InvalidCsvFileError";
    this.errors = { file: [detail] };
  }
  toJSON(): { message: string; errors: { file: string[] } } {
    return { message: this.message, errors: this.errors };
  }
}

// --- Header ---------------------------------------------------------------------------------------

type Column = "name" | "first_name" | "last_name" | "email" | "tags" | "control_number" | "vote_weight" | "password";
/** Column index of each field the header names (first column wins when two name the same field). */
export type ViewerCsvColumns = Partial<Record<Column, number>>;

const HEADER_ALIASES: Record<Column, readonly string[]> = {
  name: ["Name", "Full name", "Nom complet", "Nom et prénom", "Prénom et nom", "Nom prénom", "Prénom nom"],
  first_name: ["First name", "Firstname", "Given name", "Prénom"],
  last_name: ["Last name", "Lastname", "Surname", "Family name", "Nom de famille"],
  email: ["Email", "E-mail", "Email address", "E-mail address", "Adresse e-mail", "Adresse mail", "Adresse électronique", "Adresse courriel", "Courriel", "Mail"],
  tags: ["Tags", "Tag", "Étiquettes", "Étiquette", "Labels", "Label", "Groupes", "Groupe"],
  control_number: ["Control number", "Numéro de contrôle", "N° de contrôle", "No de contrôle"],
  vote_weight: ["Vote weight", "Weight", "Poids du vote", "Poids"],
  password: ["Password", "Mot de passe"],
};

/** A header cell as compared: case, accents, spaces and punctuation dropped ("N° de contrôle" → "ndecontrole"). */
function headerKey(cell: string): string {
  return cell
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

const ALIASES = new Map<string, Column>(Object.entries(HEADER_ALIASES).flatMap(([column, names]) => names.map((name) => [headerKey(name), column as Column] as const)));

/** The header's columns. "Nom" alone is the last name when a first-name column exists, else the full name. */
export function headerColumns(cells: readonly string[]): ViewerCsvColumns {
  const keys = cells.map(headerKey);
  const hasFirst = keys.some((key) => ALIASES.get(key) === "first_name");
  const columns: ViewerCsvColumns = {};
  keys.forEach((key, index) => {
    const column = key === "nom" ? (hasFirst ? "last_name" : "name") : ALIASES.get(key);
    if (column && columns[column] === undefined) columns[column] = index;
  });
  return columns;
}

function missingColumn(columns: ViewerCsvColumns): "no_email_column" | "no_name_column" | null {
  if (columns.email === undefined) return "no_email_column";
  if (columns.name === undefined && columns.first_name === undefined && columns.last_name === undefined) return "no_name_column";
  return null;
}

// --- Rows -----------------------------------------------------------------------------------------

export type CsvRowResult = CsvValidRow | CsvRowError;
export interface CsvValidRow {
  row: number;
  fields: ViewerFields;
}
export interface CsvRowError {
  row: number;
  /** Field (a key of ViewerFields) → messages in the reader's locale. */
  errors: Record<string, string[]>;
  /** The record's cells as read, for the error report. */
  values: string[];
}

/** Where the reader keeps the e-mails seen: normalized e-mail → row of its first occurrence. A Map fits. */
export interface EmailIndex {
  get(email: string): number | undefined;
  set(email: string, row: number): unknown;
}

/** A vote weight cell: "" → 1; "2", "1.5", "1,5" (spaces ignored); anything else → NaN (refused by the rules). */
function voteWeight(cell: string): number | null {
  const text = cell.replace(/[\s\u00A0\u202F]/g, "");
  if (text === "") return null;
  return /^(\d+([.,]\d*)?|[.,]\d+)$/.test(text) ? Number(text.replace(",", ".")) : Number.NaN;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");
/** Before the delimiter is known, a line of spaces and separators is blank too. */
const isBlankLine = (cells: readonly string[]) => cells.every((cell) => /^[\s,;]*$/.test(cell));

function judgeRow(cells: string[], columns: ViewerCsvColumns, row: number, locale: UiLocale, emails: EmailIndex): CsvRowResult {
  const cell = (index: number | undefined) => (index === undefined ? "" : (cells[index] ?? ""));
  const fullName = cell(columns.name).trim();
  const name = fullName || [cell(columns.first_name).trim(), cell(columns.last_name).trim()].filter(Boolean).join(" ");
  const fields = cleanViewerFields({
    name,
    email: cell(columns.email),
    tags: splitTags(cell(columns.tags)),
    control_number: cell(columns.control_number),
    vote_weight: voteWeight(cell(columns.vote_weight)),
    password: cell(columns.password),
  });
  const errors = viewerFieldErrors(fields, locale);
  if (!errors.email) {
    const first = emails.get(fields.email);
    if (first === undefined) emails.set(fields.email, row);
    else errors.email = [localized(CSV_IMPORT_TEMPLATES.duplicate_email, locale)(first)];
  }
  if (Object.keys(errors).length === 0) return { row, fields };
  // The error file is downloaded and passed around: a password never goes into it.
  const values = columns.password === undefined ? cells : cells.map((value, index) => (index === columns.password ? "" : value));
  return { row, errors, values };
}

// --- Decoding -------------------------------------------------------------------------------------

/** Windows-1252 bytes 0x80–0x9F (WHATWG index); the other bytes are their Latin-1 code points. */
const CP1252_HIGH =
  "\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F" +
  "\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178";
const latin1 = new TextDecoder("latin1");

interface Decoder {
  decode(bytes: Uint8Array, end: boolean): string;
}

const textDecoder = (label: string, options: { fatal: boolean; ignoreBOM: boolean }) => new TextDecoder(label, options);

function decoderFor(encoding: CsvEncoding): Decoder {
  if (encoding === "windows-1252") {
    // "latin1" is windows-1252 per WHATWG; runtimes that decode it as Latin-1 are fixed by the table.
    return { decode: (bytes) => latin1.decode(bytes).replace(/[\u0080-\u009F]/g, (char) => CP1252_HIGH.charAt(char.charCodeAt(0) - 0x80)) };
  }
  const decoder = textDecoder(encoding, { fatal: false, ignoreBOM: true });
  return { decode: (bytes, end) => decoder.decode(bytes, { stream: !end }) };
}

function sniffEncoding(bytes: Uint8Array, end: boolean): { encoding: CsvEncoding; bom: number } {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: "utf-8", bom: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: "utf-16le", bom: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: "utf-16be", bom: 2 };
  try {
    textDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes, { stream: !end });
    return { encoding: "utf-8", bom: 0 };
  } catch {
    return { encoding: "windows-1252", bom: 0 };
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

// --- Reader ---------------------------------------------------------------------------------------

/** Where a reader stands, as JSON: a new reader given it continues with the bytes from `offset`. */
export interface ViewerCsvState {
  version: 1;
  /** Bytes of the file consumed: the start of the next record. */
  offset: number;
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  newline: Newline;
  /** The header row's cells, as in the file. */
  header: string[];
  columns: ViewerCsvColumns;
  /** Row number of the last record consumed. */
  row: number;
  /** E-mails seen → first row; absent when the caller keeps them (`options.emails`). */
  emails?: Record<string, number>;
}

export interface CsvPiece {
  rows: CsvRowResult[];
  /** Bytes of the file consumed so far (absolute): up to the end of the last returned record. */
  consumed: number;
}

export interface ViewerCsvReader {
  /** The next bytes of the file (from `consumed` of the resumed state, if any). */
  push(bytes: Uint8Array): CsvPiece;
  /** The file has ended: the last record and the checks only the end allows (unterminated quote, empty file). */
  end(): CsvPiece;
  /** The state to resume from, or null before the header is read (start over from byte 0 then). */
  state(): ViewerCsvState | null;
}

export interface ViewerCsvOptions {
  /** The store of e-mails seen, kept by the caller across resumes (then not in `state()`). */
  emails?: EmailIndex;
  /** Bytes the encoding is decided on (default SNIFF_BYTES). */
  sniffBytes?: number;
}

interface Layout {
  delimiter: CsvDelimiter;
  newline: Newline;
  header: string[];
  columns: ViewerCsvColumns;
}

export function createViewerCsvReader(locale: UiLocale, resume?: ViewerCsvState | null, options: ViewerCsvOptions = {}): ViewerCsvReader {
  // At least 4 bytes: a BOM is up to 3.
  const sniffBytes = Math.max(options.sniffBytes ?? SNIFF_BYTES, 4);
  const seen = options.emails ? null : new Map<string, number>(Object.entries(resume?.emails ?? {}));
  const emails: EmailIndex = options.emails ?? (seen as Map<string, number>);
  let encoding: CsvEncoding | null = resume?.encoding ?? null;
  let decoder: Decoder | null = encoding ? decoderFor(encoding) : null;
  let layout: Layout | null = resume ? { delimiter: resume.delimiter, newline: resume.newline, header: resume.header, columns: resume.columns } : null;
  let offset = resume?.offset ?? 0;
  let row = resume?.row ?? 0;
  /** Bytes before the encoding is decided. */
  let head: Uint8Array = new Uint8Array(0);
  /** Bytes after `offset` already decoded into `text` (UTF-8 needs them to map characters back to bytes). */
  let pending: Uint8Array = new Uint8Array(0);
  let text = "";
  let ended = false;
  let failure: unknown = null;

  const fail = (detail: string) => new InvalidCsvFileError(locale, detail);

  /** Drops the first `chars` characters of `text` (all at the end), moving `offset` past their bytes. */
  function consume(chars: number, all: boolean): void {
    if (chars === 0 && !all) return;
    const rest = all ? "" : text.slice(chars);
    let bytes: number;
    if (all) bytes = pending.length;
    else if (encoding === "windows-1252") bytes = chars;
    else if (encoding === "utf-16le" || encoding === "utf-16be") bytes = chars * 2;
    else {
      // UTF-8: the consumed text ends with the line end's last character, one ASCII byte that no
      // decoding error swallows; skip the ones still in `rest` counting from the end.
      const last = (layout?.newline ?? "\n").slice(-1);
      const code = last.charCodeAt(0);
      let skip = rest.split(last).length - 1;
      let index = pending.length - 1;
      for (; index >= 0; index--) {
        if (pending[index] === code && skip-- === 0) break;
      }
      bytes = index + 1;
    }
    offset += bytes;
    pending = pending.slice(bytes);
    text = rest;
  }

  /** Reads the header once its record is complete; false while it is not. */
  function readHeader(end: boolean): boolean {
    if (!end && !/\n|\r[^]/.test(text)) return false;
    // papaparse's guess, without a last "\r" whose "\n" may be in the next piece (it would vote for "\r").
    const newline = Papa.parse(text.slice(0, 1 << 20).replace(/\r$/, ""), { preview: 1, delimiter: "," }).meta.linebreak;
    const found: { start: number; end: number; records: number }[] = [];
    let start = 0;
    let records = 0;
    const parser = new Papa.Parser({
      delimiter: ",",
      newline,
      step: (result) => {
        records++;
        if (isBlankLine(result.data[0] ?? [])) start = result.meta.cursor;
        else {
          found.push({ start, end: result.meta.cursor, records });
          parser.abort();
        }
      },
    });
    parser.parse(text, 0, !end);
    const record = found[0];
    if (!record) {
      if (end) throw fail(localized(CSV_IMPORT_MESSAGES.empty, locale));
      return false;
    }
    let line = text.slice(record.start, record.end);
    if (line.endsWith(newline)) line = line.slice(0, -newline.length);
    // papaparse's guess on the header line; another delimiter only if it alone finds the columns.
    const guess = Papa.parse(line, { newline, delimitersToGuess: [...DELIMITERS] }).meta.delimiter as CsvDelimiter;
    const candidates = [guess, ...DELIMITERS.filter((d) => d !== guess)].map((delimiter) => {
      const header = Papa.parse(line, { newline, delimiter }).data[0] ?? [];
      return { delimiter, header, columns: headerColumns(header) };
    });
    const chosen = candidates.find((candidate) => missingColumn(candidate.columns) === null);
    if (!chosen) throw fail(localized(CSV_IMPORT_MESSAGES[missingColumn(candidates[0]?.columns ?? {}) ?? "no_email_column"], locale));
    layout = { delimiter: chosen.delimiter, newline, header: chosen.header, columns: chosen.columns };
    row += record.records;
    consume(record.end, end && record.end === text.length);
    return true;
  }

  function readRecords(current: Layout, end: boolean): CsvRowResult[] {
    const result = new Papa.Parser({ delimiter: current.delimiter, newline: current.newline }).parse(text, 0, !end);
    const count = result.data.length;
    for (const error of result.errors) {
      const index = error.row ?? count;
      if (error.code === "MissingQuotes") throw fail(localized(CSV_IMPORT_TEMPLATES.unterminated_quote, locale)(row + index + 1));
      if (error.code === "InvalidQuotes" && index < count) throw fail(localized(CSV_IMPORT_TEMPLATES.misplaced_quote, locale)(row + index + 1));
    }
    const width = current.header.length;
    const rows: CsvRowResult[] = [];
    for (const cells of result.data) {
      row++;
      if (isBlank(cells)) continue;
      if (cells.length > width && !isBlank(cells.slice(width))) throw fail(localized(CSV_IMPORT_TEMPLATES.too_many_cells, locale)(row, width));
      rows.push(judgeRow(cells, current.columns, row, locale, emails));
    }
    consume(result.meta.cursor, end);
    return rows;
  }

  function take(bytes: Uint8Array, end: boolean): CsvPiece {
    let input = bytes;
    if (!decoder) {
      head = concat(head, bytes.slice());
      if (!end && head.length < sniffBytes) return { rows: [], consumed: offset };
      const sniffed = sniffEncoding(head, end);
      encoding = sniffed.encoding;
      decoder = decoderFor(encoding);
      offset = sniffed.bom;
      input = head.subarray(sniffed.bom);
      head = new Uint8Array(0);
      if (end && input.length === 0) throw fail(localized(CSV_IMPORT_MESSAGES.empty, locale));
      text = decoder.decode(input, end);
    } else text += decoder.decode(input, end);
    pending = concat(pending, input);
    // Binary: a NUL in the first sniffBytes bytes or before the header's end.
    if (!layout && text.includes("\u0000")) throw fail(localized(CSV_IMPORT_MESSAGES.binary, locale));
    if (!layout && !readHeader(end)) return { rows: [], consumed: offset };
    const rows = layout ? readRecords(layout, end) : [];
    return { rows, consumed: offset };
  }

  function guarded(bytes: Uint8Array, end: boolean): CsvPiece {
    if (failure) throw failure;
    if (ended) throw new Error("The CSV reader has ended");
    ended = end;
    try {
      return take(bytes, end);
    } catch (error) {
      failure = error;
      throw error;
    }
  }

  return {
    push: (bytes) => guarded(bytes, false),
    end: () => guarded(new Uint8Array(0), true),
    state: () =>
      layout && encoding
        ? {
            version: 1,
            offset,
            encoding,
            delimiter: layout.delimiter,
            newline: layout.newline,
            header: [...layout.header],
            columns: { ...layout.columns },
            row,
            ...(seen ? { emails: Object.fromEntries(seen) } : {}),
          }
        : null,
  };
}

/** A whole file at once (tests, small files): its rows and header; throws InvalidCsvFileError. */
export function readViewerCsv(bytes: Uint8Array, locale: UiLocale): { rows: CsvRowResult[]; header: string[] } {
  // A store of its own: state() then does not copy the e-mails.
  const reader = createViewerCsvReader(locale, null, { emails: new Map() });
  const rows = [...reader.push(bytes).rows, ...reader.end().rows];
  return { rows, header: reader.state()?.header ?? [] };
}

export const isRowError = (result: CsvRowResult): result is CsvRowError => "errors" in result;

/**
 * The downloadable error report: one line per message (row, field, message) followed by the row's
 * cells as read, under the file's own header when given. Written by `exportFile` (CSV by default).
 */
export function rowErrorsCsv(results: readonly CsvRowResult[], locale: UiLocale, options: { header?: readonly string[]; type?: ExportType } = {}): ExportFile {
  const labels = localized(FIELD_LABELS, locale);
  const rows: Cell[][] = [[...localized(REPORT_COLUMNS, locale), ...(options.header ?? [])]];
  for (const result of results) {
    if (!isRowError(result)) continue;
    for (const [field, messages] of Object.entries(result.errors)) {
      const label = (labels as Record<string, string>)[field] ?? field;
      for (const message of messages) rows.push([result.row, label, message, ...result.values]);
    }
  }
  return exportFile(rows, options.type ?? "csv", localized(CSV_IMPORT_MESSAGES.report_sheet, locale));
}
