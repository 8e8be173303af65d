import type { UiLocale } from "../i18n/locales.ts";
import type { PollRow, PollingSeriesRow } from "./record.ts";
import { type Localized, type LocalizedText, localized } from "../validation/localized.ts";

/**
 * GET /api/webcasts/{uid}/polls/export?type=&lang= (SPEC §7, §9 "Export formats: XLSX, CSV comma,
 * CSV semicolon"): a webcast's polls as a table, one row per option, headers and labels in `lang`.
 * Votes and percentages are columns already, empty until the control room records votes.
 * Pure: the worker builds the file, the browser could build the same one offline. Callers
 * authorize (`polls.manage` for the webcast).
 *
 * The spreadsheet writers (`csvFile`, `xlsxFile`) know nothing of polls: the other exports of
 * SPEC §7 (participants, questions, analytics) can use them as they are.
 */

export const EXPORT_TYPES = ["xlsx", "csv", "csv_semicolon"] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

type Cell = string | number | null;
type Text = LocalizedText;

const HEADERS: Localized<readonly string[]> = {
  en: ["Series", "Poll", "Description", "Language", "Multiple choice", "Display", "Status", "Option", "Recommended", "Votes", "Percentage"],
  fr: ["Série", "Sondage", "Description", "Langue", "Choix multiple", "Affichage", "Statut", "Option", "Recommandée", "Votes", "Pourcentage"],
  de: ["Serie", "Umfrage", "Beschreibung", "Sprache", "Mehrfachauswahl", "Anzeige", "Status", "Option", "Empfohlen", "Stimmen", "Prozentsatz"],
  pt: ["Série", "Enquete", "Descrição", "Idioma", "Múltipla escolha", "Exibição", "Status", "Opção", "Recomendada", "Votos", "Porcentagem"],
  es: ["Serie", "Encuesta", "Descripción", "Idioma", "Opción múltiple", "Visualización", "Estado", "Opción", "Recomendada", "Votos", "Porcentaje"],
};
const LABELS = {
  yes: { en: "Yes", fr: "Oui", de: "Ja", pt: "Sim", es: "Sí" },
  no: { en: "No", fr: "Non", de: "Nein", pt: "Não", es: "No" },
  en: { en: "English", fr: "Anglais", de: "Englisch", pt: "Inglês", es: "Inglés" },
  fr: { en: "French", fr: "Français", de: "Französisch", pt: "Francês", es: "Francés" },
  fluid: { en: "Fluid", fr: "Fluide", de: "Fließend", pt: "Contínua", es: "Continua" },
  paginated: { en: "Paginated", fr: "Paginé", de: "Seitenweise", pt: "Paginada", es: "Paginada" },
  unpublished: { en: "Unpublished", fr: "Non publié", de: "Nicht veröffentlicht", pt: "Não publicada", es: "No publicada" },
  open: { en: "Open", fr: "Ouvert", de: "Offen", pt: "Aberta", es: "Abierta" },
  closed: { en: "Closed", fr: "Fermé", de: "Geschlossen", pt: "Fechada", es: "Cerrada" },
  results: { en: "Results shown", fr: "Résultats affichés", de: "Ergebnisse angezeigt", pt: "Resultados exibidos", es: "Resultados mostrados" },
} as const satisfies Record<string, Text>;
export const POLL_SHEET_NAME: Text = { en: "Polls", fr: "Sondages", de: "Umfragen", pt: "Enquetes", es: "Encuestas" };

const byPosition = <T extends { position: number; id: string }>(a: T, b: T) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The table: a header row, then the polls outside any series, then each series' polls, in list order. */
export function pollExportRows(polls: readonly PollRow[], series: readonly PollingSeriesRow[], lang: UiLocale): Cell[][] {
  const ordered = [...series].sort(byPosition);
  const groups: { title: string | null; polls: PollRow[] }[] = [
    { title: null, polls: polls.filter((poll) => poll.series_id === null || !ordered.some((s) => s.id === poll.series_id)) },
    ...ordered.map((s) => ({ title: s.title, polls: polls.filter((poll) => poll.series_id === s.id) })),
  ];
  const rows: Cell[][] = [[...localized(HEADERS, lang)]];
  for (const group of groups) {
    for (const poll of group.polls.sort(byPosition)) {
      for (const option of poll.options) {
        rows.push([
          group.title,
          poll.title,
          poll.description,
          localized(LABELS[poll.language], lang),
          localized(poll.multiple_choice ? LABELS.yes : LABELS.no, lang),
          localized(LABELS[poll.display], lang),
          localized(LABELS[poll.status], lang),
          option.text,
          localized(option.id === poll.recommended_option_id ? LABELS.yes : LABELS.no, lang),
          null,
          null,
        ]);
      }
    }
  }
  return rows;
}

export interface ExportFile {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  extension: "xlsx" | "csv";
}

/** The table as a file of `type`. */
export function exportFile(rows: readonly (readonly Cell[])[], type: ExportType, sheetName: string): ExportFile {
  if (type === "xlsx") return { body: xlsxFile(sheetName, rows), contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" };
  return { body: new Uint8Array(new TextEncoder().encode(csvFile(rows, type === "csv" ? "," : ";"))), contentType: "text/csv; charset=utf-8", extension: "csv" };
}

// --- CSV ----------------------------------------------------------------------------------------

/**
 * RFC 4180 CSV with CRLF line ends and a UTF-8 byte-order mark (Excel reads accents right with
 * it). A text cell that a spreadsheet would run as a formula (starting with = + - @, tab or CR)
 * gets a leading apostrophe: poll texts come from users and the file is opened by others (OWASP
 * "CSV injection").
 */
export function csvFile(rows: readonly (readonly Cell[])[], delimiter: "," | ";"): string {
  const cell = (value: Cell) => {
    if (value === null) return "";
    let text = String(value);
    if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(delimiter)).join("\r\n")}\r\n`;
}

// --- XLSX ---------------------------------------------------------------------------------------

/** XML text: the five escapes, and the characters XML 1.0 forbids (C0 controls but tab and line ends) dropped. */
function xml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function sheetXml(rows: readonly (readonly Cell[])[]): string {
  const body = rows
    .map((row, r) => {
      const cells = row
        .map((value, c) => {
          if (value === null) return "";
          const ref = `${columnName(c)}${r + 1}`;
          if (typeof value === "number") return `<c r="${ref}"><v>${value}</v></c>`;
          return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(value)}</t></is></c>`;
        })
        .join("");
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

const PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOCUMENT_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/**
 * A one-sheet SpreadsheetML workbook (Office Open XML, ECMA-376): the smallest set of parts Excel,
 * LibreOffice and Numbers open — content types, package and workbook relationships, workbook,
 * styles, one sheet of inline strings (no shared-string table) — in a stored (uncompressed) zip.
 * No dependency: the files are small, so compression is not worth a library.
 */
export function xlsxFile(sheetName: string, rows: readonly (readonly Cell[])[]): Uint8Array<ArrayBuffer> {
  // Excel's sheet-name rules: at most 31 characters, none of : \ / ? * [ ].
  const name = xml(sheetName.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Sheet1");
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n`;
  return zipStored([
    {
      name: "[Content_Types].xml",
      text: `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    },
    { name: "_rels/.rels", text: `${head}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${DOCUMENT_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    {
      name: "xl/workbook.xml",
      text: `${head}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${DOCUMENT_RELS}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      text: `${head}<Relationships xmlns="${PACKAGE_RELS}"><Relationship Id="rId1" Type="${DOCUMENT_RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOCUMENT_RELS}/styles" Target="styles.xml"/></Relationships>`,
    },
    {
      name: "xl/styles.xml",
      text: `${head}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    },
    { name: "xl/worksheets/sheet1.xml", text: sheetXml(rows) },
  ]);
}

// --- ZIP (stored) ---------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC, the zip one). */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A zip of stored (uncompressed) entries (PKWARE APPNOTE 4.3): local headers and data, the central
 * directory, the end record. Times are fixed at 1980-01-01 00:00 (DOS epoch), so the same rows
 * give the same bytes. No zip64: fine below 4 GB and 65,535 entries.
 */
export function zipStored(entries: readonly { name: string; text: string }[]): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const files = entries.map((entry) => {
    const name = encoder.encode(entry.name);
    const data = encoder.encode(entry.text);
    return { name, data, crc: crc32(data) };
  });
  const DOS_DATE = (0 << 9) | (1 << 5) | 1;
  const localSize = files.reduce((total, file) => total + 30 + file.name.length + file.data.length, 0);
  const centralSize = files.reduce((total, file) => total + 46 + file.name.length, 0);
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  const u16 = (value: number) => {
    view.setUint16(at, value, true);
    at += 2;
  };
  const u32 = (value: number) => {
    view.setUint32(at, value, true);
    at += 4;
  };
  const bytes = (value: Uint8Array) => {
    out.set(value, at);
    at += value.length;
  };
  const offsets: number[] = [];
  for (const file of files) {
    offsets.push(at);
    u32(0x04034b50);
    u16(20); // version needed: 2.0
    u16(0x0800); // flags: names in UTF-8
    u16(0); // method: stored
    u16(0); // time
    u16(DOS_DATE);
    u32(file.crc);
    u32(file.data.length);
    u32(file.data.length);
    u16(file.name.length);
    u16(0); // extra
    bytes(file.name);
    bytes(file.data);
  }
  const centralStart = at;
  files.forEach((file, index) => {
    u32(0x02014b50);
    u16(20); // made by: MS-DOS, 2.0
    u16(20);
    u16(0x0800);
    u16(0);
    u16(0);
    u16(DOS_DATE);
    u32(file.crc);
    u32(file.data.length);
    u32(file.data.length);
    u16(file.name.length);
    u16(0); // extra
    u16(0); // comment
    u16(0); // disk
    u16(0); // internal attributes
    u32(0); // external attributes
    u32(offsets[index] ?? 0);
    bytes(file.name);
  });
  const centralLength = at - centralStart;
  u32(0x06054b50);
  u16(0); // this disk
  u16(0); // disk of the central directory
  u16(files.length);
  u16(files.length);
  u32(centralLength);
  u32(centralStart);
  u16(0); // comment
  return out;
}
