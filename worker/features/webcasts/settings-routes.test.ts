import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { DialInSettings } from "../../../domain/dial-in/settings.ts";
import { verifyPassword } from "../../auth/password.ts";
import { db } from "../../db/client.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { requestWithPool } from "../dial-in/testing.ts";
import { createOrganization, createUser } from "../organizations/fixtures.ts";
import { changeLog } from "../sync/testing.ts";
import { storeWebcastPassword, webcastPasswordHash } from "./secrets.ts";
import { insertWebcast } from "./testing.ts";
import type { WebcastJson } from "../../../domain/webcasts/webcast-json.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };
type One = { data: WebcastJson };

beforeAll(seedDemo);

async function errorOf(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json<ErrorBody>();
}

async function dataOf(response: Response): Promise<WebcastJson> {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json<One>()).data;
}

/** Other tenant 404, a member without the permission 403, signed out 401; the webcast unchanged. */
async function expectGuarded(uid: string, call: (client: TestClient) => Promise<Response>, member: TestClient) {
  const before = await env.DB.prepare("SELECT updated_at FROM webcasts WHERE id = ?").bind(uid).first<{ updated_at: string }>();
  expect((await call(await clientFor("owner@other.test"))).status).toBe(404);
  expect((await errorOf(await call(member), 403)).code).toBe("forbidden");
  expect((await call(new TestClient())).status).toBe(401);
  expect(await env.DB.prepare("SELECT updated_at FROM webcasts WHERE id = ?").bind(uid).first()).toEqual(before);
}

// The three toggles and reset go through the live room: worker/features/webcast-room/control-routes.test.ts.

describe("PATCH /api/webcasts/:id/access-controls", () => {
  it("sets the access flags and the password: has_password in the webcast, the hash on the server only", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const data = await dataOf(await organizer.patch(`/api/webcasts/${row.id}/access-controls`, { privacy: "private", registration_required: true, password: "Viewers-2026" }));
    expect(data).toMatchObject({ privacy: "private", registration_required: true, control_number_required: false, sso_required: false, has_password: true });
    expect(JSON.stringify(data)).not.toMatch(/Viewers-2026|password_hash|pbkdf2/);
    const hash = await webcastPasswordHash(db(env.DB), row.id);
    expect(hash).toMatch(/^pbkdf2-sha256\$/);
    expect(await verifyPassword("Viewers-2026", hash ?? "", env.PASSWORD_PEPPER ?? "")).toBe(true);
    expect((await changeLog(row.id)).map((entry) => entry.op)).toEqual(["put"]);

    // Absent keeps it; null removes it (flag off, hash cleared).
    expect(await dataOf(await organizer.patch(`/api/webcasts/${row.id}/access-controls`, { sso_required: true }))).toMatchObject({ sso_required: true, has_password: true });
    expect(await webcastPasswordHash(db(env.DB), row.id)).toBe(hash);
    expect(await dataOf(await organizer.patch(`/api/webcasts/${row.id}/access-controls`, { password: null }))).toMatchObject({ privacy: "private", has_password: false });
    expect(await webcastPasswordHash(db(env.DB), row.id)).toBeNull();
  });

  it("keeps the later of two concurrent passwords, whatever order the hashes land in", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const database = db(env.DB);
    await storeWebcastPassword(database, { webcast_id: row.id, organization_id: org.id, password_hash: "later", updated_at: "2026-05-01T10:00:01.000Z" });
    await storeWebcastPassword(database, { webcast_id: row.id, organization_id: org.id, password_hash: "earlier", updated_at: "2026-05-01T10:00:00.000Z" });
    expect(await webcastPasswordHash(database, row.id)).toBe("later");
  });

  it("refuses a weak password and malformed flags (422 in English and French), changing nothing", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const en = await errorOf(await (await org.as("organizer")).patch(`/api/webcasts/${row.id}/access-controls`, { privacy: "secret", password: "short" }), 422);
    expect(en.errors?.password).toEqual(expect.arrayContaining(["The password must be at least 8 characters.", "The password must contain at least one uppercase letter."]));
    expect(Object.keys(en.errors ?? {})).toContain("privacy");
    const fr = await errorOf(await (await org.as("organizer", "fr")).patch(`/api/webcasts/${row.id}/access-controls`, { password: "alllowercase1!" }), 422);
    expect(fr.errors?.password).toEqual(["Le mot de passe doit contenir au moins une lettre majuscule."]);
    expect(await webcastPasswordHash(db(env.DB), row.id)).toBeNull();
    expect(await changeLog(row.id)).toEqual([]);
  });

  it("needs webcasts.update before reading the body: other tenant 404, speaker 403, signed out 401", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    await expectGuarded(row.id, (client) => client.patch(`/api/webcasts/${row.id}/access-controls`, { password: "x" }), await org.as("speaker"));
    expect(await webcastPasswordHash(db(env.DB), row.id)).toBeNull();
  });
});

describe("POST /api/webcasts/:id/billing/enable and /disable", () => {
  it("switch billing_enabled for a super admin (organizations.administer)", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const superAdmin = await clientFor("superadmin@demo.test");
    expect((await dataOf(await superAdmin.post(`/api/webcasts/${row.id}/billing/enable`))).billing_enabled).toBe(true);
    expect((await dataOf(await superAdmin.post(`/api/webcasts/${row.id}/billing/disable`))).billing_enabled).toBe(false);
    // The log keeps a row's latest entry only (docs/sync.md "Pull speed").
    expect((await changeLog(row.id)).map((entry) => entry.op)).toEqual(["put"]);
  });

  it("refuse the owner (billing.manage is not enough) with a localized 403; other tenant 404; signed out 401", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const en = await errorOf(await (await org.as("owner")).post(`/api/webcasts/${row.id}/billing/enable`), 403);
    expect(en).toMatchObject({ code: "forbidden", message: "You are not allowed to do this." });
    const fr = await errorOf(await (await org.as("owner", "fr")).post(`/api/webcasts/${row.id}/billing/disable`), 403);
    expect(fr.message).toBe("Vous n'êtes pas autorisé à faire cela.");
    await expectGuarded(row.id, (client) => client.post(`/api/webcasts/${row.id}/billing/enable`), await org.as("admin"));
  });

  it("does not reach the back office yet: it is no member, and the sync push only serves members (404)", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const backOffice = await createUser({ is_back_office: true });
    const response = await (await new TestClient().signInAs(backOffice.email)).post(`/api/webcasts/${row.id}/billing/enable`);
    expect(response.status).toBe(404);
  });
});

describe("POST /api/webcasts/:id/phone/reserve and GET …/dial-in/settings", () => {
  type DialIn = { data: DialInSettings };
  /** wrangler.toml's [vars] DIAL_IN_NUMBERS (fictional 555 numbers). */
  const CONFIGURED = [
    { country: "CA", number: "+1 555 0100", label: "Toll-free" },
    { country: "US", number: "+1 555 0101" },
  ];

  it("reserves the configured numbers and a PIN once (201, then 200 with the same), and the settings answer them", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const off = await organizer.get(`/api/webcasts/${row.id}/dial-in/settings`);
    expect(await off.json()).toEqual({ data: { enabled: false, numbers: [] } });

    const first = await organizer.post(`/api/webcasts/${row.id}/phone/reserve`);
    expect(first.status, await first.clone().text()).toBe(201);
    const reserved = (await first.json<DialIn>()).data;
    expect(reserved).toEqual({ enabled: true, numbers: CONFIGURED, pin: expect.stringMatching(/^\d{9}$/) });
    const again = await (await org.as("admin")).post(`/api/webcasts/${row.id}/phone/reserve`);
    expect(again.status).toBe(200);
    expect((await again.json<DialIn>()).data).toEqual(reserved);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM webcast_dial_in WHERE webcast_id = ?").bind(row.id).first("n")).toBe(1);

    // Everyone who may see the webcast sees the PIN; the webcast itself (synced) is untouched.
    const settings = await (await org.as("owner")).get(`/api/webcasts/${row.id}/dial-in/settings`);
    expect(await settings.json()).toEqual({ data: reserved });
    expect(await changeLog(row.id)).toEqual([]);
  });

  it("gives each webcast its own PIN, also on air, and forgets it with the webcast", async () => {
    const org = await createOrganization();
    const live = await insertWebcast(org.id, { state: "live" });
    const other = await insertWebcast(org.id);
    const organizer = await org.as("organizer");
    const pinOf = async (uid: string) => {
      const response = await organizer.post(`/api/webcasts/${uid}/phone/reserve`);
      expect(response.status, await response.clone().text()).toBe(201);
      const { data } = await response.json<DialIn>();
      return data.enabled ? data.pin : null;
    };
    const [a, b] = [await pinOf(live.id), await pinOf(other.id)];
    expect(a).not.toBe(b);

    expect((await organizer.delete(`/api/webcasts/${other.id}`)).status).toBe(204);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM webcast_dial_in WHERE webcast_id = ?").bind(other.id).first("n")).toBe(0);
  });

  it("refuses to reserve without configured numbers (409, English and French); the settings then say off", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    const en = await errorOf(await requestWithPool(await org.as("organizer"), [], `/api/webcasts/${row.id}/phone/reserve`, "POST"), 409);
    expect(en).toMatchObject({ code: "conflict", message: "Phone dial-in is not available: no dial-in numbers are configured on this platform." });
    const fr = await errorOf(await requestWithPool(await org.as("organizer", "fr"), undefined, `/api/webcasts/${row.id}/phone/reserve`, "POST"), 409);
    expect(fr.message).toBe("L'accès par téléphone n'est pas disponible : aucun numéro d'accès n'est configuré sur cette plateforme.");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM webcast_dial_in WHERE webcast_id = ?").bind(row.id).first("n")).toBe(0);

    // A reservation made while numbers existed is kept, but without numbers there is nothing to dial.
    expect((await (await org.as("organizer")).post(`/api/webcasts/${row.id}/phone/reserve`)).status).toBe(201);
    const settings = await requestWithPool(await org.as("organizer"), "[]", `/api/webcasts/${row.id}/dial-in/settings`);
    expect(await settings.json()).toEqual({ data: { enabled: false, numbers: [] } });
  });

  it("needs webcasts.update to reserve: unknown uid 404 (French too), other tenant 404, speaker 403, signed out 401", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    expect((await errorOf(await (await org.as("admin", "fr")).post("/api/webcasts/0194c4a0-0000-7000-8000-000000000000/phone/reserve"), 404)).message).toBe("Cette page ou ressource n'existe pas.");
    await expectGuarded(row.id, (client) => client.post(`/api/webcasts/${row.id}/phone/reserve`), await org.as("speaker"));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM webcast_dial_in WHERE webcast_id = ?").bind(row.id).first("n")).toBe(0);
  });

  it("settings: unknown uid 404 (in French too), another tenant 404, speaker 403, signed out 401", async () => {
    const org = await createOrganization();
    const row = await insertWebcast(org.id);
    expect((await errorOf(await (await org.as("admin", "fr")).get("/api/webcasts/0194c4a0-0000-7000-8000-000000000000/dial-in/settings"), 404)).message).toBe("Cette page ou ressource n'existe pas.");
    await expectGuarded(row.id, (client) => client.get(`/api/webcasts/${row.id}/dial-in/settings`), await org.as("speaker"));
  });
});
