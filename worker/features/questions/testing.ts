import ExcelJS from "exceljs";
import type { Cell } from "../../../domain/exports/spreadsheet.ts";
import { exceljsCsvSheet } from "../../../domain/exports/testing.ts";

/**
 * Test helpers of the interaction exports (workerd only): a downloaded file read back by exceljs,
 * not by the code that wrote it (papaparse for CSV, the hand-written SpreadsheetML for XLSX).
 */

type Values = (Cell | boolean)[][];

function rowsOf(sheet: ExcelJS.Worksheet | undefined, width: number): Values {
  const rows: Values = [];
  sheet?.eachRow({ includeEmpty: true }, (row, r) => {
    rows[r - 1] = Array.from({ length: width }, (_, c) => {
      const value = row.getCell(c + 1).value;
      return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : null;
    });
  });
  return Array.from(rows, (row) => row ?? []);
}

/** The first sheet of an XLSX file as values (`width` columns): its name and rows. */
export async function readXlsx(bytes: ArrayBuffer, width: number): Promise<{ name: string | undefined; rows: Values }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  return { name: sheet?.name, rows: rowsOf(sheet, width) };
}

/** A CSV file as exceljs reads it (fast-csv; values kept as text, empty cells as ""). */
export async function readCsv(bytes: ArrayBuffer, delimiter: "," | ";", width: number): Promise<string[][]> {
  // The text as the file holds it (the BOM kept: the reader drops it, as Excel does).
  const body = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  const sheet = await exceljsCsvSheet(body, delimiter);
  return rowsOf(sheet, width).map((row) => row.map((value) => String(value ?? "")));
}
