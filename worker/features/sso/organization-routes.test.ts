import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type IdentityProviderSettings, storedIdentityProvider } from "../../../domain/sso/index.ts";
import { db } from "../../db/client.ts";
import { organizations, users } from "../../db/schema/index.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization, createUser } from "./test-support.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

const SECRET = "very-secret-value-42";
const settings = (domains: string[] = ["acme.test"]) => ({
  mode: "restricted",
  issuer: "https://id.acme.test",
  client_id: "igo",
  client_secret: SECRET,
  domains,
});

beforeAll(seedDemo);

async function storedSecret(id: number): Promise<string | null | undefined> {
  const [row] = await db(env.DB).select({ identity_provider: organizations.identity_provider }).from(organizations).where(eq(organizations.id, id));
  return storedIdentityProvider(row?.identity_provider)?.client_secret;
}

describe("GET and PATCH /api/organizations/{id}/sso", () => {
  it("starts off, saves the provider and never gives the secret back", async () => {
    const id = await createOrganization();
    const admin = await clientFor("superadmin@demo.test");
    const initial = await admin.get(`/api/organizations/${id}/sso`);
    expect(initial.status).toBe(200);
    expect(await initial.json()).toEqual({ data: { mode: "off", issuer: null, client_id: null, has_client_secret: false, domains: [] } });

    const saved = await admin.patch(`/api/organizations/${id}/sso`, { ...settings([" ACME.test ", "eu.acme.test"]) });
    expect(saved.status).toBe(200);
    const text = await saved.text();
    expect(text).not.toContain(SECRET);
    expect(JSON.parse(text)).toEqual({
      data: { mode: "restricted", issuer: "https://id.acme.test", client_id: "igo", has_client_secret: true, domains: ["acme.test", "eu.acme.test"] },
    });
    for (const path of [`/api/organizations/${id}/sso`, `/api/organizations/${id}`, "/api/organizations?q=SSO"]) {
      const response = await admin.get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain(SECRET);
    }
    // Stored encrypted: the database alone does not hold the secret.
    expect(await storedSecret(id)).toMatch(/^ey[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it("keeps the stored secret when none is sent, and lets the back office configure", async () => {
    const id = await createOrganization();
    const backOffice = await createUser(`back-office-${id}@fixture.test`);
    await db(env.DB).update(users).set({ is_back_office: true }).where(eq(users.id, backOffice.id));
    const client = await new TestClient().signInAs(backOffice.email);
    expect((await client.patch(`/api/organizations/${id}/sso`, settings([`keep-${id}.test`]))).status).toBe(200);
    const before = await storedSecret(id);
    expect(before).toEqual(expect.any(String));
    const { client_secret: _omitted, ...withoutSecret } = settings([`keep-${id}.test`]);
    const response = await client.patch(`/api/organizations/${id}/sso`, { ...withoutSecret, mode: "open", client_secret: "" });
    expect(response.status).toBe(200);
    expect((await response.json<{ data: IdentityProviderSettings }>()).data).toMatchObject({ mode: "open", has_client_secret: true });
    expect(await storedSecret(id)).toBe(before);
  });

  it("validates: required fields when on, https issuer, domain syntax and duplicates (en, fr)", async () => {
    const id = await createOrganization();
    const en = await (await clientFor("superadmin@demo.test")).patch(`/api/organizations/${id}/sso`, { mode: "open", domains: [] });
    expect(en.status).toBe(422);
    const enErrors = (await en.json<ErrorBody>()).errors ?? {};
    expect(enErrors.issuer).toEqual(["This field is required when single sign-on is on."]);
    expect(Object.keys(enErrors).sort()).toEqual(["client_id", "domains", "issuer"]);

    const bad = await (await clientFor("superadmin@demo.test")).patch(`/api/organizations/${id}/sso`, {
      ...settings(["acme.test", "not a domain", "ACME.test"]),
      issuer: "http://id.acme.test",
    });
    const badErrors = (await bad.json<ErrorBody>()).errors ?? {};
    expect(badErrors.issuer).toEqual(["The issuer must be an https:// address (http:// only for localhost)."]);
    expect(badErrors["domains.1"]).toEqual(["Invalid domain name. Please use the syntax: example.com"]);
    expect(badErrors["domains.2"]).toEqual(["This domain has already been added"]);

    const fr = await (await clientFor("superadmin@demo.test", "fr")).patch(`/api/organizations/${id}/sso`, { ...settings(["x"]), client_id: "" });
    const frErrors = (await fr.json<ErrorBody>()).errors ?? {};
    expect(frErrors.client_id).toEqual(["Ce champ est obligatoire lorsque la connexion unique (SSO) est activée."]);
    expect(frErrors["domains.0"]).toEqual(["Nom de domaine invalide. Veuillez utiliser la syntaxe : example.com"]);
  });

  it("needs a secret to turn SSO on, and accepts off with nothing else", async () => {
    const id = await createOrganization();
    const admin = await clientFor("superadmin@demo.test");
    const { client_secret: _omitted, ...withoutSecret } = settings([`nosecret-${id}.test`]);
    const refused = await admin.patch(`/api/organizations/${id}/sso`, withoutSecret);
    expect(refused.status).toBe(422);
    expect((await refused.json<ErrorBody>()).errors?.client_secret).toEqual(["This field is required when single sign-on is on."]);
    const off = await admin.patch(`/api/organizations/${id}/sso`, { mode: "off" });
    expect(off.status).toBe(200);
    expect((await off.json<{ data: IdentityProviderSettings }>()).data).toEqual({ mode: "off", issuer: null, client_id: null, has_client_secret: false, domains: [] });
  });

  it("routes a domain to one organization only", async () => {
    const first = await createOrganization();
    const second = await createOrganization();
    const admin = await clientFor("superadmin@demo.test");
    expect((await admin.patch(`/api/organizations/${first}/sso`, settings(["shared.test"]))).status).toBe(200);
    const taken = await admin.patch(`/api/organizations/${second}/sso`, settings(["other.test", "shared.test"]));
    expect(taken.status).toBe(422);
    expect((await taken.json<ErrorBody>()).errors).toEqual({ "domains.1": ["This domain already signs in through another organization's identity provider."] });
    // Saving the first again (same domains) is fine.
    expect((await admin.patch(`/api/organizations/${first}/sso`, settings(["shared.test"]))).status).toBe(200);
  });

  it("is for organizations.administer only: 401 signed out, 403 members, 404 another tenant or unknown organization, 419 without CSRF", async () => {
    const body = settings(["perm.test"]);
    expect((await new TestClient().get("/api/organizations/1/sso")).status).toBe(401);
    expect((await new TestClient().patch("/api/organizations/1/sso", body)).status).toBe(401);
    for (const email of ["owner@demo.test", "admin@demo.test", "organizer@demo.test", "viewer@demo.test"]) {
      const member = await clientFor(email);
      expect((await member.get("/api/organizations/1/sso")).status).toBe(403);
      expect((await member.patch("/api/organizations/1/sso", body)).status).toBe(403);
    }
    const other = await clientFor("owner@other.test");
    const read = await other.get("/api/organizations/1/sso");
    expect(read.status).toBe(404);
    expect((await other.patch("/api/organizations/1/sso", body)).status).toBe(404);
    // The other tenant's owner cannot read their own either (back office only).
    expect((await other.get("/api/organizations/2/sso")).status).toBe(403);
    expect((await (await clientFor("superadmin@demo.test")).get("/api/organizations/999999/sso")).status).toBe(404);
    const noCsrf = await (await clientFor("superadmin@demo.test")).request("/api/organizations/1/sso", { method: "PATCH", json: body, csrf: false });
    expect(noCsrf.status).toBe(419);
  });
});
