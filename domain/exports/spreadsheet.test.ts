import ExcelJS from "exceljs";
import fc from "fast-check";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { exceljsCsvSheet } from "./testing.ts";
import { type Cell, type ExportType, type Rows, attachmentHeaders, columnName, excelSheetName, exportFile, exportStream } from "./spreadsheet.ts";

/**
 * Every file is read back by a reader that is not its writer: XLSX by exceljs, CSV by exceljs's
 * CSV reader (fast-csv) in the examples and by the RFC 4180 parser below in the properties.
 */

/** The bytes as an ArrayBuffer of their own (domain tests use no Node Buffer: the worker and web tsconfigs compile them too). */
const arrayBuffer = (bytes: Uint8Array): ArrayBuffer => new Uint8Array(bytes).buffer;

/** A sheet's cells as read by exceljs, rows and cells 0-based, trailing empties dropped. */
async function readXlsx(body: Uint8Array): Promise<{ name: string; rows: Cell[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(arrayBuffer(body));
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const rows: Cell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, r) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, c) => {
      const value = cell.value;
      if (typeof value !== "string" && typeof value !== "number") throw new Error(`cell ${cell.address} reads as ${JSON.stringify(value)}`);
      cells[c - 1] = typeof value === "string" ? excelText(value) : value;
    });
    rows[r - 1] = Array.from(cells, (cell) => cell ?? null);
  });
  return { name: excelText(sheet.name), rows: trimTable(Array.from(rows, (row) => row ?? [])) };
}

/**
 * What Excel shows of an `_xHHHH_` escape (ECMA-376 ST_Xstring): the character U+HHHH. exceljs
 * decodes it in shared strings but not in inline strings, so the test does it as Excel would.
 */
const excelText = (text: string) => text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** CSV as exceljs reads it (fast-csv; values kept as text). */
async function readCsvWithExcelJs(body: Uint8Array, delimiter: "," | ";"): Promise<string[][]> {
  const sheet = await exceljsCsvSheet(body, delimiter);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, r) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows[r - 1] = Array.from(values, (value) => String(value ?? ""));
  });
  return Array.from(rows, (row) => row ?? []);
}

/**
 * An RFC 4180 reader written for this test (not papaparse, the writer): BOM first, CRLF between
 * records, a quoted field may hold the delimiter, quotes (doubled) and line breaks.
 */
function parseCsv(text: string, delimiter: "," | ";"): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text === "\uFEFF" || text.endsWith("\r\n")).toBe(true);
  const records: string[][] = [];
  let record: string[] = [];
  let at = 1;
  while (at < text.length) {
    let field = "";
    if (text[at] === '"') {
      at++;
      for (;;) {
        const quote = text.indexOf('"', at);
        expect(quote, "unterminated quoted field").toBeGreaterThanOrEqual(0);
        field += text.slice(at, quote);
        at = quote + 1;
        if (text[at] !== '"') break;
        field += '"';
        at++;
      }
    } else {
      while (at < text.length && text[at] !== delimiter && text[at] !== "\r") {
        expect(text[at], "bare quote or line feed in an unquoted field").not.toMatch(/["\n]/);
        field += text[at++];
      }
    }
    record.push(field);
    if (text[at] === delimiter) at++;
    else {
      expect(text.slice(at, at + 2)).toBe("\r\n");
      at += 2;
      records.push(record);
      record = [];
    }
  }
  return records;
}

function trimRow<T>(row: readonly T[], empty: (cell: T) => boolean): T[] {
  let end = row.length;
  while (end > 0 && empty(row[end - 1] as T)) end--;
  return row.slice(0, end);
}
function trimTable(rows: readonly (readonly Cell[])[]): Cell[][] {
  const trimmed = rows.map((row) => trimRow(row, (cell) => cell === null));
  return trimRow(trimmed, (row) => row.length === 0);
}

/** What a spreadsheet should show of each cell after an XLSX round trip. */
function expectedXlsx(rows: Rows): Cell[][] {
  return trimTable(
    rows.map((row) =>
      row.map((cell) => {
        if (typeof cell === "number") return Number.isFinite(cell) ? cell + 0 : null; // + 0: -0 reads as 0
        const text = cell?.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "");
        return text ? text : null;
      }),
    ),
  );
}

/** What a CSV reader should give back of each cell: text, formulas defused, empties as "". */
function expectedCsv(rows: Rows): string[][] {
  return rows.map((row) =>
    trimRow(
      row.map((cell) => {
        if (cell === null) return "";
        if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
        return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
      }),
      (cell) => cell === "",
    ),
  );
}

const decode = (body: Uint8Array) => new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);

describe("exportFile: XLSX", () => {
  it("opens in exceljs with its values: text with accents and markup, numbers as numbers, empty cells, the sheet name", async () => {
    const rows: Cell[][] = [
      ["Titre", "Votes", "Pourcentage"],
      ["Élève à l'été & <b>\"ça\"</b>", 12, 0.375],
      [null, "", -4.5],
      [],
      ["  spaces kept  ", "line\nbreak and\r\nCRLF\ttab", 1e21],
      ["=SUM(A1:A2)", "_x0041_ stays literal", 0],
    ];
    const file = exportFile(rows, "xlsx", "Résultats: sondage [1/2]");
    expect(file).toMatchObject({ contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" });
    const read = await readXlsx(file.body);
    expect(read.name).toBe("Résultats  sondage  1 2 ");
    expect(read.rows).toEqual([
      ["Titre", "Votes", "Pourcentage"],
      ["Élève à l'été & <b>\"ça\"</b>", 12, 0.375],
      [null, null, -4.5],
      [],
      ["  spaces kept  ", "line\nbreak and\r\nCRLF\ttab", 1e21],
      ["=SUM(A1:A2)", "_x0041_ stays literal", 0],
    ]);
  });

  it("writes text as inline strings, never as a formula, and drops the characters XML 1.0 forbids", async () => {
    const file = exportFile([["=1+1", "a\u0000b\u0007c\u001F\uFFFEd", "\u0001"]], "xlsx", "S");
    const sheet = new TextDecoder().decode(unzipSync(file.body)["xl/worksheets/sheet1.xml"]);
    expect(sheet).not.toContain("<f>");
    expect(sheet).toContain('<c r="A1" t="inlineStr"><is><t>=1+1</t></is></c>');
    expect((await readXlsx(file.body)).rows).toEqual([["=1+1", "abcd"]]);
  });

  it("keeps spaces a reader would trim or fold (xml:space only there)", async () => {
    const texts = [" leading", "trailing ", "two  spaces", "tab\there", "line\nbreak", "plain words"];
    const file = exportFile([texts], "xlsx", "S");
    const sheet = new TextDecoder().decode(unzipSync(file.body)["xl/worksheets/sheet1.xml"]);
    expect(sheet.match(/xml:space="preserve"/g)).toHaveLength(5);
    expect(sheet).toContain("<t>plain words</t>");
    expect((await readXlsx(file.body)).rows).toEqual([texts]);
  });

  it("is the smallest SpreadsheetML package, the same bytes for the same rows", () => {
    const rows = [["a", 1]];
    const files = unzipSync(exportFile(rows, "xlsx", "S").body);
    expect(Object.keys(files)).toEqual(["[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/worksheets/sheet1.xml"]);
    expect(exportFile(rows, "xlsx", "S").body).toEqual(exportFile(rows, "xlsx", "S").body);
  });

  it("writes NaN and infinities as empty cells (Excel has no such numbers)", async () => {
    expect((await readXlsx(exportFile([[Number.NaN, Number.POSITIVE_INFINITY, 1, Number.NEGATIVE_INFINITY]], "xlsx", "S").body)).rows).toEqual([[null, null, 1]]);
  });

  it("refuses more columns than Excel has", () => {
    expect(() => exportFile([Array.from({ length: 16_385 }, () => 1)], "xlsx", "S")).toThrow(RangeError);
  });

  it("names columns A…Z, AA…, XFD last", () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702, 16_383].map(columnName)).toEqual(["A", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA", "XFD"]);
  });
});

describe("excelSheetName", () => {
  it("follows Excel's rules: ≤ 31 characters, none of : \\ / ? * [ ], no apostrophe at either end, not History, never empty", () => {
    expect(excelSheetName("Polls")).toBe("Polls");
    expect(excelSheetName("a:b\\c/d?e*f[g]h")).toBe("a b c d e f g h");
    expect(excelSheetName("x".repeat(40))).toBe("x".repeat(31));
    expect(excelSheetName(`${"x".repeat(30)}😀`)).toBe("x".repeat(30)); // not half an emoji
    expect(excelSheetName("'quoted'")).toBe("quoted");
    expect(excelSheetName("tab\there\uFFFF")).toBe("tabhere");
    expect(excelSheetName("\uFFFE")).toBe("Sheet1");
    expect(excelSheetName("")).toBe("Sheet1");
    expect(excelSheetName("[]")).toBe("Sheet1");
    expect(excelSheetName("History")).toBe("History 1");
    expect(excelSheetName("Sondages & \"résultats\" <2025>")).toBe("Sondages & \"résultats\" <2025>");
  });

  it("any name gives a sheet that exceljs opens with that name", async () => {
    const nameChars = fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom("\uFFFE", "'\uFFFF'", "_x0041_", "[:]", "a\uD800b"));
    await fc.assert(
      fc.asyncProperty(nameChars, async (name) => {
        const sanitized = excelSheetName(name);
        expect(sanitized.length).toBeGreaterThan(0);
        expect(sanitized.length).toBeLessThanOrEqual(31);
        expect(sanitized).not.toMatch(/[:\\/?*[\]\u0000-\u001F\uFFFE\uFFFF]|^'|'$/);
        expect((await readXlsx(exportFile([["x"]], "xlsx", name).body)).name).toBe(sanitized);
      }),
      { numRuns: 50 },
    );
  });
});

describe("exportFile: CSV", () => {
  const rows: Cell[][] = [
    ["Série", "Sondage", "Votes"],
    ["Élève, \"ça\"", "un; deux", 12],
    [null, "ligne\nsuivante", -0.5],
    ["=HYPERLINK(\"http://evil\")", "+1", "-2"],
    ["@SUM(A1)", "\tx", "ok-=+"],
    [],
    [" lead", "trail ", null],
  ];

  it.each([
    ["csv", ","],
    ["csv_semicolon", ";"],
  ] as const)("%s: exceljs reads back every cell, formulas defused, numbers as written", async (type, delimiter) => {
    const file = exportFile(rows, type, "ignored");
    expect(file).toMatchObject({ contentType: "text/csv; charset=utf-8", extension: "csv" });
    expect([...file.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM: Excel reads the accents right
    // fast-csv drops the BOM, as Excel does
    const read = (await readCsvWithExcelJs(file.body, delimiter)).map((row) => trimRow(row, (cell) => cell === ""));
    expect(read).toEqual(expectedCsv(rows));
    expect(parseCsv(decode(file.body), delimiter).map((row) => trimRow(row, (cell) => cell === ""))).toEqual(expectedCsv(rows));
  });

  it("quotes only what needs it, CRLF after each row", () => {
    expect(decode(exportFile([["a", 'say "hi"', null, 3], ["x;y", "one, two", "line\nbreak", "plain"]], "csv", "S").body)).toBe(
      '\uFEFFa,"say ""hi""",,3\r\nx;y,"one, two","line\nbreak",plain\r\n',
    );
    expect(decode(exportFile([["a", 'say "hi"', null, 3], ["x;y", "one, two", "line\nbreak", "plain"]], "csv_semicolon", "S").body)).toBe(
      '\uFEFFa;"say ""hi""";;3\r\n"x;y";one, two;"line\nbreak";plain\r\n',
    );
  });

  it("defuses text a spreadsheet would run as a formula, a multi-line one too, but not numbers", () => {
    expect(decode(exportFile([['=HYPERLINK("http://evil")', "+1", "-2", "@SUM(A1)", "ok-=", -5, "=1\n+2"]], "csv", "S").body)).toBe(
      '\uFEFF"\'=HYPERLINK(""http://evil"")",\'+1,\'-2,\'@SUM(A1),ok-=,-5,"\'=1\n+2"\r\n',
    );
  });

  it("an empty table is just the BOM", () => {
    expect(decode(exportFile([], "csv", "S").body)).toBe("\uFEFF");
  });
});

describe("attachmentHeaders", () => {
  const file = exportFile([["a"]], "csv", "S");

  it("names the download, no cache, no sniffing", () => {
    expect(attachmentHeaders("polls-123", file)).toEqual({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="polls-123.csv"',
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });

  it("adds the exact UTF-8 name in filename* (RFC 8187) when the name is not plain ASCII", () => {
    expect(attachmentHeaders("Résultats \"été\" (1)", file)["Content-Disposition"]).toBe(
      `attachment; filename="R_sultats __t__ (1).csv"; filename*=UTF-8''R%C3%A9sultats%20%22%C3%A9t%C3%A9%22%20%281%29.csv`,
    );
  });
});

describe("round trips (property)", () => {
  const tricky = fc.constantFrom("=1+1", "+", "-x", "@a", "\t", "\r", "\r\n", "\n", '"', '""', ",", ";", " ", "_x0041_", "__x005F_", "a\u0000b", "\uFFFE", "é😀", "'");
  const cell: fc.Arbitrary<Cell> = fc.oneof(
    fc.constant(null),
    fc.string({ unit: "binary", maxLength: 12 }),
    tricky,
    fc.integer({ min: -1e9, max: 1e9 }),
    fc.double(),
  );
  const table = fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 8 });

  it("XLSX: exceljs reads back what was written", async () => {
    await fc.assert(
      fc.asyncProperty(table, async (rows) => {
        expect((await readXlsx(exportFile(rows, "xlsx", "S").body)).rows).toEqual(expectedXlsx(rows));
      }),
      { numRuns: 150 },
    );
  });

  it.each(["csv", "csv_semicolon"] as const satisfies readonly ExportType[])("%s: an RFC 4180 reader reads back what was written", (type) => {
    const delimiter = type === "csv" ? "," : ";";
    fc.assert(
      fc.property(table, (rows) => {
        expect(parseCsv(decode(exportFile(rows, type, "S").body), delimiter).map((row) => trimRow(row, (c) => c === ""))).toEqual(expectedCsv(rows));
      }),
      { numRuns: 300 },
    );
  });
});

describe("exportStream (large tables, page by page)", () => {
  async function* paged(rows: Rows, size: number): AsyncGenerator<Rows> {
    for (let at = 0; at < rows.length; at += size) yield rows.slice(at, at + size);
  }
  async function collect(chunks: AsyncIterable<Uint8Array>): Promise<{ bytes: Uint8Array; count: number }> {
    const parts: Uint8Array[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.length;
    }
    return { bytes, count: parts.length };
  }
  const rows: Cell[][] = [["Name", "E-mail", "Weight"], ...Array.from({ length: 250 }, (_, i): Cell[] => [`Viewer ${i} ; "é"`, i % 7 === 0 ? "=cmd" : `v${i}@example.test`, i % 3 === 0 ? null : i / 2])];

  it("CSV: the same bytes as exportFile, in several chunks", async () => {
    for (const type of ["csv", "csv_semicolon"] as const) {
      const streamed = exportStream(paged(rows, 40), type, "Participants");
      expect(streamed).toMatchObject({ contentType: "text/csv; charset=utf-8", extension: "csv" });
      const { bytes, count } = await collect(streamed.chunks);
      expect(count).toBeGreaterThan(5);
      expect(bytes).toEqual(new Uint8Array(exportFile(rows, type, "Participants").body));
    }
    expect(new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }).decode((await collect(exportStream(paged([], 10), "csv", "x").chunks)).bytes)).toBe("\uFEFF");
  });

  it("XLSX: the same sheet as exportFile, read back by exceljs", async () => {
    const streamed = exportStream(paged(rows, 40), "xlsx", "Participants");
    expect(streamed.extension).toBe("xlsx");
    const { bytes, count } = await collect(streamed.chunks);
    expect(count).toBeGreaterThan(5);
    const entries = unzipSync(bytes);
    const whole = unzipSync(exportFile(rows, "xlsx", "Participants").body);
    expect(Object.keys(entries)).toEqual(Object.keys(whole));
    for (const name of Object.keys(whole)) expect(new TextDecoder().decode(entries[name]), name).toBe(new TextDecoder().decode(whole[name]));
    const read = await readXlsx(bytes);
    expect(read.name).toBe("Participants");
    expect(read.rows).toHaveLength(251);
    expect(read.rows[1]).toEqual(["Viewer 0 ; \"é\"", "=cmd"]);
    expect(read.rows[2]).toEqual(["Viewer 1 ; \"é\"", "v1@example.test", 0.5]);
  });

  it("refuses more columns than Excel has, mid-stream", async () => {
    const wide: Rows = [["a"], Array.from({ length: 16_385 }, () => "x")];
    await expect(collect(exportStream(paged(wide, 1), "xlsx", "x").chunks)).rejects.toThrow(RangeError);
  });
});
