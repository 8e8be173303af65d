import { env } from "cloudflare:workers";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { UUID_V7 } from "../../../domain/sync/uuidv7.ts";
import { verifyPassword } from "../../auth/password.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization, mailsTo } from "../organizations/fixtures.ts";
import { sendQueuedInvitations } from "../invitations/sender.ts";
import { changeLog } from "../sync/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import type { ViewerResource } from "./service.ts";
import { FAILING_MAIL, insertBulkViewers, insertViewer, requestWithEnv } from "./testing.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type Page = { data: ViewerResource[]; meta: { page: number; per_page: number; total: number } };
type One = { data: ViewerResource };

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<T>();
}

async function fixture(fields: Parameters<typeof insertWebcast>[1] = {}) {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id, { event_title: "Annual meeting", language: "en", timezone: "America/Toronto", ...fields });
  return { org, webcast, path: `/api/webcasts/${webcast.id}/viewers`, organizer: await org.as("organizer") };
}

async function secretOf(viewerId: string) {
  return env.DB.prepare("SELECT password_hash FROM viewer_secrets WHERE viewer_id = ?").bind(viewerId).first<{ password_hash: string }>();
}

describe("POST /api/webcasts/{uid}/viewers", { timeout: 20_000 }, () => {
  it("creates through createViewer (logged), e-mail in lower case; the password hashed apart, never answered", async () => {
    const { webcast, path, organizer } = await fixture();
    const { data } = await ok<One>(await organizer.post(path, { name: "  Zoé  Tremblay ", email: "Zoe@Example.TEST", tags: ["vip", "VIP", "press"], control_number: "CN-1", vote_weight: 2, password: "secret-pass", registered: true }), 201);
    expect(data).toEqual({
      id: expect.stringMatching(UUID_V7),
      webcast_id: webcast.id,
      name: "Zoé Tremblay",
      email: "zoe@example.test",
      tags: ["vip", "press"],
      control_number: "CN-1",
      vote_weight: 2,
      has_password: true,
      registered: true,
      invitation_sent: false,
      reminder_sent: false,
      is_moderator: false,
      invitation_status: "none",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(data)).not.toContain("secret-pass");
    const secret = await secretOf(data.id);
    expect(secret?.password_hash).toMatch(/^pbkdf2-sha256\$/);
    expect(await verifyPassword("secret-pass", secret?.password_hash ?? "", env.PASSWORD_PEPPER ?? "")).toBe(true);
    expect(await changeLog(data.id)).toEqual([{ seq: expect.any(Number), organization_id: webcast.organization_id, op: "put" }]);
    const without = await ok<One>(await organizer.post(path, { name: "No Password", email: "nopass@example.test" }), 201);
    expect(without.data.has_password).toBe(false);
    expect(await secretOf(without.data.id)).toBeNull();
  });

  it("refuses invalid fields, a short password and a taken e-mail, in English and in French", async () => {
    const { org, path, organizer } = await fixture();
    const en = await errorOf(await organizer.post(path, { name: "", email: "not-an-email", vote_weight: 0, password: "abc" }), 422);
    expect(en.message).toBe("Some fields of the viewer are invalid.");
    expect(Object.keys(en.errors ?? {}).sort()).toEqual(["email", "name", "password", "vote_weight"]);
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(path, { name: "A", email: "bad" }), 422);
    expect(fr.message).toBe("Certains champs du participant sont invalides.");
    expect(fr.errors?.email?.[0]).toMatch(/courriel|adresse/i);
    await ok(await organizer.post(path, { name: "A", email: "a@example.test" }), 201);
    const taken = await errorOf(await organizer.post(path, { name: "B", email: "A@example.test" }), 422);
    expect(taken.errors).toEqual({ email: ["This e-mail address is already a viewer of this webcast."] });
    const malformed = await errorOf(await organizer.post(path, { name: "C", email: "c@example.test", extra: 1 }), 422);
    expect(malformed.code).toBe("validation_failed");
  });

  it("refuses a viewer beyond the webcast's limit (422, en and fr)", async () => {
    const { org, path, organizer } = await fixture();
    await env.DB.prepare("UPDATE organizations SET limits = ? WHERE id = ?").bind(JSON.stringify({ max_viewers: 1 }), org.id).run();
    await ok(await organizer.post(path, { name: "First", email: "first@example.test" }), 201);
    const en = await errorOf(await organizer.post(path, { name: "Second", email: "second@example.test" }), 422);
    expect(en.message).toBe("Viewer limit reached: at most 1 viewers are allowed.");
    const fr = await errorOf(await (await org.as("organizer", "fr")).post(path, { name: "Second", email: "second@example.test" }), 422);
    expect(fr.message).toBe("Limite de participants atteinte : au plus 1 participants sont permis.");
  });
});

describe("GET /api/webcasts/{uid}/viewers", { timeout: 20_000 }, () => {
  it("pages (name, then e-mail), counts, and filters by q, invitation and registration", async () => {
    const { webcast, path, organizer } = await fixture();
    await insertViewer(webcast, { name: "Charlie Brown", email: "charlie@example.test", tags: ["press"], registered: true });
    await insertViewer(webcast, { name: "Alice Martin", email: "alice@example.test", control_number: "CN-0042", invitation_sent: true });
    await insertViewer(webcast, { name: "Bob Roy", email: "bob@corp.test", registered: true, invitation_sent: true });
    await insertViewer(webcast, { name: "Alice Martin", email: "a.martin@example.test" });
    await insertViewer(await insertWebcast(webcast.organization_id), { name: "Alice Elsewhere" });

    const all = await ok<Page>(await organizer.get(path));
    expect(all.meta).toEqual({ page: 1, per_page: 50, total: 4 });
    expect(all.data.map((viewer) => viewer.email)).toEqual(["a.martin@example.test", "alice@example.test", "bob@corp.test", "charlie@example.test"]);
    const second = await ok<Page>(await organizer.get(`${path}?page=2&per_page=3`));
    expect(second).toMatchObject({ meta: { page: 2, per_page: 3, total: 4 }, data: [{ email: "charlie@example.test" }] });

    const emails = async (query: string) => (await ok<Page>(await organizer.get(`${path}?${query}`))).data.map((viewer) => viewer.email);
    expect(await emails("q=ALICE")).toEqual(["a.martin@example.test", "alice@example.test"]);
    expect(await emails("q=corp.test")).toEqual(["bob@corp.test"]);
    expect(await emails("q=PRESS")).toEqual(["charlie@example.test"]);
    expect(await emails("q=cn-0042")).toEqual(["alice@example.test"]);
    expect(await emails("q=50%25")).toEqual([]);
    expect(await emails("invitation=sent")).toEqual(["alice@example.test", "bob@corp.test"]);
    expect(await emails("invitation=not_sent")).toEqual(["a.martin@example.test", "charlie@example.test"]);
    expect(await emails("registration=registered")).toEqual(["bob@corp.test", "charlie@example.test"]);
    expect(await emails("registration=not_registered&invitation=sent")).toEqual(["alice@example.test"]);
    expect((await ok<Page>(await organizer.get(`${path}?registration=registered&q=bob`))).meta.total).toBe(1);

    const bad = await errorOf(await organizer.get(`${path}?per_page=500&invitation=maybe`), 422);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(["invitation", "per_page"]);
  });

  it("needs viewers.manage: a speaker 403, another organization 404, signed out 401", async () => {
    const { org, path } = await fixture();
    expect((await errorOf(await (await org.as("speaker")).get(path), 403)).code).toBe("forbidden");
    expect((await (await clientFor("owner@other.test")).get(path)).status).toBe(404);
    expect((await (await clientFor("owner@other.test")).post(path, { nonsense: true })).status).toBe(404);
    expect((await new TestClient().get(path)).status).toBe(401);
    expect((await (await org.as("speaker")).post(path, { name: "x", email: "x@example.test" })).status).toBe(403);
  });
});

describe("PATCH and DELETE /api/webcasts/{uid}/viewers", { timeout: 20_000 }, () => {
  it("changes fields, sets and removes the password", async () => {
    const { webcast, path, organizer } = await fixture();
    const viewer = await insertViewer(webcast, { name: "Old" });
    const changed = await ok<One>(await organizer.patch(`${path}/${viewer.id}`, { name: "New", is_moderator: true, password: "long-enough" }));
    expect(changed.data).toMatchObject({ id: viewer.id, name: "New", is_moderator: true, has_password: true });
    const hash = (await secretOf(viewer.id))?.password_hash;
    expect(hash).toMatch(/^pbkdf2-sha256\$/);
    expect((await ok<One>(await organizer.patch(`${path}/${viewer.id}`, { password: "another-one" }))).data.has_password).toBe(true);
    expect((await secretOf(viewer.id))?.password_hash).not.toBe(hash);
    expect((await ok<One>(await organizer.patch(`${path}/${viewer.id}`, { password: null }))).data.has_password).toBe(false);
    expect(await secretOf(viewer.id)).toBeNull();
    const short = await errorOf(await organizer.patch(`${path}/${viewer.id}`, { password: "ab" }), 422);
    expect(Object.keys(short.errors ?? {})).toEqual(["password"]);
  });

  it("answers 404 for a viewer of another webcast (en, fr)", async () => {
    const { org, webcast, path, organizer } = await fixture();
    const elsewhere = await insertViewer(await insertWebcast(webcast.organization_id));
    expect((await errorOf(await organizer.patch(`${path}/${elsewhere.id}`, { name: "x" }), 404)).message).toBe("This viewer no longer exists: it was deleted.");
    expect((await errorOf(await (await org.as("organizer", "fr")).patch(`${path}/${elsewhere.id}`, { name: "x" }), 404)).message).toBe("Ce participant n'existe plus : il a été supprimé.");
  });

  it("deletes several at once (deleteViewers, logged); one of another webcast is refused", async () => {
    const { webcast, path, organizer } = await fixture();
    const [a, b, c] = [await insertViewer(webcast), await insertViewer(webcast), await insertViewer(webcast)];
    const { data } = await ok<{ data: { deleted: number } }>(await organizer.delete(path, { viewer_ids: [a.id, b.id] }));
    expect(data).toEqual({ deleted: 2 });
    expect((await ok<Page>(await organizer.get(path))).data.map((viewer) => viewer.id)).toEqual([c.id]);
    expect((await changeLog(a.id)).map((entry) => entry.op)).toEqual(["del"]);
    const other = await insertViewer(await insertWebcast(webcast.organization_id));
    const refused = await errorOf(await organizer.delete(path, { viewer_ids: [c.id, other.id] }), 422);
    expect(refused.errors).toHaveProperty("viewer_ids.1");
    expect((await errorOf(await organizer.delete(path, { viewer_ids: [] }), 422)).errors).toHaveProperty("viewer_ids");
    const ids = Array.from({ length: 1_001 }, () => c.id);
    expect((await errorOf(await organizer.delete(path, { viewer_ids: ids }), 422)).errors?.viewer_ids).toEqual(["Delete at most 1,000 viewers at a time."]);
  });
});

describe("POST /api/webcasts/{uid}/viewers/{viewerId}/send-invitation", { timeout: 20_000 }, () => {
  it("e-mails the personal link now; the token opens GET /api/invitations/{token} without a session, a tampered one does not", async () => {
    const { webcast, path, organizer } = await fixture();
    const viewer = await insertViewer(webcast, { name: "Zoé", email: "zoe-invite@example.test" });
    const { data } = await ok<One>(await organizer.post(`${path}/${viewer.id}/send-invitation`, {}));
    expect(data).toMatchObject({ id: viewer.id, invitation_sent: true, invitation_status: "sent" });
    const [mail] = await mailsTo("zoe-invite@example.test");
    expect(mail).toMatchObject({ template: "viewer_invitation", locale: "en", subject: "Invitation: Annual meeting" });
    expect(mail?.text).toContain("Hello Zoé");
    const link = mail?.text.match(/http:\/\/localhost\/w\/([0-9a-f-]+)\?invite=([A-Za-z0-9_.-]+)/);
    expect(link?.[1]).toBe(webcast.id);
    expect(mail?.html).toContain(`href="${link?.[0]}"`);

    const visitor = new TestClient();
    const opened = await ok<{ data: unknown }>(await visitor.get(`/api/invitations/${link?.[2]}`));
    expect(opened.data).toEqual({ webcast: { id: webcast.id, title: "Annual meeting", start: webcast.event_start_date_time, timezone: "America/Toronto" }, viewer: { name: "Zoé" } });
    const token = link?.[2] ?? "";
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await errorOf(await visitor.get(`/api/invitations/${tampered}`), 404)).message).toBe("This invitation link has expired or is invalid. Ask the organizer to send you a new invitation.");
    expect((await errorOf(await new TestClient("fr").get("/api/invitations/nonsense"), 404)).message).toBe("Ce lien d'invitation a expiré ou n'est pas valide. Demandez à l'organisateur de vous envoyer une nouvelle invitation.");

    await ok(await organizer.delete(path, { viewer_ids: [viewer.id] }));
    expect((await visitor.get(`/api/invitations/${token}`)).status).toBe(404);
  });

  it("a reminder sets reminder_sent; the webcast's language writes the e-mail", async () => {
    const { webcast, path, organizer } = await fixture({ language: "fr" });
    const viewer = await insertViewer(webcast, { email: "rappel@example.test", invitation_sent: true });
    const { data } = await ok<One>(await organizer.post(`${path}/${viewer.id}/send-invitation`, { kind: "reminder" }));
    expect(data).toMatchObject({ reminder_sent: true, invitation_status: "sent" });
    const [mail] = await mailsTo("rappel@example.test");
    expect(mail).toMatchObject({ template: "viewer_reminder", locale: "fr", subject: "Rappel : Annual meeting" });
  });

  it("a mailer failure answers 502 and leaves the delivery failed; sendQueuedInvitations retries it after next_attempt_at", async () => {
    const { org, webcast, path, organizer } = await fixture();
    const viewer = await insertViewer(webcast, { email: "unlucky@example.test" });
    const failed = await requestWithEnv(organizer, FAILING_MAIL, `${path}/${viewer.id}/send-invitation`, { method: "POST", json: {} });
    expect((await errorOf(failed, 502)).message).toBe("The invitation e-mail could not be sent. Please try again.");
    const frFailed = await requestWithEnv(await org.as("organizer", "fr"), FAILING_MAIL, `${path}/${viewer.id}/send-invitation`, { method: "POST", json: {} });
    expect((await errorOf(frFailed, 502)).message).toBe("Le courriel d'invitation n'a pas pu être envoyé. Veuillez réessayer.");
    const [listed] = (await ok<Page>(await organizer.get(path))).data;
    expect(listed).toMatchObject({ invitation_status: "failed", invitation_sent: false });
    const deliveries = await env.DB.prepare("SELECT status, attempts, next_attempt_at FROM invitation_deliveries WHERE viewer_id = ? ORDER BY id").bind(viewer.id).all<{ status: string; attempts: number; next_attempt_at: string }>();
    expect(deliveries.results.map((row) => [row.status, row.attempts])).toEqual([["failed", 1], ["failed", 1]]);

    const now = Date.now();
    expect(await sendQueuedInvitations(env, webcast.id, 10, now)).toMatchObject({ sent: 0, failed: 0, remaining: 0, retryAt: expect.any(String) });
    const later = now + 2 * 60_000;
    expect(await sendQueuedInvitations(env, webcast.id, 10, later)).toEqual({ sent: 2, failed: 0, remaining: 0, retryAt: null });
    expect((await ok<Page>(await organizer.get(path))).data[0]).toMatchObject({ invitation_status: "sent", invitation_sent: true });
    expect((await mailsTo("unlucky@example.test")).map((mail) => mail.status)).toEqual(expect.arrayContaining(["failed"]));
  });

  it("needs viewers.manage; an unknown viewer is 404", async () => {
    const { org, webcast, path, organizer } = await fixture();
    const viewer = await insertViewer(webcast);
    expect((await (await org.as("speaker")).post(`${path}/${viewer.id}/send-invitation`, {})).status).toBe(403);
    expect((await (await clientFor("owner@other.test")).post(`${path}/${viewer.id}/send-invitation`, {})).status).toBe(404);
    expect((await organizer.post(`${path}/0190a0a0-0000-7000-8000-000000000000/send-invitation`, {})).status).toBe(404);
  });
});

describe("GET /api/webcasts/{uid}/participants/export", { timeout: 20_000 }, () => {
  const exportPath = (uid: string, query: string) => `/api/webcasts/${uid}/participants/export?${query}`;

  async function xlsxRows(response: Response): Promise<{ name: string; rows: unknown[][] }> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet?.eachRow({ includeEmpty: true }, (row, r) => {
      rows[r - 1] = Array.from({ length: 10 }, (_, c) => row.getCell(c + 1).value ?? null);
    });
    return { name: sheet?.name ?? "", rows };
  }

  function csvRows(text: string, delimiter: "," | ";"): string[][] {
    expect(text.startsWith("\uFEFF")).toBe(true);
    const parsed = Papa.parse(text.slice(1), { delimiter, newline: "\r\n", skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    return parsed.data;
  }

  it("writes XLSX, CSV and CSV with semicolons, labels in the user's language, filters applied, read back by exceljs and papaparse", async () => {
    const { org, webcast, organizer } = await fixture({ event_title: "Assemblée annuelle" });
    await insertViewer(webcast, { name: "Zoé ; Tremblay", email: "zoe@example.test", tags: ["vip", "press"], control_number: "=1+1", vote_weight: 2.5, registered: true, created_at: "2026-03-01T15:30:00.000Z" });
    await insertViewer(webcast, { name: "Bob", email: "bob@example.test", invitation_sent: true });

    const xlsx = await organizer.get(exportPath(webcast.id, "type=xlsx"));
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.headers.get("Content-Disposition")).toBe(`attachment; filename="Assembl_e annuelle participants.xlsx"; filename*=UTF-8''Assembl%C3%A9e%20annuelle%20participants.xlsx`);
    const book = await xlsxRows(xlsx);
    expect(book.name).toBe("Participants");
    expect(book.rows).toEqual([
      ["Name", "E-mail", "Tags", "Control number", "Vote weight", "Registered", "Invitation sent", "Reminder sent", "Moderator", "Added on"],
      ["Bob", "bob@example.test", null, null, 1, "No", "Yes", "No", "No", expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)],
      ["Zoé ; Tremblay", "zoe@example.test", "vip, press", "=1+1", 2.5, "Yes", "No", "No", "No", "2026-03-01 10:30"],
    ]);

    const csv = await (await org.as("organizer", "fr")).get(exportPath(webcast.id, "type=csv&registration=registered"));
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toContain("participants.csv");
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(csvRows(text, ",")).toEqual([
      ["Nom", "Courriel", "Étiquettes", "Numéro de contrôle", "Poids du vote", "Inscrit", "Invitation envoyée", "Rappel envoyé", "Modérateur", "Ajouté le"],
      ["Zoé ; Tremblay", "zoe@example.test", "vip, press", "'=1+1", "2.5", "Oui", "Non", "Non", "Non", "2026-03-01 10:30"],
    ]);

    const semicolon = await organizer.get(exportPath(webcast.id, "type=csv_semicolon&lang=de&q=bob"));
    const rows = csvRows(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(await semicolon.arrayBuffer()), ";");
    expect(rows.map((row) => row[0])).toEqual(["Name", "Bob"]);
    expect(rows[0]?.[1]).toBe("E-Mail");

    const bad = await errorOf(await organizer.get(exportPath(webcast.id, "type=pdf")), 422);
    expect(bad.errors).toHaveProperty("type");
    expect((await (await org.as("speaker")).get(exportPath(webcast.id, "type=csv"))).status).toBe(403);
    expect((await (await clientFor("owner@other.test")).get(exportPath(webcast.id, "type=csv"))).status).toBe(404);
  });

  it("exports 5,000 viewers (streamed page by page) in CSV and XLSX", async () => {
    const { webcast, organizer } = await fixture();
    await insertBulkViewers(webcast, 5_000);
    const csv = await organizer.get(exportPath(webcast.id, "type=csv"));
    const rows = csvRows(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(await csv.arrayBuffer()), ",");
    expect(rows).toHaveLength(5_001);
    expect(rows[1]?.slice(0, 2)).toEqual(["Bulk 000001", "bulk-000001@example.test"]);
    expect(rows[5_000]?.slice(0, 3)).toEqual(["Bulk 005000", "bulk-005000@example.test", "even"]);
    expect(new Set(rows.slice(1).map((row) => row[1])).size).toBe(5_000);
    const book = await xlsxRows(await organizer.get(exportPath(webcast.id, "type=xlsx&registration=registered")));
    expect(book.rows).toHaveLength(1 + 1_666);
  }, 60_000);
});
