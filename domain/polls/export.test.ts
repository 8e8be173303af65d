import { describe, expect, it } from "vitest";
import type { PollRow, PollingSeriesRow } from "./record.ts";
import { columnName, crc32, csvFile, exportFile, pollExportRows, xlsxFile, zipStored } from "./export.ts";

const base = { organization_id: 1, webcast_id: "w", created_at: "", updated_at: "", description: null, language: "en", multiple_choice: false, display: "fluid", status: "unpublished", recommended_option_id: null } as const;
const poll = (fields: Partial<PollRow> & Pick<PollRow, "id" | "title" | "position">): PollRow => ({ ...base, series_id: null, options: [{ id: "a", text: "Yes" }, { id: "b", text: "No" }], ...fields });
const series = (fields: Pick<PollingSeriesRow, "id" | "title" | "position">): PollingSeriesRow => ({ organization_id: 1, webcast_id: "w", description: null, created_at: "", updated_at: "", ...fields });

/** Bit by bit, no table: an implementation independent of the one under test. */
function referenceCrc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** Reads a zip the way unzip does (end record → central directory → local headers), checking every size and CRC. */
function unzip(zip: Uint8Array): Map<string, string> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  const centralSize = view.getUint32(end + 12, true);
  let at = view.getUint32(end + 16, true);
  expect(at + centralSize).toBe(end);
  const decoder = new TextDecoder();
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    expect(view.getUint16(local + 8, true)).toBe(0); // stored
    expect([view.getUint32(local + 14, true), view.getUint32(local + 18, true), view.getUint32(local + 22, true)]).toEqual([crc, size, size]);
    const dataAt = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(dataAt, dataAt + size);
    expect(referenceCrc32(data), name).toBe(crc);
    files.set(name, decoder.decode(data));
    at += 46 + nameLength + skip;
  }
  return files;
}

describe("pollExportRows", () => {
  it("lists one row per option, polls outside any series first, then each series in order, labels in the language asked", () => {
    const polls = [
      poll({ id: "p3", title: "In B", position: 0, series_id: "sb" }),
      poll({ id: "p2", title: "Second", position: 2, multiple_choice: true, display: "paginated", status: "results", language: "fr" }),
      poll({ id: "p1", title: "First", position: 1, recommended_option_id: "b", description: "Why" }),
      poll({ id: "p4", title: "In A", position: 5, series_id: "sa", options: [{ id: "x", text: "Only" }] }),
    ];
    const rows = pollExportRows(polls, [series({ id: "sb", title: "B", position: 1 }), series({ id: "sa", title: "A", position: 0 })], "en");
    expect(rows[0]).toEqual(["Series", "Poll", "Description", "Language", "Multiple choice", "Display", "Status", "Option", "Recommended", "Votes", "Percentage"]);
    expect(rows.slice(1)).toEqual([
      [null, "First", "Why", "English", "No", "Fluid", "Unpublished", "Yes", "No", null, null],
      [null, "First", "Why", "English", "No", "Fluid", "Unpublished", "No", "Yes", null, null],
      [null, "Second", null, "French", "Yes", "Paginated", "Results shown", "Yes", "No", null, null],
      [null, "Second", null, "French", "Yes", "Paginated", "Results shown", "No", "No", null, null],
      ["A", "In A", null, "English", "No", "Fluid", "Unpublished", "Only", "No", null, null],
      ["B", "In B", null, "English", "No", "Fluid", "Unpublished", "Yes", "No", null, null],
      ["B", "In B", null, "English", "No", "Fluid", "Unpublished", "No", "No", null, null],
    ]);
    const fr = pollExportRows([poll({ id: "p1", title: "Q", position: 0, status: "open" })], [], "fr");
    expect(fr[0]).toEqual(["Série", "Sondage", "Description", "Langue", "Choix multiple", "Affichage", "Statut", "Option", "Recommandée", "Votes", "Pourcentage"]);
    expect(fr[1]).toEqual([null, "Q", null, "Anglais", "Non", "Fluide", "Ouvert", "Yes", "Non", null, null]);
  });
});

describe("csvFile", () => {
  it("writes RFC 4180 with a BOM and CRLF, comma or semicolon, quoting only what needs it", () => {
    const rows = [["a", 'say "hi"', null, 3], ["x;y", "one, two", "line\nbreak", "plain"]];
    expect(csvFile(rows, ",")).toBe('\uFEFFa,"say ""hi""",,3\r\nx;y,"one, two","line\nbreak",plain\r\n');
    expect(csvFile(rows, ";")).toBe('\uFEFFa;"say ""hi""";;3\r\n"x;y";one, two;"line\nbreak";plain\r\n');
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvFile([["=HYPERLINK(\"http://evil\")", "+1", "-2", "@SUM(A1)", "ok-=", 5]], ",")).toBe('\uFEFF"\'=HYPERLINK(""http://evil"")",\'+1,\'-2,\'@SUM(A1),ok-=,5\r\n');
  });
});

describe("xlsxFile", () => {
  it("computes the zip CRC-32 (check value of 123456789 is CBF43926)", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it("names columns A…Z, AA…", () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(["A", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
  });

  it("zips stored entries that a zip reader opens, sizes and CRCs checked, the same bytes every time", () => {
    const zip = zipStored([{ name: "a.txt", text: "héllo" }, { name: "dir/b.xml", text: "<b/>" }]);
    expect([...unzip(zip)]).toEqual([["a.txt", "héllo"], ["dir/b.xml", "<b/>"]]);
    expect(zipStored([{ name: "a.txt", text: "héllo" }, { name: "dir/b.xml", text: "<b/>" }])).toEqual(zip);
  });

  it("builds a SpreadsheetML workbook: content types, relationships, workbook, styles, one sheet of inline strings", () => {
    const files = unzip(xlsxFile("Sondages: [1]", [["Titre", "Votes"], ["A & <B> \"c\"\u0001", 12], [null, "x"]]));
    expect([...files.keys()]).toEqual(["[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml", "xl/worksheets/sheet1.xml"]);
    expect(files.get("[Content_Types].xml")).toContain('<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>');
    expect(files.get("_rels/.rels")).toContain('Target="xl/workbook.xml"');
    expect(files.get("xl/workbook.xml")).toContain('<sheet name="Sondages   1 " sheetId="1" r:id="rId1"/>');
    expect(files.get("xl/_rels/workbook.xml.rels")).toContain('Target="worksheets/sheet1.xml"');
    expect(files.get("xl/worksheets/sheet1.xml")).toContain(
      '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">Titre</t></is></c><c r="B1" t="inlineStr"><is><t xml:space="preserve">Votes</t></is></c></row>' +
        '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">A &amp; &lt;B&gt; &quot;c&quot;</t></is></c><c r="B2"><v>12</v></c></row>' +
        '<row r="3"><c r="B3" t="inlineStr"><is><t xml:space="preserve">x</t></is></c></row></sheetData>',
    );
  });

  it("exportFile picks the format and its content type", () => {
    const rows = [["a", "b"]];
    expect(exportFile(rows, "xlsx", "Polls")).toMatchObject({ contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" });
    const csv = exportFile(rows, "csv_semicolon", "Polls");
    expect(csv).toMatchObject({ contentType: "text/csv; charset=utf-8", extension: "csv" });
    expect(new TextDecoder().decode(csv.body)).toBe("a;b\r\n"); // TextDecoder drops the BOM
  });
});
