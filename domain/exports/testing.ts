import ExcelJS from "exceljs";

/**
 * Test support of the exports: a CSV file as exceljs's own CSV reader (fast-csv) parses it, so
 * tests read a file back with a library that is not its writer (papaparse). exceljs's `csv.read`
 * pipes a Node stream into its parser; this source hands it the whole file at once (the one cast:
 * the parser needs only `pipe`).
 */
export function exceljsCsvSheet(body: Uint8Array | string, delimiter: "," | ";"): Promise<ExcelJS.Worksheet> {
  const source = { pipe: <T extends { end(chunk: Uint8Array | string): unknown }>(parser: T) => (parser.end(body), parser) };
  return new ExcelJS.Workbook().csv.read(source as unknown as Parameters<ExcelJS.Csv["read"]>[0], { parserOptions: { delimiter }, map: (value: unknown) => value });
}
