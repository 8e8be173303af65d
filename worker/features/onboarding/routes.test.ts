import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import type { Change, PullResponse } from "../../../domain/sync/types.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { PASSWORD, createUser, login, tokenIn, unique, waitForMail } from "../auth/test-support.ts";

beforeAll(seedDemo);

interface OrganizationStored {
  name: string;
  email: string | null;
  phone: string | null;
  self_serve: number;
  limits: string;
  features: string;
}

const organization = (id: number) =>
  env.DB.prepare("SELECT name, email, phone, self_serve, limits, features FROM organizations WHERE id = ?").bind(id).first<OrganizationStored>();

/** The organization's change-log entries (sync_changes), oldest first. */
async function changeLog(organizationId: number): Promise<{ seq: number; op: string }[]> {
  const { results } = await env.DB.prepare("SELECT seq, op FROM sync_changes WHERE table_name = 'organizations' AND row_id = ? ORDER BY seq")
    .bind(String(organizationId))
    .all<{ seq: number; op: string }>();
  return results;
}

const onboardingFlag = async (email: string) =>
  (await env.DB.prepare("SELECT onboarding_required FROM users WHERE email = ?").bind(email).first<{ onboarding_required: number }>())?.onboarding_required;

/**
 * A user as self sign-up leaves them once activated (straight in D1): active, owner of a
 * self-serve organization, still to onboard. `withOrganization: false` leaves them without one.
 */
async function signedUpUser(language: "en" | "fr" = "en", options: { withOrganization?: boolean } = {}) {
  const { email } = unique("onboarding");
  const user = await createUser({ email, language });
  await env.DB.prepare("UPDATE users SET onboarding_required = 1 WHERE id = ?").bind(user.id).run();
  let organizationId = 0;
  if (options.withOrganization !== false) {
    const row = await env.DB.prepare("INSERT INTO organizations (name, email, self_serve) VALUES ('Signed-up Org', ?, 1) RETURNING id").bind(email).first<{ id: number }>();
    organizationId = row?.id ?? 0;
    await env.DB.prepare("INSERT INTO memberships (user_id, organization_id, role) VALUES (?, ?, 'owner')").bind(user.id, organizationId).run();
  }
  const client = await new TestClient(language).signInAs(email);
  return { email, userId: user.id, organizationId, client };
}

const onboard = (client: TestClient, body: unknown) => client.post("/api/onboarding", body);

async function pulledOrganizations(client: TestClient): Promise<Change[]> {
  const changes: Change[] = [];
  let cursor = 0;
  for (;;) {
    const response = await client.get(`/api/sync/pull?cursor=${cursor}`);
    expect(response.status, await response.clone().text()).toBe(200);
    const page = await response.json<PullResponse>();
    changes.push(...page.changes.filter((change) => change.table === "organizations"));
    cursor = page.cursor;
    if (!page.more) return changes;
  }
}

describe("self sign-up → onboarding", () => {
  it("register → activate → login says onboarding_required; the step names the organization, then the profile no longer asks", async () => {
    const { email, ip } = unique("journey");
    const register = await new TestClient("en").request("/api/users/register", {
      method: "POST",
      json: { organization_name: "Acme Webinars", first_name: "Grace", last_name: "Hopper", email, password: PASSWORD, password_confirmation: PASSWORD },
      headers: { "CF-Connecting-IP": ip },
    });
    expect(register.status).toBe(201);
    // The account is created just after the answer (the same answer for an address in use).
    const token = tokenIn((await waitForMail(email, "email_verification")).text, "/users/activation/");
    expect(await onboardingFlag(email)).toBe(1);
    expect((await new TestClient().post("/api/users/activation", { token })).status).toBe(200);

    const client = new TestClient("en");
    const signedIn = await login(client, { email, password: PASSWORD }, ip);
    const { data: before } = await signedIn.json<{ data: ProfileUser }>();
    expect(before.onboarding_required).toBe(true);
    const organizationId = before.accounts[0]?.id ?? 0;
    expect(before.accounts).toEqual([{ id: organizationId, name: "Acme Webinars", role: "owner", deactivated: false }]);
    const logged = await changeLog(organizationId);
    expect(logged).toHaveLength(1);

    const response = await onboard(client, { name: "  Acme Live  ", email: "Events@Acme.test", phone: "+1 514 555-0123" });
    expect(response.status, await response.clone().text()).toBe(200);
    const { data } = await response.json<{ data: ProfileUser }>();
    expect(data).toMatchObject({ email, onboarding_required: false, accounts: [{ id: organizationId, name: "Acme Live", role: "owner", deactivated: false }] });
    expect(data.permissions["organizations.update"]).toEqual([organizationId]);
    expect(await organization(organizationId)).toEqual({ name: "Acme Live", email: "events@acme.test", phone: "+1 514 555-0123", self_serve: 1, limits: "{}", features: "{}" });

    // The rename is logged (the sign-up entry superseded), so the owner's devices get it.
    const after = await changeLog(organizationId);
    expect(after).toHaveLength(1);
    expect(after[0]?.op).toBe("put");
    expect(after[0]?.seq).toBeGreaterThan(logged[0]?.seq ?? 0);
    const pulled = (await pulledOrganizations(client)).find((change) => change.id === String(organizationId));
    expect(pulled).toMatchObject({ op: "put", row: { name: "Acme Live", self_serve: true } });

    const profile = await client.get("/api/profile");
    expect((await profile.json<{ data: ProfileUser }>()).data.onboarding_required).toBe(false);
    // Done once: a second submit is refused.
    expect((await onboard(client, { name: "Again" })).status).toBe(409);
    expect((await organization(organizationId))?.name).toBe("Acme Live");
  });
});

describe("POST /api/onboarding", () => {
  it("keeps omitted settings, and creates no other organization", async () => {
    const { client, organizationId, email } = await signedUpUser();
    const count = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM organizations").first<{ n: number }>())?.n;
    const before = await count();
    const response = await onboard(client, { name: "Signed-up Org" });
    expect(response.status).toBe(200);
    expect(await count()).toBe(before);
    expect(await organization(organizationId)).toMatchObject({ name: "Signed-up Org", email, phone: null });
    expect(await onboardingFlag(email)).toBe(0);
  });

  it("requires the organization name (422 in the user's language), and the setup stays to do", async () => {
    for (const [language, required] of [
      ["en", "The organization name is required."],
      ["fr", "Le nom de l'organisation est obligatoire."],
    ] as const) {
      const { client, organizationId, email } = await signedUpUser(language);
      for (const body of [{}, { name: "   " }, { name: null }]) {
        const response = await onboard(client, body);
        expect(response.status).toBe(422);
        expect(await response.json()).toMatchObject({ code: "validation_failed", errors: { name: [required] }, requestId: expect.any(String) });
      }
      expect(await onboardingFlag(email)).toBe(1);
      expect((await organization(organizationId))?.name).toBe("Signed-up Org");
    }
  });

  it("refuses a name over 255 characters and bad settings (422, en and fr rule messages)", async () => {
    const en = await signedUpUser("en");
    const tooLong = await onboard(en.client, { name: "a".repeat(256), email: "nope", phone: "12" });
    expect(tooLong.status).toBe(422);
    expect((await tooLong.json<{ errors: Record<string, string[]> }>()).errors).toEqual({
      name: ["This field may not be longer than 255 characters."],
      email: ["This field must be a valid e-mail address."],
      phone: ["Invalid phone number. Use 7 to 15 digits, for example +1 514 555-0123."],
    });
    const fr = await signedUpUser("fr");
    const frenchLong = await onboard(fr.client, { name: "a".repeat(256) });
    expect((await frenchLong.json<{ errors: Record<string, string[]> }>()).errors).toEqual({ name: ["Ce champ ne peut pas dépasser 255 caractères."] });
    expect(await onboardingFlag(fr.email)).toBe(1);
    // 255 is fine.
    expect((await onboard(fr.client, { name: "a".repeat(255) })).status).toBe(200);
  });

  it("answers 409 to a user with no setup to finish (existing users are never sent there)", async () => {
    for (const [language, message] of [
      ["en", "Your account has no setup left to finish."],
      ["fr", "Votre compte n'a plus de configuration à terminer."],
    ] as const) {
      for (const email of ["noaccount@demo.test", "owner@demo.test"]) {
        const client = await new TestClient(language).signInAs(email);
        // Before the body is read: even an invalid one gets 409, not 422.
        for (const body of [{ name: "Mine now" }, {}]) {
          const response = await onboard(client, body);
          expect(response.status).toBe(409);
          expect(await response.json()).toMatchObject({ code: "conflict", message });
        }
        const profile = await (await client.get("/api/profile")).json<{ data: ProfileUser }>();
        expect(profile.data.onboarding_required).toBe(false);
      }
    }
    const accounts = await (await (await new TestClient().signInAs("noaccount@demo.test")).get("/api/profile")).json<{ data: ProfileUser }>();
    expect(accounts.data.accounts).toEqual([]);
  });

  it("answers 401 signed out", async () => {
    const response = await onboard(new TestClient(), { name: "Nobody" });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthenticated" });
  });

  it("creates a self-serve organization owned by the user when they own none any more", async () => {
    const { client, email } = await signedUpUser("en", { withOrganization: false });
    const response = await onboard(client, { name: "Fresh Start", phone: "514 555 0199" });
    expect(response.status, await response.clone().text()).toBe(200);
    const { data } = await response.json<{ data: ProfileUser }>();
    expect(data.onboarding_required).toBe(false);
    expect(data.accounts).toHaveLength(1);
    const organizationId = data.accounts[0]?.id ?? 0;
    expect(data.accounts[0]).toEqual({ id: organizationId, name: "Fresh Start", role: "owner", deactivated: false });
    expect(data.permissions["billing.manage"]).toEqual([organizationId]);
    // Default limits and features (stored empty: the self-serve defaults apply), the owner's e-mail as contact.
    expect(await organization(organizationId)).toEqual({ name: "Fresh Start", email, phone: "514 555 0199", self_serve: 1, limits: "{}", features: "{}" });
    expect(await changeLog(organizationId)).toEqual([{ seq: expect.any(Number), op: "put" }]);
    const pulled = (await pulledOrganizations(client)).map((change) => change.id);
    expect(pulled).toEqual([String(organizationId)]);
  });

  it("lets only one of two submits at once through", async () => {
    const { client, organizationId } = await signedUpUser();
    const statuses = (await Promise.all([onboard(client, { name: "First" }), onboard(client, { name: "Second" })])).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 409]);
    expect(["First", "Second"]).toContain((await organization(organizationId))?.name);
  });
});
