import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { exportFile } from "../exports/spreadsheet.ts";
import type { PollRow, PollingSeriesRow } from "./record.ts";
import { EXPORT_TYPES } from "../exports/spreadsheet.ts";
import { BALLOT_SHEET_NAME, POLL_SHEET_NAME, ballotLogExportRows, pollExportRows } from "./export.ts";
import { pollResults, recount } from "./tally.ts";

const base = { organization_id: 1, webcast_id: "w", created_at: "", updated_at: "", description: null, language: "en", multiple_choice: false, display: "fluid", status: "unpublished", recommended_option_id: null } as const;
const poll = (fields: Partial<PollRow> & Pick<PollRow, "id" | "title" | "position">): PollRow => ({ ...base, series_id: null, options: [{ id: "a", text: "Yes" }, { id: "b", text: "No" }], ...fields });
const series = (fields: Pick<PollingSeriesRow, "id" | "title" | "position">): PollingSeriesRow => ({ organization_id: 1, webcast_id: "w", description: null, created_at: "", updated_at: "", ...fields });

describe("pollExportRows", () => {
  it("lists one row per option, polls outside any series first, then each series in order, labels in the language asked", () => {
    const polls = [
      poll({ id: "p3", title: "In B", position: 0, series_id: "sb" }),
      poll({ id: "p2", title: "Second", position: 2, multiple_choice: true, display: "paginated", status: "results", language: "fr" }),
      poll({ id: "p1", title: "First", position: 1, recommended_option_id: "b", description: "Why" }),
      poll({ id: "p4", title: "In A", position: 5, series_id: "sa", options: [{ id: "x", text: "Only" }] }),
    ];
    const rows = pollExportRows(polls, [series({ id: "sb", title: "B", position: 1 }), series({ id: "sa", title: "A", position: 0 })], "en");
    expect(rows[0]).toEqual(["Series", "Poll", "Description", "Language", "Multiple choice", "Display", "Status", "Option", "Recommended", "Voters", "Votes", "Percentage"]);
    expect(rows.slice(1)).toEqual([
      [null, "First", "Why", "English", "No", "Fluid", "Unpublished", "Yes", "No", null, null, null],
      [null, "First", "Why", "English", "No", "Fluid", "Unpublished", "No", "Yes", null, null, null],
      [null, "Second", null, "French", "Yes", "Paginated", "Results shown", "Yes", "No", null, null, null],
      [null, "Second", null, "French", "Yes", "Paginated", "Results shown", "No", "No", null, null, null],
      ["A", "In A", null, "English", "No", "Fluid", "Unpublished", "Only", "No", null, null, null],
      ["B", "In B", null, "English", "No", "Fluid", "Unpublished", "Yes", "No", null, null, null],
      ["B", "In B", null, "English", "No", "Fluid", "Unpublished", "No", "No", null, null, null],
    ]);
    const fr = pollExportRows([poll({ id: "p1", title: "Q", position: 0, status: "open" })], [], "fr");
    expect(fr[0]).toEqual(["Série", "Sondage", "Description", "Langue", "Choix multiple", "Affichage", "Statut", "Option", "Recommandée", "Votants", "Votes", "Pourcentage"]);
    expect(fr[1]).toEqual([null, "Q", null, "Anglais", "Non", "Fluide", "Ouvert", "Yes", "Non", null, null, null]);
  });
});

describe("the polls export file", () => {
  const polls = [
    poll({ id: "p1", title: "Quelle équipe ?", position: 0, recommended_option_id: "b", description: "Choisir, puis \"voter\"" }),
    poll({ id: "p2", title: "=cmd|' /C calc'!A0", position: 0, series_id: "s", options: [{ id: "x", text: "Oui; vraiment" }] }),
  ];
  const rows = pollExportRows(polls, [series({ id: "s", title: "Série été", position: 0 })], "fr");

  it("is offered in the three formats of SPEC §9", () => {
    expect(EXPORT_TYPES).toEqual(["xlsx", "csv", "csv_semicolon"]);
  });

  it("opens in a spreadsheet (exceljs) with the French sheet name, headers and every row", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(exportFile(rows, "xlsx", POLL_SHEET_NAME.fr).body).buffer); // no Node Buffer in domain/
    const sheet = workbook.getWorksheet("Sondages");
    expect(sheet?.rowCount).toBe(4);
    const values = (r: number) => Array.from({ length: 12 }, (_, c) => sheet?.getRow(r).getCell(c + 1).value ?? null);
    expect(values(1)).toEqual(["Série", "Sondage", "Description", "Langue", "Choix multiple", "Affichage", "Statut", "Option", "Recommandée", "Votants", "Votes", "Pourcentage"]);
    expect(values(2)).toEqual([null, "Quelle équipe ?", 'Choisir, puis "voter"', "Anglais", "Non", "Fluide", "Non publié", "Yes", "Non", null, null, null]);
    expect(values(3)).toEqual([null, "Quelle équipe ?", 'Choisir, puis "voter"', "Anglais", "Non", "Fluide", "Non publié", "No", "Oui", null, null, null]);
    expect(values(4)).toEqual(["Série été", "=cmd|' /C calc'!A0", null, "Anglais", "Non", "Fluide", "Non publié", "Oui; vraiment", "Non", null, null, null]);
  });

  it("as semicolon CSV: one line per row, a poll title that looks like a formula defused", () => {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(exportFile(rows, "csv_semicolon", POLL_SHEET_NAME.fr).body);
    expect(text.split("\r\n")).toEqual([
      "\uFEFFSérie;Sondage;Description;Langue;Choix multiple;Affichage;Statut;Option;Recommandée;Votants;Votes;Pourcentage",
      ';Quelle équipe ?;"Choisir, puis ""voter""";Anglais;Non;Fluide;Non publié;Yes;Non;;;',
      ';Quelle équipe ?;"Choisir, puis ""voter""";Anglais;Non;Fluide;Non publié;No;Oui;;;',
      "Série été;'=cmd|' /C calc'!A0;;Anglais;Non;Fluide;Non publié;\"Oui; vraiment\";Non;;;",
      "",
    ]);
  });
});

describe("the results in the polls export", () => {
  it("fills voters, weighted votes and percentage per option from the tally; a poll nobody voted in stays empty", () => {
    const voted = poll({ id: "p1", title: "Q", position: 0, recommended_option_id: "a" });
    const untouched = poll({ id: "p2", title: "R", position: 1 });
    const ballots = [
      { poll_id: "p1", voter_key: "v1", option_ids: ["a"], weight: 2.5, cast_at: 1, seq: 1 },
      { poll_id: "p1", voter_key: "v2", option_ids: ["b"], weight: 1, cast_at: 2, seq: 2 },
      { poll_id: "p1", voter_key: "v3", option_ids: ["a"], weight: 0.5, cast_at: 3, seq: 3 },
    ];
    const results = new Map([voted, untouched].map((one) => [one.id, pollResults(one, recount(one, ballots))]));
    const rows = pollExportRows([voted, untouched], [], "en", results);
    expect(rows.slice(1).map((row) => row.slice(7))).toEqual([
      ["Yes", "Yes", 2, 3, 75],
      ["No", "No", 1, 1, 25],
      ["Yes", "No", null, null, null],
      ["No", "No", null, null, null],
    ]);
  });
});

describe("ballotLogExportRows", () => {
  const polls = [poll({ id: "p1", title: "Quelle équipe ?", position: 0, multiple_choice: true })];
  const log = [
    { poll_id: "p1", voter_key: "guest:g", option_ids: ["a", "gone"], weight: 1, cast_at: Date.UTC(2026, 10, 22, 10, 0, 5), seq: 9 },
    { poll_id: "p1", voter_key: "v1", option_ids: ["b"], weight: 2.5, cast_at: Date.UTC(2026, 10, 22, 10, 0, 0), seq: 3 },
    { poll_id: "deleted", voter_key: "v1", option_ids: ["x"], weight: 1, cast_at: Date.UTC(2026, 10, 22, 10, 0, 9), seq: 11 },
  ];

  it("lists every ballot in seq order: poll title, voter, chosen texts, weight, cast at (ISO)", () => {
    expect(ballotLogExportRows(log, polls, "fr")).toEqual([
      ["Séquence", "Sondage", "Votant", "Options", "Poids", "Voté le"],
      [3, "Quelle équipe ?", "v1", "No", 2.5, "2026-11-22T10:00:00.000Z"],
      [9, "Quelle équipe ?", "guest:g", "Yes | gone", 1, "2026-11-22T10:00:05.000Z"],
      [11, "deleted", "v1", "x", 1, "2026-11-22T10:00:09.000Z"],
    ]);
  });

  it("opens in a spreadsheet (exceljs) with numbers as numbers", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(exportFile(ballotLogExportRows(log, polls, "en"), "xlsx", BALLOT_SHEET_NAME.en).body).buffer);
    const sheet = workbook.getWorksheet("Ballots");
    expect(sheet?.getRow(1).getCell(6).value).toBe("Cast at");
    expect(sheet?.getRow(2).getCell(1).value).toBe(3);
    expect(sheet?.getRow(2).getCell(5).value).toBe(2.5);
    expect(sheet?.getRow(3).getCell(4).value).toBe("Yes | gone");
  });
});
