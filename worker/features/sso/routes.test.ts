import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { db } from "../../db/client.ts";
import { sessions, ssoStates } from "../../db/schema/index.ts";
import { TestClient, seedDemo } from "../../test/client.ts";
import { configureSso, createOrganization, createUser, getCallback, roleIn, signedInEmail, ssoLogin, userByEmail } from "./test-support.ts";

type ErrorBody = { message: string; code: string; errors?: Record<string, string[]> };

const INVALID_USER = "/login/sso?error=invalid_user";
const FAILED = "/login/sso?error=failed";

let organizationId = 0;

beforeAll(async () => {
  await seedDemo();
  organizationId = await createOrganization();
  await createUser("sso-member@sso.test", { organizationId, role: "organizer" });
  await createUser("sso-outsider@sso.test");
});

/** Every session row, to prove a refused login opened none. */
const sessionCount = async () => (await db(env.DB).select({ id: sessions.id }).from(sessions)).length;

describe("POST /api/sso/start", () => {
  beforeEach(() => configureSso(organizationId, "restricted"));

  it("answers the provider's authorization URL (code + PKCE S256, state, nonce) and records the login", async () => {
    const response = await new TestClient().post("/api/sso/start", { email: "Sso-Member@SSO.test" });
    expect(response.status).toBe(200);
    const url = new URL((await response.json<{ redirect: string }>()).redirect);
    expect(url.origin).toBe(inject("oidc").issuer);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: "code",
      client_id: inject("oidc").clientId,
      redirect_uri: "http://localhost/api/sso/callback",
      scope: "openid email profile",
      code_challenge_method: "S256",
      login_hint: "sso-member@sso.test",
    });
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    const [row] = await db(env.DB).select().from(ssoStates).where(eq(ssoStates.state, params.state ?? ""));
    expect(row).toMatchObject({ organization_id: organizationId, nonce: params.nonce, redirect_url: null });
    // The verifier stays on the server; only its S256 challenge travels.
    expect(url.toString()).not.toContain(row?.code_verifier ?? "-");
    expect(Date.parse(row?.expires_at ?? "") - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it("refuses an e-mail whose domain has no provider, or a provider switched off (422, en and fr)", async () => {
    const en = await new TestClient("en").post("/api/sso/start", { email: "someone@nowhere.test" });
    expect(en.status).toBe(422);
    const body = await en.json<ErrorBody>();
    expect(body.message).toBe("No single sign-on is set up for this e-mail address. Sign in with your password instead.");
    expect(body.errors?.email).toEqual([body.message]);
    await configureSso(organizationId, "off");
    const fr = await new TestClient("fr").post("/api/sso/start", { email: "sso-member@sso.test" });
    expect(fr.status).toBe(422);
    expect((await fr.json<ErrorBody>()).message).toBe(
      "Aucune connexion unique (SSO) n'est configurée pour cette adresse e-mail. Connectez-vous plutôt avec votre mot de passe.",
    );
  });

  it("validates the e-mail (422) and needs the CSRF token (419)", async () => {
    const invalid = await new TestClient().post("/api/sso/start", { email: "not-an-email" });
    expect(invalid.status).toBe(422);
    expect((await invalid.json<ErrorBody>()).errors?.email).toHaveLength(1);
    const noCsrf = await new TestClient().request("/api/sso/start", { method: "POST", json: { email: "sso-member@sso.test" }, csrf: false });
    expect(noCsrf.status).toBe(419);
  });

  it("says so when the provider cannot be reached (no state left behind)", async () => {
    const down = await createOrganization();
    await configureSso(down, "open", { issuer: "http://127.0.0.1:9", domains: ["down.test"] });
    const before = (await db(env.DB).select().from(ssoStates)).length;
    const response = await new TestClient().post("/api/sso/start", { email: "a@down.test" });
    expect(response.status).toBe(500);
    expect((await response.json<ErrorBody>()).message).toBe("The identity provider cannot be reached. Please try again later.");
    expect((await db(env.DB).select().from(ssoStates)).length).toBe(before);
  });
});

describe("GET /api/sso/callback — SSO modes (SPEC §4)", () => {
  it("open: creates a new user (active, e-mail verified, viewer) and signs them in", async () => {
    await configureSso(organizationId, "open");
    const client = new TestClient();
    const { response, location } = await ssoLogin(client, "sso-newcomer@sso.test");
    expect(response.status).toBe(302);
    expect(location).toBe("/home");
    expect(await signedInEmail(client)).toBe("sso-newcomer@sso.test");
    const user = await userByEmail("sso-newcomer@sso.test");
    expect(user).toMatchObject({ status: "active", name: "Nina Newcomer", first_name: "Nina", last_name: "Newcomer", password_hash: null });
    expect(user?.email_verified_at).not.toBeNull();
    expect(await roleIn(organizationId, user?.id ?? 0)).toBe("viewer");
  });

  it("open: an existing user without membership joins as viewer and lands on the same-origin redirect_url", async () => {
    await configureSso(organizationId, "open");
    const existing = await createUser("sso-existing@sso.test", { status: "pending" });
    const client = new TestClient();
    const { location } = await ssoLogin(client, "sso-existing@sso.test", { redirectUrl: "/webcasts/abc/edit?tab=access" });
    expect(location).toBe("/webcasts/abc/edit?tab=access");
    expect(await signedInEmail(client)).toBe("sso-existing@sso.test");
    expect(await roleIn(organizationId, existing.id)).toBe("viewer");
    // The provider vouched for the e-mail: a pending account is activated.
    expect((await userByEmail("sso-existing@sso.test"))?.status).toBe("active");
  });

  it("open: a member keeps their role", async () => {
    await configureSso(organizationId, "open");
    const client = new TestClient();
    expect((await ssoLogin(client, "sso-member@sso.test")).location).toBe("/home");
    const member = await userByEmail("sso-member@sso.test");
    expect(await roleIn(organizationId, member?.id ?? 0)).toBe("organizer");
  });

  it("never redirects to another origin", async () => {
    await configureSso(organizationId, "restricted");
    for (const redirectUrl of ["//evil.test/x", "https://evil.test/", "/\\evil.test"]) {
      expect((await ssoLogin(new TestClient(), "sso-member@sso.test", { redirectUrl })).location).toBe("/home");
    }
  });

  it("restricted: a member signs in", async () => {
    await configureSso(organizationId, "restricted");
    const client = new TestClient();
    expect((await ssoLogin(client, "sso-member@sso.test")).location).toBe("/home");
    expect(await signedInEmail(client)).toBe("sso-member@sso.test");
  });

  it("restricted: refuses a non-member and an unknown user (invalid_user, no session, nothing created)", async () => {
    await configureSso(organizationId, "restricted");
    const before = await sessionCount();
    for (const email of ["sso-outsider@sso.test", "sso-stranger@sso.test"]) {
      const client = new TestClient();
      const { response, location } = await ssoLogin(client, email);
      expect(response.status).toBe(302);
      expect(location).toBe(INVALID_USER);
      expect(await signedInEmail(client)).toBeNull();
    }
    expect(await sessionCount()).toBe(before);
    expect(await userByEmail("sso-stranger@sso.test")).toBeNull();
    const outsider = await userByEmail("sso-outsider@sso.test");
    expect(await roleIn(organizationId, outsider?.id ?? 0)).toBeNull();
  });

  it("off: refuses a login whose organization switched SSO off meanwhile", async () => {
    await configureSso(organizationId, "restricted");
    const client = new TestClient();
    const { location } = await ssoLogin(client, "sso-member@sso.test", { beforeCallback: () => configureSso(organizationId, "off") });
    expect(location).toBe(INVALID_USER);
    expect(await signedInEmail(client)).toBeNull();
  });
});

describe("GET /api/sso/callback — what a provider may not do", () => {
  beforeEach(() => configureSso(organizationId, "open"));

  it("refuses an e-mail the provider has not verified", async () => {
    const client = new TestClient();
    expect((await ssoLogin(client, "sso-unverified@sso.test")).location).toBe(INVALID_USER);
    expect(await userByEmail("sso-unverified@sso.test")).toBeNull();
  });

  it("refuses an e-mail outside the provider's domains (no signing in as another tenant's owner)", async () => {
    const client = new TestClient();
    expect((await ssoLogin(client, "sso-stranger@sso.test", { providerLogin: "owner@demo.test" })).location).toBe(INVALID_USER);
    expect(await signedInEmail(client)).toBeNull();
  });

  it("sends a refusal started from a viewer's webcast page back to that page (?sso_error=), not to /login/sso", async () => {
    const client = new TestClient();
    expect((await ssoLogin(client, "sso-unverified@sso.test", { redirectUrl: "/w/0196a0de-0004-7000-8000-000000000000" })).location).toBe("/w/0196a0de-0004-7000-8000-000000000000?sso_error=invalid_user");
    expect((await ssoLogin(new TestClient(), "sso-unverified@sso.test", { redirectUrl: "/w/abc?lang=fr" })).location).toBe("/w/abc?lang=fr&sso_error=invalid_user");
    // Any other return address keeps the app's SSO screen.
    expect((await ssoLogin(new TestClient(), "sso-unverified@sso.test", { redirectUrl: "/w/abc/more" })).location).toBe(INVALID_USER);
    expect(await signedInEmail(client)).toBeNull();
  });

  it("refuses a disabled account, even in open mode", async () => {
    await createUser("sso-disabled@sso.test", { status: "disabled", organizationId, role: "viewer" });
    const client = new TestClient();
    expect((await ssoLogin(client, "sso-disabled@sso.test")).location).toBe(INVALID_USER);
    expect(await signedInEmail(client)).toBeNull();
  });

  it("reads the e-mail from userinfo when the ID token does not carry it", async () => {
    await configureSso(organizationId, "open", { provider: inject("oidcUserinfo") });
    const client = new TestClient();
    expect((await ssoLogin(client, "sso-userinfo@sso.test")).location).toBe("/home");
    expect(await signedInEmail(client)).toBe("sso-userinfo@sso.test");
    expect((await userByEmail("sso-userinfo@sso.test"))?.name).toBe("Ulla Userinfo");
  });
});

describe("GET /api/sso/callback — state, nonce and PKCE", () => {
  beforeEach(() => configureSso(organizationId, "restricted"));

  it("uses a state once: the replayed callback fails and opens no session", async () => {
    const first = new TestClient();
    const { callbackUrl, location } = await ssoLogin(first, "sso-member@sso.test");
    expect(location).toBe("/home");
    const replay = new TestClient();
    const url = new URL(callbackUrl);
    const response = await getCallback(replay, `${url.pathname}${url.search}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(FAILED);
    expect(await signedInEmail(replay)).toBeNull();
  });

  it("refuses an ID token minted for another nonce", async () => {
    const client = new TestClient();
    const { location } = await ssoLogin(client, "sso-member@sso.test", { tamperAuthorization: (url) => url.searchParams.set("nonce", "forged-nonce") });
    expect(location).toBe(FAILED);
    expect(await signedInEmail(client)).toBeNull();
  });

  it("refuses an unknown state and a code presented with another login's state (PKCE)", async () => {
    const forged = new TestClient();
    expect((await ssoLogin(forged, "sso-member@sso.test", { tamperCallback: (url) => url.searchParams.set("state", "forged") })).location).toBe(FAILED);
    expect(await signedInEmail(forged)).toBeNull();

    // Login B's state (its own verifier) with login A's code: the provider refuses the verifier.
    const other = new TestClient();
    const start = await other.post("/api/sso/start", { email: "sso-member@sso.test" });
    const stateOfB = new URL((await start.json<{ redirect: string }>()).redirect).searchParams.get("state") ?? "";
    const swapped = new TestClient();
    const { location } = await ssoLogin(swapped, "sso-member@sso.test", { tamperCallback: (url) => url.searchParams.set("state", stateOfB) });
    expect(location).toBe(FAILED);
    expect(await signedInEmail(swapped)).toBeNull();
  });

  it("refuses an expired state, a callback without state or code, and a provider error", async () => {
    const client = new TestClient();
    const expire = async () => {
      await db(env.DB).update(ssoStates).set({ expires_at: new Date(Date.now() - 1000).toISOString() });
    };
    expect((await ssoLogin(client, "sso-member@sso.test", { beforeCallback: expire })).location).toBe(FAILED);
    expect((await getCallback(client, "/api/sso/callback")).headers.get("Location")).toBe(FAILED);
    const start = await client.post("/api/sso/start", { email: "sso-member@sso.test" });
    const state = new URL((await start.json<{ redirect: string }>()).redirect).searchParams.get("state") ?? "";
    expect((await getCallback(client, `/api/sso/callback?error=access_denied&state=${state}`)).headers.get("Location")).toBe(FAILED);
    expect(await signedInEmail(client)).toBeNull();
  });

  it("fails (not a JSON page) when the client secret is wrong", async () => {
    await configureSso(organizationId, "restricted", { clientSecret: "not-the-secret" });
    const client = new TestClient();
    const { response, location } = await ssoLogin(client, "sso-member@sso.test");
    expect(response.status).toBe(302);
    expect(location).toBe(FAILED);
    expect(await signedInEmail(client)).toBeNull();
  });
});
