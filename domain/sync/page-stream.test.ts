import { describe, expect, it } from "vitest";
import { viewerRow } from "../viewers/testing.ts";
import { StreamFailed, decodeStreamPage, encodeStreamBody, encodeStreamError, encodeStreamPage } from "./page-stream.ts";
import type { PullResponse } from "./types.ts";

const WEBCAST = "0196a0de-0001-7000-8000-000000000000";
const rows = [
  viewerRow({ webcast_id: WEBCAST, name: 'Zoë "Z"\n東京', tags: ["vip", "b"], control_number: "C-1", vote_weight: 2.5, registered: true }),
  viewerRow({ webcast_id: WEBCAST, tags: [], control_number: null }),
];
const page: PullResponse = {
  cursor: 42,
  more: true,
  reset: true,
  total: 3,
  changes: [...rows.map((row) => ({ table: "viewers" as const, id: row.id, op: "put" as const, row })), { table: "viewers", id: "gone", op: "del" }],
};
const columns = Object.keys(rows[0] ?? {});

describe("the streamed pull's lines", () => {
  it("carry a page whole: header, every column of every row, the deletions", () => {
    const line = encodeStreamPage("viewers", columns, page);
    expect(line).not.toContain("\n");
    expect(JSON.parse(line)).toMatchObject({ cursor: 42, more: true, reset: true, total: 3, table: "viewers", columns, dels: ["gone"] });
    expect(decodeStreamPage(line)).toEqual(page);
    // No total on later pages.
    expect(decodeStreamPage(encodeStreamPage("viewers", columns, { cursor: 50, more: false, reset: false, changes: [] }))).toEqual({ cursor: 50, more: false, reset: false, changes: [] });
  });

  it("a body is one line per page, each ending with a newline", () => {
    const body = encodeStreamBody("viewers", [page, { cursor: 50, more: false, reset: false, changes: [] }]);
    const lines = body.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    expect(lines.slice(0, 2).map(decodeStreamPage).map((decoded) => decoded.cursor)).toEqual([42, 50]);
  });

  it("refuses a change of another table, and lines that are not pages", () => {
    expect(() => encodeStreamPage("viewers", columns, { ...page, changes: [{ table: "webcasts", id: "x", op: "del" }] })).toThrow(/webcasts change/);
    const good = JSON.parse(encodeStreamPage("viewers", columns, page)) as Record<string, unknown>;
    const bad = (patch: Record<string, unknown>) => JSON.stringify({ ...good, ...patch });
    expect(() => decodeStreamPage("not json")).toThrow();
    expect(() => decodeStreamPage("[]")).toThrow(/header/);
    expect(() => decodeStreamPage(bad({ cursor: -1 }))).toThrow(/header/);
    expect(() => decodeStreamPage(bad({ more: "yes" }))).toThrow(/header/);
    expect(() => decodeStreamPage(bad({ table: "webcasts" }))).toThrow(/on-demand/);
    expect(() => decodeStreamPage(bad({ columns: ["name"] }))).toThrow(/columns/);
    expect(() => decodeStreamPage(bad({ puts: [["too", "short"]] }))).toThrow(/columns/);
    expect(() => decodeStreamPage(bad({ puts: [columns.map(() => 1)] }))).toThrow(/no id/);
    expect(() => decodeStreamPage(bad({ dels: [7] }))).toThrow(/deletion/);
  });

  it("tell a server failure by a last line with its error body, which decodes to StreamFailed", () => {
    const body = { message: "Erreur du serveur", code: "server_error" as const, requestId: "req-1" };
    const line = encodeStreamError(body);
    expect(line).not.toContain("\n");
    expect(() => decodeStreamPage(line)).toThrow(StreamFailed);
    expect(() => decodeStreamPage(line)).toThrow("Erreur du serveur");
    try {
      decodeStreamPage(line);
    } catch (error) {
      expect(error instanceof StreamFailed && error.body).toEqual(body);
    }
    expect(() => decodeStreamPage(JSON.stringify({ error: { message: "", code: "server_error", requestId: "r" } }))).toThrow(/error line is malformed/);
    expect(() => decodeStreamPage(JSON.stringify({ error: { message: "x", code: "nope", requestId: "r" } }))).toThrow(/error line is malformed/);
    expect(() => decodeStreamPage(JSON.stringify({ error: "boom" }))).toThrow(/error line is malformed/);
  });
});
