import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exceljsCsvSheet } from "../exports/testing.ts";
import type { UiLocale } from "../i18n/locales.ts";
import {
  type CsvRowResult,
  createViewerCsvReader,
  InvalidCsvFileError,
  isRowError,
  readViewerCsv,
  rowErrorsCsv,
  type ViewerCsvOptions,
  type ViewerCsvState,
} from "./csv-import.ts";
import { EXCEL_FR_UTF8_BOM, EXCEL_FR_WINDOWS_1252 } from "./csv-fixtures.ts";
import { VIEWER_BOUNDS } from "./rules.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
const FIXTURES: Record<string, Uint8Array> = { "excel-fr-utf8-bom.csv": EXCEL_FR_UTF8_BOM, "excel-fr-windows-1252.csv": EXCEL_FR_WINDOWS_1252 };
const fixture = (name: string) => FIXTURES[name] ?? new Uint8Array();

/** Reads `bytes` cut at `cuts` (sorted offsets), with a small encoding window so the pieces matter. */
function readInPieces(bytes: Uint8Array, cuts: readonly number[], locale: UiLocale = "en", options: ViewerCsvOptions = { sniffBytes: 1 }) {
  const reader = createViewerCsvReader(locale, null, options);
  const rows: CsvRowResult[] = [];
  let last = 0;
  let consumed = 0;
  for (const cut of [...cuts, bytes.length]) {
    const piece = reader.push(bytes.subarray(last, cut));
    expect(piece.consumed).toBeGreaterThanOrEqual(consumed);
    consumed = piece.consumed;
    rows.push(...piece.rows);
    last = cut;
  }
  rows.push(...reader.end().rows);
  return rows;
}

function fileError(read: () => unknown): InvalidCsvFileError {
  try {
    read();
  } catch (error) {
    if (error instanceof InvalidCsvFileError) return error;
    throw error;
  }
  throw new Error("expected an InvalidCsvFileError");
}

const errorsOf = (rows: CsvRowResult[]) => rows.filter(isRowError).map(({ row, errors }) => ({ row, errors }));

describe("readViewerCsv: real-world files", () => {
  const expected = [
    { row: 2, fields: { name: "Élodie Lefèvre", email: "elodie.lefevre@exemple.fr", tags: ["Conseil d'administration", "Votants"], control_number: null, vote_weight: 1.5, password: null } },
    { row: 3, fields: { name: "François Côté", email: "francois.cote@exemple.fr", tags: ["Cœur"], control_number: null, vote_weight: 1, password: null } },
    { row: 5, fields: { name: "Zoë D'Arcy Müller", email: "zoe@exemple.fr", tags: ["Presse", "Invités"], control_number: null, vote_weight: 2, password: null } },
    { row: 6, errors: { email: ["Ce champ doit être une adresse e-mail valide."] }, values: ["Noël", "Brûlé", "pas-une-adresse", "", ""] },
  ];

  it("reads a French Excel export: UTF-8 with BOM, semicolons, CRLF, accents, a quoted line break, a blank row", () => {
    const { rows, header } = readViewerCsv(fixture("excel-fr-utf8-bom.csv"), "fr");
    expect(header).toEqual(["Prénom", "Nom", "Courriel", "Étiquettes", "Poids du vote"]);
    expect(rows).toEqual(expected);
  });

  it("reads the same export in Windows-1252 (é = 0xE9, œ = 0x9C)", () => {
    const bytes = fixture("excel-fr-windows-1252.csv");
    expect(bytes.includes(0xe9) && bytes.includes(0x9c)).toBe(true);
    expect(readViewerCsv(bytes, "fr").rows).toEqual(expected);
    const reader = createViewerCsvReader("fr");
    reader.push(bytes);
    reader.end();
    expect(reader.state()?.encoding).toBe("windows-1252");
  });

  it("reads UTF-8 without BOM with commas and LF, and English headers", () => {
    const text = "Full name,E-mail address,Tags,Control number,Vote weight,Password,Notes\nAda Lovelace,ada@example.com,\"vip, speakers\",C-1,1.5,secret-1,ignored\nGrace Hopper,GRACE@example.com,,,,,\n";
    expect(readViewerCsv(utf8(text), "en").rows).toEqual([
      { row: 2, fields: { name: "Ada Lovelace", email: "ada@example.com", tags: ["vip", "speakers"], control_number: "C-1", vote_weight: 1.5, password: "secret-1" } },
      { row: 3, fields: { name: "Grace Hopper", email: "grace@example.com", tags: [], control_number: null, vote_weight: 1, password: null } },
    ]);
  });

  it("reads a tab-separated file (and UTF-16 LE with BOM, Excel's Unicode text)", () => {
    const text = "Name\tEmail\tGroupes\nAda\tada@example.com\ta|b\n";
    const rows = [{ row: 2, fields: { name: "Ada", email: "ada@example.com", tags: ["a", "b"], control_number: null, vote_weight: 1, password: null } }];
    expect(readViewerCsv(utf8(text), "en").rows).toEqual(rows);
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) utf16[2 + 2 * i] = text.charCodeAt(i);
    expect(readViewerCsv(utf16, "en").rows).toEqual(rows);
    expect(readInPieces(utf16, [1, 2, 3, 7, 20, 21])).toEqual(rows);
  });

  it("recognizes the header aliases whatever the case, accents, spaces and punctuation", () => {
    const text = "  NOM ET PRENOM ; adresse électronique;ETIQUETTES;n° de CONTRÔLE;poids;Mot-de-passe\nA B;a@b.fr;t;42;3;abcd\n";
    expect(readViewerCsv(utf8(text), "fr").rows).toEqual([{ row: 2, fields: { name: "A B", email: "a@b.fr", tags: ["t"], control_number: "42", vote_weight: 3, password: "abcd" } }]);
  });

  it('reads "Nom" as the full name without a "Prénom" column, as the last name with one', () => {
    expect(readViewerCsv(utf8("Nom;Mail\nJean Dupont;j@x.fr\n"), "fr").rows).toMatchObject([{ fields: { name: "Jean Dupont" } }]);
    expect(readViewerCsv(utf8("Nom;Prénom;Mail\nDupont;Jean;j@x.fr\n"), "fr").rows).toMatchObject([{ fields: { name: "Jean Dupont" } }]);
    expect(readViewerCsv(utf8("Last name,Email\nDupont,j@x.fr\n"), "en").rows).toMatchObject([{ fields: { name: "Dupont" } }]);
  });

  it("skips blank records but counts them, and reads a last record without a line end", () => {
    const text = "\n\nName,Email\n\n,\n  ,  \nAda,ada@example.com";
    expect(readViewerCsv(utf8(text), "en").rows).toEqual([{ row: 7, fields: expect.objectContaining({ name: "Ada" }) }]);
  });
});

describe("readViewerCsv: row errors", () => {
  const long = (n: number) => "x".repeat(n);
  const manyTags = Array.from({ length: VIEWER_BOUNDS.tags + 1 }, (_, i) => `t${i}`).join("|");
  const file = [
    "Name,Email,Tags,Control number,Vote weight,Password",
    '"Multi\nline",multi@example.com,,,,', // row 2, spans two lines
    ",noname@example.com,,,,", // 3
    "No Email,,,,,", // 4
    "Bad Email,not-an-email,,,,", // 5
    "Dup,MULTI@example.com,,,,", // 6
    "Weight,w@example.com,,,abc,", // 7
    "Zero,z@example.com,,,0,", // 8
    `${long(VIEWER_BOUNDS.name + 1)},long@example.com,,${long(VIEWER_BOUNDS.control_number + 1)},,`, // 9
    `Tags,tags@example.com,${manyTags},,,`, // 10
    `Tag,tag@example.com,${long(VIEWER_BOUNDS.tag + 1)},,,`, // 11
    "Short,short@example.com,,,,abc", // 12
    "Too few,few@example.com", // 13: judged normally (valid)
    "", // 14: blank
    "Dup again,multi@example.com,,,2,", // 15
    "Dup of error row,noname@example.com", // 16: the first occurrence had no name
  ].join("\n");

  it("gives each bad row its row number and messages (en)", () => {
    const { rows } = readViewerCsv(utf8(file), "en");
    expect(rows.filter((row) => !isRowError(row)).map((row) => row.row)).toEqual([2, 13]);
    expect(errorsOf(rows)).toEqual([
      { row: 3, errors: { name: ["This field is required"] } },
      { row: 4, errors: { email: ["This field is required"] } },
      { row: 5, errors: { email: [expect.stringMatching(/e-mail/i)] } },
      { row: 6, errors: { email: ["This e-mail address already appears in row 2 of the file."] } },
      { row: 7, errors: { vote_weight: ["The vote weight must be a number greater than 0 and at most 1,000,000."] } },
      { row: 8, errors: { vote_weight: [expect.stringContaining("vote weight")] } },
      { row: 9, errors: { name: [expect.stringContaining(String(VIEWER_BOUNDS.name))], control_number: [expect.stringContaining(String(VIEWER_BOUNDS.control_number))] } },
      { row: 10, errors: { tags: ["A viewer has at most 50 tags."] } },
      { row: 11, errors: { tags: ["A tag has at most 50 characters."] } },
      { row: 12, errors: { password: [expect.stringContaining("4")] } },
      { row: 15, errors: { email: ["This e-mail address already appears in row 2 of the file."] } },
      { row: 16, errors: { email: ["This e-mail address already appears in row 3 of the file."] } },
    ]);
    expect(rows.find((row) => row.row === 7)).toMatchObject({ values: ["Weight", "w@example.com", "", "", "abc", ""] });
  });

  it("says it in French", () => {
    const { rows } = readViewerCsv(utf8(file), "fr");
    expect(errorsOf(rows).slice(0, 4)).toEqual([
      { row: 3, errors: { name: ["Ce champ est obligatoire"] } },
      { row: 4, errors: { email: ["Ce champ est obligatoire"] } },
      { row: 5, errors: { email: ["Ce champ doit être une adresse e-mail valide."] } },
      { row: 6, errors: { email: ["Cette adresse courriel figure déjà à la ligne 2 du fichier."] } },
    ]);
    expect(errorsOf(rows)[4]?.errors.vote_weight?.[0]).toMatch(/^Le poids du vote/);
  });

  it("reads the vote weight with a point or a comma; empty is 1", () => {
    const text = 'Name;Email;Weight\nA;a@x.fr;1,5\nB;b@x.fr;"2.25"\nC;c@x.fr;\nD;d@x.fr;1 000\nE;e@x.fr;-1\n';
    expect(readViewerCsv(utf8(text), "en").rows.map((row) => ("fields" in row ? row.fields.vote_weight : "error"))).toEqual([1.5, 2.25, 1, 1000, "error"]);
  });

  it("writes the error report with exportFile: row, field, message and the row's cells", async () => {
    const { rows, header } = readViewerCsv(utf8("Nom;Courriel\n=1+1;\n"), "fr");
    const report = rowErrorsCsv(rows, "fr", { header, type: "csv_semicolon" });
    expect(report.extension).toBe("csv");
    const sheet = await exceljsCsvSheet(report.body, ";");
    const values = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(values).toEqual([
      ["Ligne", "Champ", "Message", "Nom", "Courriel"],
      ["2", "Courriel", "Ce champ est obligatoire", "'=1+1", ""],
    ]);
  });
});

describe("readViewerCsv: Invalid CSV file", () => {
  const cases: [string, Uint8Array, string, string][] = [
    ["an empty file", new Uint8Array(0), "The file is empty.", "Le fichier est vide."],
    ["a BOM alone", new Uint8Array([0xef, 0xbb, 0xbf]), "The file is empty.", "Le fichier est vide."],
    ["blank lines only", utf8("\n ; \n\n"), "The file is empty.", "Le fichier est vide."],
    ["binary content", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), "The file is not a CSV text file. Save the list as CSV (UTF-8) and try again.", "Le fichier n'est pas un fichier texte CSV. Enregistrez la liste au format CSV (UTF-8) et réessayez."],
    [
      "no e-mail column",
      utf8("Name,Phone\nAda,123\n"),
      "The file has no e-mail column. Name the columns of the first row, e.g. Name, Email.",
      "Le fichier n'a pas de colonne d'adresse courriel. Nommez les colonnes de la première ligne, par exemple Nom, Courriel.",
    ],
    [
      "no header row (data first)",
      utf8("Ada,ada@example.com\n"),
      "The file has no e-mail column. Name the columns of the first row, e.g. Name, Email.",
      "Le fichier n'a pas de colonne d'adresse courriel. Nommez les colonnes de la première ligne, par exemple Nom, Courriel.",
    ],
    [
      "no name column",
      utf8("Email;Tags\na@x.fr;t\n"),
      "The file has no name column. Name the columns of the first row, e.g. Name, Email.",
      "Le fichier n'a pas de colonne de nom. Nommez les colonnes de la première ligne, par exemple Nom, Courriel.",
    ],
    [
      "an unterminated quote at the end",
      utf8('Name,Email\nAda,ada@example.com\n"Grace,grace@example.com\n'),
      'The quoted cell that starts in row 3 is never closed: a quote (") is missing.',
      'La cellule entre guillemets qui commence à la ligne 3 n\'est jamais fermée : il manque un guillemet (").',
    ],
    [
      "a misplaced quote",
      utf8('Name,Email\n"Ada" L,ada@example.com\nB,b@example.com\n'),
      'Row 2 has a misplaced quote ("): a quoted cell ends with a quote followed by the separator or the end of the line.',
      'La ligne 2 contient un guillemet (") mal placé : une cellule entre guillemets se termine par un guillemet suivi du séparateur ou de la fin de la ligne.',
    ],
    [
      "a record with more cells than the header",
      utf8("Name,Email\nAda,ada@example.com\nLovelace, Ada,ada@example.com\n"),
      "Row 3 has more cells than the first row (2). Put a cell that holds the separator between quotes.",
      "La ligne 3 a plus de cellules que la première ligne (2). Mettez entre guillemets une cellule qui contient le séparateur.",
    ],
  ];

  it.each(cases)("refuses %s, in English and French", (_, bytes, en, fr) => {
    const english = fileError(() => readViewerCsv(bytes, "en"));
    expect(english.toJSON()).toEqual({ message: "Invalid CSV file", errors: { file: [en] } });
    const french = fileError(() => readViewerCsv(bytes, "fr"));
    expect(JSON.parse(JSON.stringify(french))).toEqual({ message: "Fichier CSV invalide", errors: { file: [fr] } });
    expect(fileError(() => readInPieces(bytes, [1, 2, 5], "fr")).errors).toEqual({ file: [fr] });
  });

  it("accepts extra empty cells (trailing separators) past the header", () => {
    expect(readViewerCsv(utf8("Name;Email\nAda;ada@example.com;;\n"), "en").rows).toHaveLength(1);
  });

  it("keeps refusing after a file error", () => {
    const reader = createViewerCsvReader("en", null, { sniffBytes: 1 });
    expect(() => reader.push(utf8("Name,Phone\n1,2\n"))).toThrow(InvalidCsvFileError);
    expect(() => reader.push(utf8("x"))).toThrow(InvalidCsvFileError);
    expect(() => reader.end()).toThrow(InvalidCsvFileError);
  });
});

describe("createViewerCsvReader: pieces and resume", () => {
  const text = [
    "Name;Email;Tags",
    "Élodie Lefèvre;elodie@example.fr;vip",
    '"Zoë ""Z"" D\'Arcy\r\nsur deux lignes";zoe@example.fr;"a;b"',
    "Dup;ELODIE@example.fr;",
    "",
    "😀 Emoji;emoji@example.fr;🎉",
    ";bad;",
    "Last;last@example.fr;x",
  ].join("\r\n");
  const bytes = utf8(`\uFEFF${text}\r\n`);
  const whole = readViewerCsv(bytes, "fr").rows;

  it("reads the sample as expected in one go", () => {
    expect(whole.map((row) => row.row)).toEqual([2, 3, 4, 6, 7, 8]);
    expect(whole[1]).toMatchObject({ fields: { name: 'Zoë "Z" D\'Arcy sur deux lignes', tags: ["a", "b"] } });
  });

  it("gives the same rows when fed one byte at a time", () => {
    expect(readInPieces(bytes, Array.from({ length: bytes.length - 1 }, (_, i) => i + 1), "fr")).toEqual(whole);
  });

  it("gives the same rows with cuts inside a multi-byte character, a quoted field and a CRLF", () => {
    const at = (needle: string, shift: number) => {
      const index = bytes.findIndex((_, i) => utf8(needle).every((b, j) => bytes[i + j] === b));
      expect(index).toBeGreaterThan(0);
      return index + shift;
    };
    const insideEmoji = at("😀", 2);
    const insideE = at("É", 1);
    const insideQuoted = at("deux", 1);
    const insideCrlf = at("\r\nDup", 1);
    for (const cuts of [[insideE], [insideQuoted], [insideCrlf], [insideEmoji], [insideE, insideQuoted, insideCrlf, insideEmoji]]) {
      expect(readInPieces(bytes, cuts, "fr")).toEqual(whole);
    }
  });

  it("gives the same rows with one cut at any byte", () => {
    for (let cut = 1; cut < bytes.length; cut++) expect(readInPieces(bytes, [cut], "fr")).toEqual(whole);
  });

  it("never depends on where the pieces are cut (property)", () => {
    const windows1252 = fixture("excel-fr-windows-1252.csv");
    const windowsRows = readViewerCsv(windows1252, "fr").rows;
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), fc.integer({ min: 1, max: 64 }), (cuts, sniffBytes) => {
        const sorted = [...cuts].sort((a, b) => a - b);
        expect(readInPieces(bytes, sorted, "fr", { sniffBytes })).toEqual(whole);
        const inFile = sorted.filter((cut) => cut < windows1252.length);
        // The encoding is decided on the first sniffBytes bytes, whatever the pieces: the whole file here.
        expect(readInPieces(windows1252, inFile, "fr", { sniffBytes: 4096 })).toEqual(windowsRows);
      }),
    );
  });

  it("resumes from a JSON state at `consumed` with the same result as one go", () => {
    for (const half of [1, 17, Math.floor(bytes.length / 2), bytes.length - 3]) {
      const first = createViewerCsvReader("fr", null, { sniffBytes: 1 });
      const rows = [...first.push(bytes.subarray(0, half)).rows];
      const state = first.state();
      if (!state) {
        // Header not read yet: start over.
        expect(readInPieces(bytes, [], "fr")).toEqual(whole);
        continue;
      }
      const saved = JSON.parse(JSON.stringify(state)) as ViewerCsvState;
      expect(saved.offset).toBeLessThanOrEqual(half);
      const second = createViewerCsvReader("fr", saved);
      rows.push(...second.push(bytes.subarray(saved.offset)).rows, ...second.end().rows);
      expect(rows).toEqual(whole);
    }
  });

  it("resumes with a caller-kept e-mail store, the state then carrying no e-mails", () => {
    const store = new Map<string, number>();
    const first = createViewerCsvReader("fr", null, { emails: store });
    const cut = bytes.findIndex((_, i) => bytes[i] === 0x44 && bytes[i + 1] === 0x75); // "Du"
    const rows = [...first.push(bytes.subarray(0, cut)).rows];
    const state = first.state();
    expect(state?.emails).toBeUndefined();
    const second = createViewerCsvReader("fr", state, { emails: store });
    rows.push(...second.push(bytes.subarray(state?.offset)).rows, ...second.end().rows);
    expect(rows).toEqual(whole);
  });

  it("resumes a Windows-1252 file", () => {
    const windows1252 = fixture("excel-fr-windows-1252.csv");
    const first = createViewerCsvReader("fr", null, { sniffBytes: 100 });
    const rows = [...first.push(windows1252.subarray(0, 200)).rows];
    const state = JSON.parse(JSON.stringify(first.state())) as ViewerCsvState;
    const second = createViewerCsvReader("fr", state);
    rows.push(...second.push(windows1252.subarray(state.offset)).rows, ...second.end().rows);
    expect(rows).toEqual(readViewerCsv(windows1252, "fr").rows);
  });

  it("reports `consumed` at the end of the last returned record", () => {
    const file = utf8("Name,Email\nA,a@x.fr\nB,b@x.fr\nC,c@");
    const reader = createViewerCsvReader("en", null, { sniffBytes: 1 });
    const piece = reader.push(file);
    expect(piece.rows.map((row) => row.row)).toEqual([2, 3]);
    expect(piece.consumed).toBe(utf8("Name,Email\nA,a@x.fr\nB,b@x.fr\n").length);
    expect(reader.push(utf8("x.fr")).rows).toEqual([]);
    expect(reader.end()).toEqual({ rows: [{ row: 4, fields: expect.objectContaining({ email: "c@x.fr" }) }], consumed: file.length + 4 });
  });
});

describe("readViewerCsv: passwords", () => {
  it("hands a valid row's password to the import, and keeps it out of a bad row's cells (the error file)", () => {
    const { rows } = readViewerCsv(utf8("Name,Email,Password\nAda,ada@example.test,s3cret-pass\nBob,not-an-email,hunter22\n"), "en");
    expect(rows[0]).toEqual({ row: 2, fields: expect.objectContaining({ email: "ada@example.test", password: "s3cret-pass" }) });
    const bad = rows[1];
    expect(bad && isRowError(bad) ? bad.values : null).toEqual(["Bob", "not-an-email", ""]);
  });
});
