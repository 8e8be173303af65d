import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FEATURE_FLAGS, WEBCAST_FEATURE_FLAGS } from "../../../domain/organizations/features.ts";
import { DEFAULT_LIMITS, LIMIT_KEYS, SELF_SERVE_DEFAULT_LIMITS } from "../../../domain/organizations/limits.ts";
import { type Organization, canCreateServices } from "../../../domain/organizations/organization.ts";
import { db } from "../../db/client.ts";
import { organizations } from "../../db/schema/index.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { createOrganization, createUser, organizationRow } from "./fixtures.ts";

type Page = { data: Organization[]; meta: { page: number; per_page: number; total: number } };
type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

beforeAll(seedDemo);

describe("GET /api/organizations", () => {
  it("lists the organizer's own organizations", async () => {
    const response = await (await clientFor("organizer@demo.test")).get("/api/organizations");
    expect(response.status).toBe(200);
    const body = await response.json<Page>();
    expect(body.data.map((org) => org.name)).toEqual(["Demo Events"]);
    expect(body.meta).toEqual({ page: 1, per_page: 20, total: 1 });
  });

  it("lets a super admin and the back office see every organization", async () => {
    const fixture = await createOrganization();
    const backOffice = await createUser({ is_back_office: true });
    for (const client of [await clientFor("superadmin@demo.test"), await new TestClient().signInAs(backOffice.email)]) {
      const body = await (await client.get("/api/organizations?q=")).json<Page>();
      const total = (await env.DB.prepare("SELECT COUNT(*) AS n FROM organizations").first<{ n: number }>())?.n;
      expect(body.meta.total).toBe(total);
      const found = await (await client.get(`/api/organizations?q=${encodeURIComponent("Fixture")}&page=1`)).json<Page>();
      expect(found.data.map((org) => org.id)).toContain(fixture.id);
    }
  });

  it("searches names (case-insensitive, wildcards taken literally) and pages", async () => {
    const admin = await clientFor("superadmin@demo.test");
    const byName = await (await admin.get("/api/organizations?q=demo%20EV")).json<Page>();
    expect(byName.data.map((org) => org.name)).toEqual(["Demo Events"]);
    expect((await (await admin.get("/api/organizations?q=%25")).json<Page>()).meta.total).toBe(0);
    const far = await (await admin.get("/api/organizations?page=999")).json<Page>();
    expect(far.data).toEqual([]);
    expect(far.meta.page).toBe(999);
  });

  it("refuses a bad page (en, fr) and a visitor (401)", async () => {
    const en = await (await clientFor("organizer@demo.test")).get("/api/organizations?page=0");
    expect(en.status).toBe(422);
    expect(Object.keys((await en.json<ErrorBody>()).errors ?? {})).toEqual(["page"]);
    const fr = await (await clientFor("organizer@demo.test", "fr")).get("/api/organizations?page=abc");
    expect(await fr.json<ErrorBody>()).toMatchObject({ message: "Les données fournies sont invalides." });
    expect((await new TestClient().get("/api/organizations")).status).toBe(401);
  });

  // Issue #14 point 5: a user without accounts got 403 here, where outsiders get 404 elsewhere. A
  // list shows what its caller may see; nothing to see is an empty list, for every signed-in user.
  it("answers an empty list to a signed-in user who may view no organization: without accounts, or a speaker", async () => {
    const loner = await createUser();
    for (const client of [await new TestClient().signInAs(loner.email), await clientFor("speaker@demo.test"), await clientFor("viewer@demo.test")]) {
      const response = await client.get("/api/organizations?q=Demo");
      expect(response.status).toBe(200);
      expect(await response.json<Page>()).toEqual({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
    }
  });
});

describe("GET /api/organizations/:id", () => {
  it("returns the contract's shape, with every limit and flag", async () => {
    const response = await (await clientFor("organizer@demo.test")).get("/api/organizations/1");
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: Organization }>();
    expect(Object.keys(data).sort()).toEqual(
      [
        "id", "name", "email", "phone", "billing_address", "po_number", "sales_rep", "is_billable", "billing_start_date",
        "subscription_period", "self_serve", "deactivated_at", "rate_per_minute_live", "rate_per_minute_vod",
        "rate_per_organizer", "billable_organizers", "limits", "features", "identity_provider",
      ].sort(),
    );
    expect(data).toMatchObject({ id: 1, name: "Demo Events", deactivated_at: null, self_serve: false, identity_provider: null });
    expect(Object.keys(data.limits)).toEqual([...LIMIT_KEYS]);
    expect(Object.keys(data.features)).toEqual([...FEATURE_FLAGS]);
    for (const flag of WEBCAST_FEATURE_FLAGS) expect(data.features[flag], flag).toBe(true);
  });

  it("never shows the identity provider's secret", async () => {
    const fixture = await createOrganization({ identity_provider: { mode: "restricted", issuer: "https://id.example", client_id: "abc", client_secret: "s3cret" } });
    const body = await (await (await fixture.as("organizer")).get(`/api/organizations/${fixture.id}`)).text();
    expect(JSON.parse(body).data.identity_provider).toEqual({ mode: "restricted", issuer: "https://id.example", client_id: "abc" });
    expect(body).not.toContain("s3cret");
  });

  it("answers 404 to another tenant and for a missing organization, 403 to a speaker, 422 for a bad id", async () => {
    expect((await (await clientFor("owner@other.test")).get("/api/organizations/1")).status).toBe(404);
    expect((await (await clientFor("superadmin@demo.test")).get("/api/organizations/999999")).status).toBe(404);
    expect((await (await clientFor("speaker@demo.test")).get("/api/organizations/1")).status).toBe(403);
    const bad = await (await clientFor("organizer@demo.test", "fr")).get("/api/organizations/abc");
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json<ErrorBody>()).errors ?? {})).toEqual(["id"]);
  });
});

describe("PATCH /api/organizations/:id", () => {
  it("lets an admin edit the details; blank inputs clear a field", async () => {
    const fixture = await createOrganization({ phone: "555" });
    const response = await (await fixture.as("admin")).patch(`/api/organizations/${fixture.id}`, {
      name: " Renamed ",
      email: "billing@fixture.test",
      phone: "",
      billing_address: "1 Main St",
      po_number: "PO-7",
    });
    expect(response.status).toBe(200);
    expect((await response.json<{ data: Organization }>()).data).toMatchObject({
      name: "Renamed",
      email: "billing@fixture.test",
      phone: null,
      billing_address: "1 Main St",
      po_number: "PO-7",
    });
    expect((await organizationRow(fixture.id))?.name).toBe("Renamed");
  });

  it("refuses a blank name and a bad e-mail, in en and fr", async () => {
    const fixture = await createOrganization();
    const en = await (await fixture.as("owner")).patch(`/api/organizations/${fixture.id}`, { name: "  ", email: "nope" });
    expect(en.status).toBe(422);
    const enBody = await en.json<ErrorBody>();
    expect(enBody.errors?.name).toEqual(["The organization name is required."]);
    expect(enBody.errors?.email).toHaveLength(1);
    const fr = await (await fixture.as("owner", "fr")).patch(`/api/organizations/${fixture.id}`, { name: "" });
    expect((await fr.json<ErrorBody>()).errors?.name).toEqual(["Le nom de l'organisation est obligatoire."]);
  });

  it("keeps billing terms to the back office: an owner may resend them unchanged, not change them", async () => {
    const fixture = await createOrganization({ is_billable: true, rate_per_minute_live: 2 });
    const owner = await fixture.as("owner");
    expect((await owner.patch(`/api/organizations/${fixture.id}`, { name: "Same terms", is_billable: true, rate_per_minute_live: 2 })).status).toBe(200);
    const changed = await owner.patch(`/api/organizations/${fixture.id}`, { is_billable: false });
    expect(changed.status).toBe(403);
    expect(await changed.json<ErrorBody>()).toMatchObject({ code: "forbidden", message: "Only the back office can change the billing settings of an organization." });
    const superAdmin = await clientFor("superadmin@demo.test");
    const response = await superAdmin.patch(`/api/organizations/${fixture.id}`, {
      is_billable: false,
      sales_rep: "Sam",
      billing_start_date: "2026-01-01",
      subscription_period: "yearly",
      rate_per_minute_vod: 0.5,
      rate_per_organizer: 10,
      billable_organizers: 4,
    });
    expect((await response.json<{ data: Organization }>()).data).toMatchObject({
      is_billable: false,
      sales_rep: "Sam",
      billing_start_date: "2026-01-01",
      subscription_period: "yearly",
      rate_per_minute_live: 2,
      rate_per_minute_vod: 0.5,
      billable_organizers: 4,
    });
  });

  it("is refused to an organizer (403), another tenant (404) and on a body that is not JSON (400)", async () => {
    expect((await (await clientFor("organizer@demo.test")).patch("/api/organizations/1", { name: "X" })).status).toBe(403);
    expect((await (await clientFor("owner@other.test")).patch("/api/organizations/1", { name: "X" })).status).toBe(404);
    const fixture = await createOrganization();
    const owner = await fixture.as("owner");
    const response = await owner.request(`/api/organizations/${fixture.id}`, { method: "PATCH", body: "{nope", headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(400);
  });
});

describe("PATCH /api/organizations/:id/constraints", () => {
  it("lets a super admin set some limits, keeping the others", async () => {
    const fixture = await createOrganization();
    const response = await (await clientFor("superadmin@demo.test")).patch(`/api/organizations/${fixture.id}/constraints`, {
      limits: { max_speakers: 3, max_duration: 90, inactivity_timeout: null },
    });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: Organization }>();
    expect(data.limits).toEqual({ ...DEFAULT_LIMITS, max_speakers: 3, max_duration: 90, inactivity_timeout: null });
    expect((await organizationRow(fixture.id))?.limits).toEqual(data.limits);
  });

  it("refuses bad values and unknown limits (en, fr)", async () => {
    const fixture = await createOrganization();
    const en = await (await clientFor("superadmin@demo.test")).patch(`/api/organizations/${fixture.id}/constraints`, { limits: { max_speakers: -2, max_tables: 3 } });
    expect(en.status).toBe(422);
    const errors = (await en.json<ErrorBody>()).errors ?? {};
    expect(errors["limits.max_speakers"]).toEqual(["This field must be 0 or more."]);
    expect(errors.limits?.[0]).toMatch(/max_tables/);
    const fr = await (await clientFor("superadmin@demo.test", "fr")).patch(`/api/organizations/${fixture.id}/constraints`, { limits: { max_speakers: "x" } });
    expect((await fr.json<ErrorBody>()).errors?.["limits.max_speakers"]).toEqual(["Ce champ doit être un nombre."]);
    expect((await (await clientFor("superadmin@demo.test")).patch(`/api/organizations/${fixture.id}/constraints`, {})).status).toBe(422);
  });

  it("is refused to an organizer and an owner (403) and to another tenant (404)", async () => {
    const body = { limits: { max_speakers: 1 } };
    expect((await (await clientFor("organizer@demo.test")).patch("/api/organizations/1/constraints", body)).status).toBe(403);
    expect((await (await clientFor("owner@demo.test")).patch("/api/organizations/1/constraints", body)).status).toBe(403);
    expect((await (await clientFor("owner@other.test")).patch("/api/organizations/1/constraints", body)).status).toBe(404);
  });
});

describe("PATCH /api/organizations/:id/features", () => {
  it("lets a super admin switch flags, keeping the others", async () => {
    const fixture = await createOrganization();
    const response = await (await clientFor("superadmin@demo.test")).patch(`/api/organizations/${fixture.id}/features`, { features: { allow_events: true, allow_webcasts: false } });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: Organization }>();
    expect(data.features).toMatchObject({ allow_events: true, allow_webcasts: false, send_registration_email: true, allow_sms: false });
  });

  it("refuses an unknown flag and a non-boolean (422), a member (403), another tenant (404)", async () => {
    const fixture = await createOrganization();
    const superAdmin = await clientFor("superadmin@demo.test");
    const bad = await superAdmin.patch(`/api/organizations/${fixture.id}/features`, { features: { allow_teleport: true, allow_sms: "yes" } });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json<ErrorBody>()).errors ?? {}).sort()).toEqual(["features", "features.allow_sms"]);
    expect((await (await fixture.as("owner")).patch(`/api/organizations/${fixture.id}/features`, { features: { allow_sms: true } })).status).toBe(403);
    expect((await (await clientFor("owner@other.test")).patch("/api/organizations/1/features", { features: { allow_sms: true } })).status).toBe(404);
  });
});

describe("deactivate and activate (SPEC §4)", () => {
  it("deactivation ends billing and service creation; only a super admin reactivates", async () => {
    const fixture = await createOrganization({ is_billable: true });
    const backOffice = await createUser({ is_back_office: true });
    const office = await new TestClient().signInAs(backOffice.email);

    const response = await office.post(`/api/organizations/${fixture.id}/deactivate`);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: Organization }>();
    expect(data.is_billable).toBe(false);
    expect(data.deactivated_at).toEqual(expect.any(String));
    expect(canCreateServices(data)).toBe(false);
    // Deactivating again keeps the first date.
    const again = await (await clientFor("superadmin@demo.test")).post(`/api/organizations/${fixture.id}/deactivate`);
    expect((await again.json<{ data: Organization }>()).data.deactivated_at).toBe(data.deactivated_at);
    // Members still see it, flagged deactivated in their accounts.
    const profile = await (await fixture.as("owner")).get(`/api/organizations/${fixture.id}`);
    expect((await profile.json<{ data: Organization }>()).data.deactivated_at).toBe(data.deactivated_at);

    const refused = await (await new TestClient("fr").signInAs(backOffice.email)).post(`/api/organizations/${fixture.id}/activate`);
    expect(refused.status).toBe(403);
    expect((await refused.json<ErrorBody>()).message).toMatch(/^La réactivation passe par l'équipe commerciale/);
    expect((await office.post(`/api/organizations/${fixture.id}/activate`)).status).toBe(403);
    expect((await (await fixture.as("owner")).post(`/api/organizations/${fixture.id}/activate`)).status).toBe(403);

    const activated = await (await clientFor("superadmin@demo.test")).post(`/api/organizations/${fixture.id}/activate`);
    expect(activated.status).toBe(200);
    const active = (await activated.json<{ data: Organization }>()).data;
    expect(active.deactivated_at).toBeNull();
    expect(active.is_billable).toBe(false); // sales turns billing back on
    expect(canCreateServices(active)).toBe(true);
  });

  it("is refused to owners and organizers (403) and to another tenant (404)", async () => {
    for (const path of ["/api/organizations/1/deactivate", "/api/organizations/1/activate"]) {
      expect((await (await clientFor("owner@demo.test")).post(path)).status).toBe(403);
      expect((await (await clientFor("organizer@demo.test")).post(path)).status).toBe(403);
      expect((await (await clientFor("owner@other.test")).post(path)).status).toBe(404);
    }
    expect((await organizationRow(1))?.deactivated_at).toBeNull();
  });
});

describe("POST /api/organizations/:id/self-serve", () => {
  it("refuses without confirm: true, explaining the reset (en, fr)", async () => {
    const fixture = await createOrganization();
    const en = await (await clientFor("superadmin@demo.test")).post(`/api/organizations/${fixture.id}/self-serve`, { self_serve: true });
    expect(en.status).toBe(422);
    const body = await en.json<ErrorBody>();
    expect(body.message).toMatch(/^Changing the billing type resets the billing settings, rates, limits and features/);
    expect(body.errors?.confirm).toEqual([body.message]);
    const fr = await (await clientFor("superadmin@demo.test", "fr")).post(`/api/organizations/${fixture.id}/self-serve`, { self_serve: true, confirm: false });
    expect((await fr.json<ErrorBody>()).message).toMatch(/^Changer le type de facturation réinitialise/);
    expect((await organizationRow(fixture.id))?.self_serve).toBe(false);
  });

  it("resets billing terms, limits and features to the new type's defaults, keeping identity", async () => {
    const fixture = await createOrganization({
      email: "keep@fixture.test",
      is_billable: true,
      sales_rep: "Sam",
      po_number: "PO-1",
      rate_per_minute_live: 3,
      billable_organizers: 5,
      subscription_period: "yearly",
      limits: { max_speakers: 1 },
      features: { allow_events: true },
    });
    const response = await (await clientFor("superadmin@demo.test")).post(`/api/organizations/${fixture.id}/self-serve`, { self_serve: true, confirm: true });
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: Organization }>();
    expect(data).toMatchObject({
      email: "keep@fixture.test",
      self_serve: true,
      is_billable: false,
      sales_rep: null,
      po_number: null,
      rate_per_minute_live: null,
      billable_organizers: null,
      subscription_period: null,
    });
    expect(data.limits).toEqual(SELF_SERVE_DEFAULT_LIMITS);
    expect(data.features.allow_events).toBe(false);
    const back = await (await clientFor("superadmin@demo.test")).post(`/api/organizations/${fixture.id}/self-serve`, { self_serve: false, confirm: true });
    expect((await back.json<{ data: Organization }>()).data.limits).toEqual(DEFAULT_LIMITS);
  });

  it("is refused to an owner (403) and another tenant (404)", async () => {
    const body = { self_serve: true, confirm: true };
    expect((await (await clientFor("owner@demo.test")).post("/api/organizations/1/self-serve", body)).status).toBe(403);
    expect((await (await clientFor("owner@other.test")).post("/api/organizations/1/self-serve", body)).status).toBe(404);
    const [row] = await db(env.DB).select({ self_serve: organizations.self_serve }).from(organizations).where(eq(organizations.id, 1));
    expect(row?.self_serve).toBe(false);
  });
});
