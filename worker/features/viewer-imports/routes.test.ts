import { env } from "cloudflare:workers";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { type TestClient, clientFor } from "../../test/client.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import type { ImportLog } from "./service.ts";
import { generatedCsv, importLogOf, manualAlarms, runSteps, upload } from "./testing.ts";

interface StoredViewer {
  id: string;
  name: string;
  email: string;
  tags: string;
  control_number: string | null;
  vote_weight: number;
  created_at: string;
  updated_at: string;
}

async function viewersOf(webcastId: string): Promise<StoredViewer[]> {
  const { results } = await env.DB.prepare("SELECT * FROM viewers WHERE webcast_id = ? ORDER BY email").bind(webcastId).all<StoredViewer>();
  return results;
}

async function logEntries(webcastId: string): Promise<{ row_id: string; op: string; n: number }[]> {
  const { results } = await env.DB.prepare(
    "SELECT c.row_id, c.op, count(*) AS n FROM sync_changes c JOIN viewers v ON v.id = c.row_id WHERE c.table_name = 'viewers' AND v.webcast_id = ? GROUP BY c.row_id, c.op",
  )
    .bind(webcastId)
    .all<{ row_id: string; op: string; n: number }>();
  return results;
}

let organizer: TestClient;
let organizationId: number;

beforeAll(async () => {
  organizer = await clientFor("organizer@demo.test");
  organizationId = await cloneDemoEvents();
});

async function newWebcast(fields: Parameters<typeof insertWebcast>[1] = {}, organization = organizationId): Promise<string> {
  const webcast = await insertWebcast(organization, fields);
  await manualAlarms(webcast.id);
  return webcast.id;
}

async function started(response: Response): Promise<ImportLog> {
  const body = (await response.json()) as { data: ImportLog };
  expect(response.status, JSON.stringify(body)).toBe(202);
  return body.data;
}

describe("POST viewers/upload → ViewerJobs alarms → D1", { timeout: 30_000 }, () => {
  it("imports a file end to end: counts, rows, change-log entries", async () => {
    const webcastId = await newWebcast();
    const log = await started(await upload(organizer, webcastId, generatedCsv(25)));
    expect(log).toMatchObject({ status: "importing", file_name: "viewers.csv", processed_rows: 0, total_rows: null });
    expect(await runSteps(webcastId)).toBeGreaterThanOrEqual(3);
    const done = await importLogOf(organizer, webcastId, log.id);
    expect(done).toMatchObject({ status: "imported", total_rows: 25, processed_rows: 25, created_rows: 25, updated_rows: 0, error_rows: 0, errors: [], failure: null });
    expect(done.bytes_done).toBe(done.file_size);
    expect(done.rows_per_second).toBeGreaterThan(0);
    expect(done.user?.name).toBeTruthy();
    const viewers = await viewersOf(webcastId);
    expect(viewers).toHaveLength(25);
    expect(viewers.find((viewer) => viewer.email === "person-3@import.test")).toMatchObject({ name: "Person 3", tags: JSON.stringify(["team", "wave 3"]), vote_weight: 1 });
    const entries = await logEntries(webcastId);
    expect(entries).toHaveLength(25);
    expect(entries.every((entry) => entry.op === "put" && entry.n === 1)).toBe(true);
  });
});

describe("re-imports, row errors, limits", { timeout: 30_000 }, () => {
  it("updates viewers by e-mail on a re-import (no duplicate) and says 'completed' when nothing changed", async () => {
    const webcastId = await newWebcast();
    const first = await started(await upload(organizer, webcastId, generatedCsv(10)));
    await runSteps(webcastId);
    expect(await importLogOf(organizer, webcastId, first.id)).toMatchObject({ status: "imported", created_rows: 10 });
    const before = await viewersOf(webcastId);

    // Same file: every viewer already up to date.
    const same = await started(await upload(organizer, webcastId, generatedCsv(10)));
    await runSteps(webcastId);
    expect(await importLogOf(organizer, webcastId, same.id)).toMatchObject({ status: "completed", processed_rows: 10, created_rows: 0, updated_rows: 0 });
    expect(await viewersOf(webcastId)).toEqual(before);

    // Two renamed (e-mail in another case), two new.
    const changed = generatedCsv(12, { name: (index) => (index < 2 ? `Renamed ${index}` : `Person ${index}`) }).replace("person-0@import.test", "PERSON-0@Import.Test");
    const third = await started(await upload(organizer, webcastId, changed));
    await runSteps(webcastId);
    expect(await importLogOf(organizer, webcastId, third.id)).toMatchObject({ status: "imported", processed_rows: 12, created_rows: 2, updated_rows: 2, error_rows: 0 });
    const after = await viewersOf(webcastId);
    expect(after).toHaveLength(12);
    const renamed = after.find((viewer) => viewer.email === "person-0@import.test");
    expect(renamed).toMatchObject({ name: "Renamed 0", id: before.find((viewer) => viewer.email === "person-0@import.test")?.id });
    // Still one change-log entry per viewer (the older one of each updated row dropped).
    const entries = await logEntries(webcastId);
    expect(entries).toHaveLength(12);
    expect(entries.every((entry) => entry.n === 1)).toBe(true);
  });

  it("reports bad rows with their spreadsheet row numbers, imports the others, and serves the error file", async () => {
    const webcastId = await newWebcast();
    const csv = ["Name,Email,Vote weight", "Ada,ada@import.test,2", ",no-name@import.test,", "Bob,not-an-address,", "", "Cy,ada@import.test,", "Di,di@import.test,-1", "Ed,ed@import.test,1.5"].join("\n");
    const log = await started(await upload(organizer, webcastId, csv, "liste.csv"));
    await runSteps(webcastId);
    const done = await importLogOf(organizer, webcastId, log.id);
    expect(done).toMatchObject({ status: "imported_with_errors", processed_rows: 6, created_rows: 2, error_rows: 4 });
    expect(done.errors.map((error) => [error.row, Object.keys(error.errors)])).toEqual([
      [3, ["name"]],
      [4, ["email"]],
      [6, ["email"]],
      [7, ["vote_weight"]],
    ]);
    expect(done.errors[2]?.errors.email?.[0]).toContain("row 2");
    expect((await viewersOf(webcastId)).map((viewer) => [viewer.email, viewer.vote_weight])).toEqual([
      ["ada@import.test", 2],
      ["ed@import.test", 1.5],
    ]);

    for (const [type, delimiter] of [
      ["csv", ","],
      ["csv_semicolon", ";"],
    ] as const) {
      const response = await organizer.get(`/api/webcasts/${webcastId}/viewers/upload-logs/${log.id}/errors?type=${type}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Disposition")).toContain("liste errors.csv");
      const parsed = Papa.parse((await response.text()).replace(/^\uFEFF/, ""), { delimiter, skipEmptyLines: true }) as { data: string[][] };
      expect(parsed.data[0]).toEqual(["Row", "Field", "Message", "Name", "Email", "Vote weight"]);
      expect(parsed.data.slice(1).map((line) => [line[0], line[1], line[3], line[4]])).toEqual([
        ["3", "Name", "", "no-name@import.test"],
        ["4", "E-mail", "Bob", "not-an-address"],
        ["6", "E-mail", "Cy", "ada@import.test"],
        ["7", "Vote weight", "Di", "di@import.test"],
      ]);
    }
    const xlsx = await organizer.get(`/api/webcasts/${webcastId}/viewers/upload-logs/${log.id}/errors?type=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(new Uint8Array(await xlsx.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    expect((await organizer.get(`/api/webcasts/${webcastId}/viewers/upload-logs/${log.id}/errors?type=pdf`)).status).toBe(422);
  });

  it("turns the rows beyond the viewer limit into row errors, mid-file", async () => {
    const limited = await cloneDemoEvents();
    await env.DB.prepare("UPDATE organizations SET limits = ? WHERE id = ?").bind(JSON.stringify({ max_viewers: 10 }), limited).run();
    const webcastId = await newWebcast({}, limited);
    const first = await started(await upload(organizer, webcastId, generatedCsv(4)));
    await runSteps(webcastId);
    expect(await importLogOf(organizer, webcastId, first.id)).toMatchObject({ status: "imported", created_rows: 4 });
    // 4 known (updated, always admitted) + 6 new places; the last 5 new rows are refused.
    const log = await started(await upload(organizer, webcastId, generatedCsv(15, { name: (index) => `New name ${index}` })));
    await runSteps(webcastId);
    const done = await importLogOf(organizer, webcastId, log.id);
    expect(done).toMatchObject({ status: "imported_with_errors", processed_rows: 15, created_rows: 6, updated_rows: 4, error_rows: 5 });
    expect(done.errors.map((error) => error.row)).toEqual([12, 13, 14, 15, 16]);
    expect(done.errors[0]?.errors.email?.[0]).toMatch(/limit/i);
    expect(await viewersOf(webcastId)).toHaveLength(10);
  });

  it("stores hashed passwords of the rows that carry one", async () => {
    const webcastId = await newWebcast();
    const log = await started(await upload(organizer, webcastId, "Name,Email,Password\nAda,ada@pw.test,secret-1\nBob,bob@pw.test,\n"));
    await runSteps(webcastId);
    expect(await importLogOf(organizer, webcastId, log.id)).toMatchObject({ status: "imported", created_rows: 2 });
    const { results } = await env.DB.prepare("SELECT v.email, s.password_hash FROM viewers v LEFT JOIN viewer_secrets s ON s.viewer_id = v.id WHERE v.webcast_id = ? ORDER BY v.email")
      .bind(webcastId)
      .all<{ email: string; password_hash: string | null }>();
    expect(results[0]?.password_hash).toMatch(/^pbkdf2-sha256\$/);
    expect(results[1]?.password_hash).toBeNull();
  });

  it("hashes at most a few dozen passwords a step (PBKDF2 is slow on purpose)", async () => {
    const webcastId = await newWebcast();
    const lines = ["Name,Email,Password", ...Array.from({ length: 90 }, (_, index) => `P ${index},p-${index}@pw.test,secret-${index}`)];
    const log = await started(await upload(organizer, webcastId, lines.join("\n")));
    // Counting, then 2 KiB chunks (the first range read again smaller once passwords show: not all 90 at once), then the end.
    expect(await runSteps(webcastId)).toBeGreaterThanOrEqual(4);
    expect(await importLogOf(organizer, webcastId, log.id)).toMatchObject({ status: "imported", created_rows: 90 });
    const hashed = await env.DB.prepare("SELECT count(*) AS n FROM viewer_secrets s JOIN viewers v ON v.id = s.viewer_id WHERE v.webcast_id = ?").bind(webcastId).first<{ n: number }>();
    expect(hashed?.n).toBe(90);
  });
});

/** Windows-1252 bytes of a text (Latin-1 plus the few 0x80–0x9F letters the fixture uses). */
function windows1252(text: string): Uint8Array {
  const high: Record<string, number> = { "€": 0x80, Œ: 0x8c, œ: 0x9c, "’": 0x92 };
  return Uint8Array.from([...text], (char) => high[char] ?? (char.charCodeAt(0) <= 0xff ? char.charCodeAt(0) : 0x3f));
}

/** domain/viewers/fixtures/excel-fr-*.csv: Excel (French) output, semicolons, a quoted line break, a blank row, a bad e-mail. */
const EXCEL_FR = `Prénom;Nom;Courriel;Étiquettes;Poids du vote\r\nÉlodie;Lefèvre;Elodie.Lefevre@Exemple.fr;Conseil d'administration, Votants;1,5\r\nFrançois;Côté;francois.cote@exemple.fr;Cœur;\r\n;;;;\r\nZoë;"D'Arcy\r\nMüller";zoe@exemple.fr;"Presse; Invités";2\r\nNoël;Brûlé;pas-une-adresse;;\r\n`;

describe("Excel files", { timeout: 30_000 }, () => {
  for (const [label, bytes] of [
    ["Windows-1252", windows1252(EXCEL_FR)],
    ["UTF-8 with a BOM", new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(EXCEL_FR)])],
  ] as const) {
    it(`reads ${label}, semicolons and French headers`, async () => {
      const webcastId = await newWebcast();
      const french = await clientFor("organizer@demo.test", "fr");
      const log = await started(await upload(french, webcastId, bytes));
      await runSteps(webcastId);
      const done = await importLogOf(organizer, webcastId, log.id);
      expect(done).toMatchObject({ status: "imported_with_errors", total_rows: 4, processed_rows: 4, created_rows: 3, error_rows: 1 });
      expect(done.errors).toEqual([{ row: 6, errors: { email: [expect.stringContaining("adresse e-mail")] } }]);
      const viewers = await viewersOf(webcastId);
      expect(viewers.map((viewer) => [viewer.name, viewer.email, JSON.parse(viewer.tags), viewer.vote_weight])).toEqual([
        ["Élodie Lefèvre", "elodie.lefevre@exemple.fr", ["Conseil d'administration", "Votants"], 1.5],
        ["François Côté", "francois.cote@exemple.fr", ["Cœur"], 1],
        ["Zoë D'Arcy Müller", "zoe@exemple.fr", ["Presse", "Invités"], 2],
      ]);
    });
  }
});

describe("refusals", { timeout: 30_000 }, () => {
  it("refuses a file that is not CSV: empty, binary, no e-mail column (422 'Invalid CSV file')", async () => {
    const webcastId = await newWebcast();
    for (const content of [new Uint8Array(), new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 8, 0, 0]), "Nom,Téléphone\nAda,555\n"]) {
      const response = await upload(organizer, webcastId, content);
      const body = (await response.json()) as { message: string; errors: { file: string[] } };
      expect(response.status).toBe(422);
      expect(body.message).toBe("Invalid CSV file");
      expect(body.errors.file).toHaveLength(1);
    }
    const french = await clientFor("organizer@demo.test", "fr");
    const response = await upload(french, webcastId, new Uint8Array());
    expect(((await response.json()) as { message: string }).message).toBe("Fichier CSV invalide");
    expect((await organizer.get(`/api/webcasts/${webcastId}/viewers/upload-logs`)).status).toBe(200);
    expect(await viewersOf(webcastId)).toEqual([]);
  });

  it("streams the file into R2 as it arrives: no file part (422), not multipart (415), over 50 MB without a length (422, nothing kept)", async () => {
    const webcastId = await newWebcast();
    const noFile = new FormData();
    noFile.append("note", "no file here");
    noFile.append("file", new File([], ""));
    const missing = await organizer.request(`/api/webcasts/${webcastId}/viewers/upload`, { method: "POST", body: noFile });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { errors: { file: string[] } }).errors.file).toEqual(["Choose a CSV file to upload."]);
    const json = await organizer.request(`/api/webcasts/${webcastId}/viewers/upload`, { method: "POST", json: { file: "Name,Email" } });
    expect(json.status).toBe(415);

    // 51 MB of valid rows sent as a stream (no Content-Length): refused once past 50 MB.
    const boundary = "----igo-test-boundary";
    const encoder = new TextEncoder();
    const rows = encoder.encode("Person,person@import.test\r\n".repeat(40_000));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\nName,Email\r\n`));
      },
      pull(controller) {
        if (sent > 51 * 1024 * 1024) {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(rows);
        sent += rows.length;
      },
    });
    const tooLarge = await organizer.request(`/api/webcasts/${webcastId}/viewers/upload`, { method: "POST", body, headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` } });
    expect(tooLarge.status).toBe(422);
    expect(((await tooLarge.json()) as { errors: { file: string[] } }).errors.file).toEqual(["The file is larger than 50 MB. Split the list into smaller files."]);
    expect((await env.MEDIA.list({ prefix: `imports/` })).objects.filter((object) => object.key.includes(webcastId))).toEqual([]);
    expect(((await (await organizer.get(`/api/webcasts/${webcastId}/viewers/upload-logs`)).json()) as { data: unknown[] }).data).toEqual([]);
  });

  it("refuses a second upload while one runs (409, en and fr), then takes it once the first ended", async () => {
    const webcastId = await newWebcast();
    const log = await started(await upload(organizer, webcastId, generatedCsv(5)));
    const second = await upload(organizer, webcastId, generatedCsv(5));
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toBe("Another file is being processed. Please wait until it has finished to upload a new one.");
    const french = await upload(await clientFor("organizer@demo.test", "fr"), webcastId, generatedCsv(5));
    expect(((await french.json()) as { message: string }).message).toMatch(/^Un autre fichier est en cours de traitement/);
    // Uploads at once: exactly one wins.
    await runSteps(webcastId);
    expect((await importLogOf(organizer, webcastId, log.id)).status).toBe("imported");
    const racing = await Promise.all([upload(organizer, webcastId, generatedCsv(3)), upload(organizer, webcastId, generatedCsv(3))]);
    expect(racing.map((response) => response.status).sort()).toEqual([202, 409]);
    await runSteps(webcastId);
  });

  it("ends an import that made no progress for 10 minutes (its job lost) as failed, so the next upload starts", async () => {
    const webcastId = await newWebcast();
    const lost = await started(await upload(organizer, webcastId, generatedCsv(5)));
    expect((await upload(organizer, webcastId, generatedCsv(5))).status).toBe(409);
    const eleven = new Date(Date.now() - 11 * 60_000).toISOString();
    await env.DB.prepare("UPDATE viewer_imports SET updated_at = ? WHERE id = ?").bind(eleven, lost.id).run();
    const next = await started(await upload(organizer, webcastId, generatedCsv(5)));
    expect(await importLogOf(organizer, webcastId, lost.id)).toMatchObject({
      status: "failed",
      failure: { message: "The import stopped making progress (no chunk for 10 minutes). The rows counted went in; upload the file again to finish." },
    });
    await runSteps(webcastId);
    expect((await importLogOf(organizer, webcastId, next.id)).status).toBe("imported");
  });

  it("answers 404 to another organization and 403 to a speaker", async () => {
    const webcastId = await newWebcast();
    const log = await started(await upload(organizer, webcastId, generatedCsv(2)));
    await runSteps(webcastId);
    const outsider = await clientFor("owner@other.test");
    const speaker = await clientFor("speaker@demo.test");
    const paths = [`/api/webcasts/${webcastId}/viewers/upload-logs`, `/api/webcasts/${webcastId}/viewers/upload-logs/${log.id}`, `/api/webcasts/${webcastId}/viewers/upload-logs/${log.id}/errors`];
    for (const path of paths) {
      expect((await outsider.get(path)).status).toBe(404);
      expect((await speaker.get(path)).status).toBe(403);
    }
    expect((await upload(outsider, webcastId, generatedCsv(1))).status).toBe(404);
    expect((await upload(speaker, webcastId, generatedCsv(1))).status).toBe(403);
    expect((await outsider.delete(`/api/webcasts/${webcastId}/viewers/upload-logs/${log.id}`)).status).toBe(404);
    // Another webcast's import is not found through this one.
    const otherWebcast = await newWebcast();
    expect((await organizer.get(`/api/webcasts/${otherWebcast}/viewers/upload-logs/${log.id}`)).status).toBe(404);
  });
});

describe("cancel and delete", { timeout: 30_000 }, () => {
  it("cancels mid-import: whole chunks only, the counts say how many rows went in", { timeout: 60_000 }, async () => {
    const webcastId = await newWebcast();
    const log = await started(await upload(organizer, webcastId, generatedCsv(20_000)));
    expect(await runSteps(webcastId, 2)).toBe(2); // the counting pass, then the first chunk
    const partial = await importLogOf(organizer, webcastId, log.id);
    expect(partial).toMatchObject({ status: "processing", total_rows: 20_000 });
    expect(partial.processed_rows).toBeGreaterThan(0);
    expect(partial.processed_rows).toBeLessThan(20_000);

    const canceling = await organizer.delete(`/api/webcasts/${webcastId}/viewers/upload-logs/${log.id}`);
    expect(canceling.status).toBe(202);
    await runSteps(webcastId);
    const canceled = await importLogOf(organizer, webcastId, log.id);
    expect(canceled).toMatchObject({ status: "canceled", processed_rows: partial.processed_rows, created_rows: partial.processed_rows });
    expect(canceled.finished_at).not.toBeNull();
    const viewers = await viewersOf(webcastId);
    expect(viewers).toHaveLength(partial.processed_rows);
    expect(await logEntries(webcastId)).toHaveLength(partial.processed_rows);
    // The rows that went in are the file's first ones.
    const { results } = await env.DB.prepare("SELECT max(CAST(substr(email, 8, instr(email, '@') - 8) AS INTEGER)) AS last FROM viewers WHERE webcast_id = ?").bind(webcastId).all<{ last: number }>();
    expect(results[0]?.last).toBe(partial.processed_rows - 1);
    // A new upload is taken again.
    expect((await upload(organizer, webcastId, generatedCsv(1))).status).toBe(202);
    await runSteps(webcastId);
  });

  it("deletes a finished log with its errors and its file, and every finished log at once", async () => {
    const webcastId = await newWebcast();
    const first = await started(await upload(organizer, webcastId, "Name,Email\nAda,bad\n"));
    await runSteps(webcastId);
    expect((await importLogOf(organizer, webcastId, first.id)).status).toBe("failed");
    const second = await started(await upload(organizer, webcastId, generatedCsv(2)));
    await runSteps(webcastId);
    const key = `imports/${organizationId}/${webcastId}/${first.id}.csv`;
    expect(await env.MEDIA.head(key)).not.toBeNull();
    const deleted = await organizer.delete(`/api/webcasts/${webcastId}/viewers/upload-logs/${first.id}`);
    expect(await deleted.json()).toEqual({ data: { deleted: 1 } });
    expect(await env.MEDIA.head(key)).toBeNull();
    expect((await env.DB.prepare("SELECT count(*) AS n FROM viewer_import_errors WHERE import_id = ?").bind(first.id).first<{ n: number }>())?.n).toBe(0);
    expect((await organizer.get(`/api/webcasts/${webcastId}/viewers/upload-logs/${first.id}`)).status).toBe(404);
    const list = (await (await organizer.get(`/api/webcasts/${webcastId}/viewers/upload-logs`)).json()) as { data: ImportLog[] };
    expect(list.data.map((entry) => entry.id)).toEqual([second.id]);
    expect(await (await organizer.delete(`/api/webcasts/${webcastId}/viewers/upload-logs`)).json()).toEqual({ data: { deleted: 1 } });
    expect(((await (await organizer.get(`/api/webcasts/${webcastId}/viewers/upload-logs`)).json()) as { data: ImportLog[] }).data).toEqual([]);
  });
});
