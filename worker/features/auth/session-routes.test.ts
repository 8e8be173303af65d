import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import app from "../../app.ts";
import { CSRF_COOKIE, CSRF_HEADER, newCsrfToken } from "../../auth/csrf.ts";
import { SESSION_COOKIE } from "../../auth/session.ts";
import { hashToken } from "../../auth/tokens.ts";
import { TestClient, clientFor, seedDemo } from "../../test/client.ts";
import { DEMO_PASSWORD } from "../dev/demo-data.ts";
import { PASSWORD, createUser, login, unique } from "./test-support.ts";

const sessionCount = async (userId: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?").bind(userId).first<{ n: number }>())?.n ?? 0;

describe("GET /sanctum/csrf-cookie", () => {
  it("answers 204 with a readable, signed XSRF-TOKEN cookie", async () => {
    const response = await exports.default.fetch(new Request("http://localhost/sanctum/csrf-cookie"));
    expect(response.status).toBe(204);
    const cookie = response.headers.getAll("Set-Cookie").find((value) => value.startsWith(`${CSRF_COOKIE}=`)) ?? "";
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+;/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});

describe("CSRF on mutating requests", () => {
  const post = (headers: Record<string, string>) =>
    exports.default.fetch(
      new Request("http://localhost/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": "en", ...headers },
        body: JSON.stringify({ email: "owner@demo.test", password: DEMO_PASSWORD }),
      }),
    );

  it("accepts the token issued by /sanctum/csrf-cookie, with the pre-session cookie it is bound to", async () => {
    await seedDemo();
    const issued = await exports.default.fetch(new Request("http://localhost/sanctum/csrf-cookie"));
    const token = /XSRF-TOKEN=([^;]+)/.exec(issued.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
    const presession = /igo_presession=([^;]+)/.exec(issued.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
    const cookie = `${CSRF_COOKIE}=${token}; igo_presession=${presession}`;
    expect((await post({ Cookie: cookie, [CSRF_HEADER]: token, "CF-Connecting-IP": unique("csrf").ip })).status).toBe(200);
  });

  it("refuses a missing, a mismatched or a forged (unsigned) token with 419", async () => {
    const issued = await exports.default.fetch(new Request("http://localhost/sanctum/csrf-cookie"));
    const token = /XSRF-TOKEN=([^;]+)/.exec(issued.headers.get("Set-Cookie") ?? "")?.[1] ?? "";
    const other = /XSRF-TOKEN=([^;]+)/.exec((await exports.default.fetch(new Request("http://localhost/sanctum/csrf-cookie"))).headers.get("Set-Cookie") ?? "")?.[1] ?? "";
    const forged = "attacker-nonce.attacker-signature";
    const otherKey = await newCsrfToken("another-app-key", { kind: "anonymous", id: "presession" });
    const cases: Record<string, string>[] = [
      {},
      { Cookie: `${CSRF_COOKIE}=${token}` },
      { [CSRF_HEADER]: token },
      { Cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: other },
      { Cookie: `${CSRF_COOKIE}=${forged}`, [CSRF_HEADER]: forged },
      { Cookie: `${CSRF_COOKIE}=${otherKey}`, [CSRF_HEADER]: otherKey },
    ];
    for (const headers of cases) {
      const response = await post(headers);
      expect(response.status).toBe(419);
      expect(await response.json()).toMatchObject({ code: "csrf_mismatch", message: "Your session has expired. Please reload the page." });
    }
    // Also on logout, profile and password routes.
    const signedIn = await clientFor("owner@demo.test");
    for (const [method, path] of [
      ["POST", "/logout"],
      ["PATCH", "/api/profile"],
      ["POST", "/api/password/update"],
      ["POST", "/api/users/register"],
    ] as const) {
      expect((await signedIn.request(path, { method, json: {}, csrf: false })).status).toBe(419);
    }
    expect((await signedIn.get("/api/profile")).status).toBe(200);
  });
});

describe("POST /login", () => {
  it("opens a browser-session cookie and answers the ProfileUser", async () => {
    await seedDemo();
    const client = new TestClient("en");
    const response = await login(client, { email: " Owner@Demo.TEST ", password: DEMO_PASSWORD }, unique("login").ip);
    expect(response.status).toBe(200);
    const { data } = await response.json<{ data: ProfileUser }>();
    expect(data).toMatchObject({
      email: "owner@demo.test",
      name: "Olivia Owner",
      first_name: "Olivia",
      status: "active",
      is_super_admin: false,
      onboarding_required: false,
      password_set: true,
      photo: null,
      accounts: [{ id: 1, name: "Demo Events", role: "owner", deactivated: false }],
    });
    expect(data.permissions["billing.manage"]).toEqual([1]);
    const cookie = response.headers.getAll("Set-Cookie").find((value) => value.startsWith(`${SESSION_COOKIE}=`)) ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Max-Age/i);
    expect((await client.get("/api/profile")).status).toBe(200);
  });

  it("keeps the cookie 30 days with remember", async () => {
    const { email, ip } = unique("remember");
    await createUser({ email });
    const response = await login(new TestClient(), { email, password: PASSWORD, remember: true }, ip);
    expect(response.status).toBe(200);
    const cookie = response.headers.getAll("Set-Cookie").find((value) => value.startsWith(`${SESSION_COOKIE}=`)) ?? "";
    expect(cookie).toMatch(/Max-Age=2592000/);
    const row = await env.DB.prepare("SELECT s.remember, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ?")
      .bind(email)
      .first<{ remember: number; expires_at: string }>();
    expect(row?.remember).toBe(1);
    expect(Date.parse(row?.expires_at ?? "") - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it("refuses a wrong password with the generic message, in English and French", async () => {
    const { email, ip } = unique("wrong");
    await createUser({ email });
    const en = await login(new TestClient("en"), { email, password: "Wrong-pass-1!" }, ip);
    expect(en.status).toBe(422);
    expect(await en.json()).toMatchObject({ code: "validation_failed", message: "Failed to log in!", errors: { email: ["Failed to log in!"] } });
    const fr = await login(new TestClient("fr"), { email, password: "Wrong-pass-1!" }, ip);
    expect(fr.status).toBe(422);
    expect(await fr.json()).toMatchObject({ message: "Échec de la connexion !", errors: { email: ["Échec de la connexion !"] } });
    expect(fr.headers.get("Set-Cookie") ?? "").not.toContain(SESSION_COOKIE);
  });

  it("answers an unknown e-mail, a pending, a disabled and a password-less account exactly like a wrong password", async () => {
    const pending = unique("pending");
    const disabled = unique("disabled");
    const noPassword = unique("nopass");
    await createUser({ email: pending.email, status: "pending" });
    await createUser({ email: disabled.email, status: "disabled" });
    await createUser({ email: noPassword.email, password: null });
    const bodies = [];
    for (const email of [unique("nobody").email, pending.email, disabled.email, noPassword.email]) {
      const response = await login(new TestClient("en"), { email, password: PASSWORD }, unique("ip").ip);
      expect(response.status).toBe(422);
      const { requestId: _requestId, ...body } = await response.json<{ requestId: string }>();
      bodies.push(body);
    }
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(bodies[0]).toEqual({ code: "validation_failed", message: "Failed to log in!", errors: { email: ["Failed to log in!"] } });
  });

  it("validates the body (422 per field, 400 for broken JSON)", async () => {
    const client = new TestClient("en");
    const response = await login(client, { email: "not-an-email", password: "" }, unique("v").ip);
    expect(response.status).toBe(422);
    const body = await response.json<{ errors: Record<string, string[]> }>();
    expect(body.errors.email).toEqual(["The e-mail address is invalid."]);
    expect(body.errors.password).toEqual(["This field is required"]);
    const broken = await client.request("/login", { method: "POST", body: "{", headers: { "Content-Type": "application/json" } });
    expect(broken.status).toBe(400);
  });

  it("rotates the session: logging in again ends the session the browser had", async () => {
    const { email, ip } = unique("rotate");
    const user = await createUser({ email });
    const client = new TestClient();
    await login(client, { email, password: PASSWORD }, ip);
    const first = client.cookies.get(SESSION_COOKIE);
    await login(client, { email, password: PASSWORD }, ip);
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(first);
    expect(await sessionCount(user.id)).toBe(1);
  });
});

// Sign-in throttling: login-throttle.test.ts.

describe("POST /logout", () => {
  it("revokes the session: the profile then answers 401", async () => {
    const client = await clientFor("admin@demo.test");
    expect((await client.get("/api/profile")).status).toBe(200);
    const token = client.cookies.get(SESSION_COOKIE) ?? "";
    const response = await client.post("/logout");
    expect(response.status).toBe(204);
    expect(response.headers.get("Set-Cookie")).toMatch(/igo_session=;.*Max-Age=0/i);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get("/api/profile")).status).toBe(401);
    // The old cookie is dead server-side too.
    client.cookies.set(SESSION_COOKIE, token);
    expect((await client.get("/api/profile")).status).toBe(401);
  });

  it("answers 204 with an expired, unknown or no session", async () => {
    const client = await clientFor("organizer@demo.test");
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = (SELECT id FROM users WHERE email = ?)")
      .bind(new Date(Date.now() - 1000).toISOString(), "organizer@demo.test")
      .run();
    expect((await client.get("/api/profile")).status).toBe(401);
    expect((await client.post("/logout")).status).toBe(204);
    const stranger = new TestClient();
    stranger.cookies.set(SESSION_COOKIE, "unknown-token");
    expect((await stranger.post("/logout")).status).toBe(204);
    expect((await new TestClient().post("/logout")).status).toBe(204);
  });
});

describe("GET /login and GET /logout", () => {
  it("serve the PWA from the assets binding", async () => {
    const assets = {
      fetch: async (request: Request) => new Response(`<html>${new URL(request.url).pathname}</html>`, { headers: { "Content-Type": "text/html" } }),
      connect: () => {
        throw new Error("unused");
      },
    } satisfies Fetcher;
    for (const path of ["/login", "/logout"]) {
      const response = await app.request(`http://localhost${path}`, {}, { ...env, ASSETS: assets });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(`<html>${path}</html>`);
    }
  });

  // Issue #14 point 5: "GET /login with Accept: text/html answered 500 once". The page carried a
  // session cookie and the session lookup failed (a database not migrated yet in a fresh local
  // state, or any D1 hiccup): a static screen must not depend on the database.
  it("serve the screen when the browser sends a session cookie and the database fails", async () => {
    const assets = {
      fetch: async () => new Response("<html>app</html>", { headers: { "Content-Type": "text/html" } }),
      connect: () => {
        throw new Error("unused");
      },
    } satisfies Fetcher;
    const failing = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare" || property === "batch" || property === "exec") {
          return () => {
            throw new Error("D1_ERROR: no such table: sessions");
          };
        }
        return Reflect.get(target, property);
      },
    });
    for (const path of ["/login", "/logout"]) {
      for (const method of ["GET", "HEAD"]) {
        const response = await app.request(
          `http://localhost${path}?redirect_url=%2Fhome`,
          { method, headers: { Accept: "text/html", Cookie: `${SESSION_COOKIE}=stale-token` } },
          { ...env, ASSETS: assets, DB: failing },
        );
        expect(response.status, `${method} ${path}`).toBe(200);
        expect(response.headers.get("Content-Type")).toContain("text/html");
      }
    }
    // The API still looks the session up (and reports the failure in the SPEC §8 shape).
    const api = await app.request("http://localhost/api/profile", { headers: { Cookie: `${SESSION_COOKIE}=stale-token` } }, { ...env, ASSETS: assets, DB: failing });
    expect(api.status).toBe(500);
    expect(await api.json()).toMatchObject({ code: "server_error" });
  });

  it("answer a JSON 404 without it", async () => {
    const response = await exports.default.fetch(new Request("http://localhost/login"));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });
});

describe("the session behind each API request", () => {
  const sessionOf = async (client: TestClient) =>
    env.DB.prepare("SELECT id, expires_at, last_seen_at FROM sessions WHERE id = ?")
      .bind(await hashToken(client.cookies.get(SESSION_COOKIE) ?? ""))
      .first<{ id: string; expires_at: string; last_seen_at: string }>();

  it("reads its own user and memberships, never another session's", async () => {
    const organizer = await clientFor("organizer@demo.test");
    const owner = await clientFor("owner@demo.test");
    const [mine, theirs] = await Promise.all([organizer.get("/api/profile"), owner.get("/api/profile")]);
    const read = async (response: Response) => (await response.json()) as { data: ProfileUser };
    const [me, them] = [(await read(mine)).data, (await read(theirs)).data];
    expect(me.email).toBe("organizer@demo.test");
    expect(them.email).toBe("owner@demo.test");
    expect(me.permissions).not.toEqual(them.permissions);
  });

  it("signs out a user disabled after signing in", async () => {
    const { email, ip } = unique("disabled-later");
    await createUser({ email });
    const client = new TestClient();
    expect((await login(client, { email, password: PASSWORD }, ip)).status).toBe(200);
    expect((await client.get("/api/profile")).status).toBe(200);
    await env.DB.prepare("UPDATE users SET status = 'disabled' WHERE email = ?").bind(email).run();
    expect((await client.get("/api/profile")).status).toBe(401);
  });

  it("pushes the expiry forward after a minute idle, not at every request", async () => {
    const client = await clientFor("organizer@demo.test");
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const session = await sessionOf(client);
    await env.DB.prepare("UPDATE sessions SET expires_at = ?, last_seen_at = ? WHERE id = ?").bind(soon, new Date().toISOString(), session?.id).run();
    expect((await client.get("/api/profile")).status).toBe(200);
    expect((await sessionOf(client))?.expires_at).toBe(soon);
    await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE id = ?").bind(new Date(Date.now() - 120_000).toISOString(), session?.id).run();
    expect((await client.get("/api/profile")).status).toBe(200);
    const slid = await sessionOf(client);
    expect(Date.parse(slid?.expires_at ?? "") - Date.now()).toBeGreaterThan(11 * 3_600_000);
    expect(Date.now() - Date.parse(slid?.last_seen_at ?? "")).toBeLessThan(60_000);
  });
});
