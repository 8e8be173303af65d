import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../features/dev/demo-data.ts";
import { PASSWORD, createUser, login, unique } from "../features/auth/test-support.ts";
import { TestClient, clientFor, seedDemo } from "../test/client.ts";
import { CSRF_COOKIE, CSRF_HEADER, newCsrfToken } from "./csrf.ts";
import { SESSION_COOKIE } from "./session.ts";

/** Issue #14 point 3: the XSRF token is bound to the session (or, before sign-in, the pre-session). */

const PRESESSION = "igo_presession";

/** `client`'s request with another XSRF token put in both its cookie and its header. */
function withToken(client: TestClient, token: string, path: string, method = "POST", json: unknown = {}): Promise<Response> {
  client.cookies.set(CSRF_COOKIE, token);
  return client.request(path, { method, json, csrf: false, headers: { [CSRF_HEADER]: token } });
}

const expect419 = async (response: Response) => {
  expect(response.status).toBe(419);
  expect(await response.json()).toMatchObject({ code: "csrf_mismatch", message: "Your session has expired. Please reload the page." });
};

const setCookies = (response: Response) => response.headers.getAll("Set-Cookie");
const cookieNamed = (response: Response, name: string) => setCookies(response).find((value) => value.startsWith(`${name}=`)) ?? "";

describe("the XSRF token is bound to the session", () => {
  it("refuses, on the organizer's session, a token minted for another session (419) and accepts the organizer's own", async () => {
    const organizer = await clientFor("organizer@demo.test");
    const admin = await clientFor("admin@demo.test");
    const stranger = new TestClient();
    await expect419(await withToken(organizer, await admin.csrfToken(), "/logout"));
    await expect419(await withToken(organizer, await stranger.csrfToken(), "/logout"));
    // A well-signed token of another APP_KEY, or for the session's own id under another key, neither.
    const session = organizer.cookies.get(SESSION_COOKIE) ?? "";
    await expect419(await withToken(organizer, await newCsrfToken("another-app-key", { kind: "anonymous", id: session }), "/logout"));
    expect((await organizer.get("/api/profile")).status).toBe(200);
    // Its own token (fetched afresh) works.
    organizer.cookies.delete(CSRF_COOKIE);
    expect((await organizer.request("/api/profile", { method: "PATCH", json: { first_name: "Orla" } })).status).toBe(200);
  });

  it("binds a token fetched before sign-in to an HttpOnly pre-session cookie; another browser's is refused", async () => {
    const response = await exports.default.fetch(new Request("http://localhost/sanctum/csrf-cookie"));
    expect(cookieNamed(response, PRESESSION)).toMatch(/HttpOnly/i);
    expect(cookieNamed(response, PRESESSION)).toMatch(/SameSite=Lax/i);
    expect(cookieNamed(response, CSRF_COOKIE)).not.toMatch(/HttpOnly/i);

    const { email, ip } = unique("pre");
    await createUser({ email });
    const browser = new TestClient();
    const other = new TestClient();
    const otherToken = await other.csrfToken();
    await expect419(await withToken(browser, otherToken, "/login", "POST", { email, password: PASSWORD }));
    // The token without its pre-session cookie is refused too.
    const alone = new TestClient();
    await expect419(await withToken(alone, otherToken, "/login", "POST", { email, password: PASSWORD }));
    expect((await login(browser.clearToken(), { email, password: PASSWORD }, ip)).status).toBe(200);
  });

  it("keeps the pre-session across token refreshes, so two tabs of one browser share it", async () => {
    const browser = new TestClient();
    const first = await browser.csrfToken();
    const presession = browser.cookies.get(PRESESSION);
    browser.clearToken();
    const second = await browser.csrfToken();
    expect(second).not.toBe(first);
    expect(browser.cookies.get(PRESESSION)).toBe(presession);
    // Both tokens stay valid for this browser (one tab may still hold the first): past CSRF, the body is checked.
    for (const token of [first, second]) expect((await withToken(browser, token, "/login", "POST", {})).status).toBe(422);
  });

  it("rotates at login: the token bound to the pre-session is refused afterwards, the new one works", async () => {
    const { email, ip } = unique("rotate-login");
    await createUser({ email });
    const browser = new TestClient();
    const before = await browser.csrfToken();
    const response = await login(browser, { email, password: PASSWORD }, ip);
    expect(response.status).toBe(200);
    const after = browser.cookies.get(CSRF_COOKIE) ?? "";
    expect(cookieNamed(response, CSRF_COOKIE)).toContain(after);
    expect(after).not.toBe(before);
    expect(browser.cookies.has(PRESESSION)).toBe(false);
    await expect419(await withToken(browser, before, "/api/profile", "PATCH", { first_name: "Test" }));
    expect((await withToken(browser, after, "/api/profile", "PATCH", { first_name: "Test" })).status).toBe(200);
  });

  it("rotates at logout: the signed-in token is refused afterwards, the new one signs in again", async () => {
    await seedDemo();
    const browser = new TestClient();
    expect((await login(browser, { email: "owner@demo.test", password: DEMO_PASSWORD }, unique("logout").ip)).status).toBe(200);
    const signedIn = browser.cookies.get(CSRF_COOKIE) ?? "";
    const sessionToken = browser.cookies.get(SESSION_COOKIE) ?? "";
    const response = await browser.post("/logout");
    expect(response.status).toBe(204);
    const after = browser.cookies.get(CSRF_COOKIE) ?? "";
    expect(after).not.toBe(signedIn);
    expect(cookieNamed(response, PRESESSION)).toMatch(/HttpOnly/i);
    await expect419(await withToken(browser, signedIn, "/logout"));
    // Put back with its (ended) session's cookie, that token passes the CSRF check but the session is gone.
    browser.cookies.set(SESSION_COOKIE, sessionToken);
    expect((await withToken(browser, signedIn, "/api/profile", "PATCH", { first_name: "Olivia" })).status).toBe(401);
    browser.cookies.delete(SESSION_COOKIE);
    browser.clearToken();
    expect((await login(browser, { email: "owner@demo.test", password: DEMO_PASSWORD }, unique("logout2").ip)).status).toBe(200);
  });

  it("refuses a session-bound token once the session cookie is gone (signed out elsewhere), then the client recovers", async () => {
    const client = await clientFor("organizer@demo.test");
    const token = await client.csrfToken();
    client.cookies.delete(SESSION_COOKIE);
    await expect419(await withToken(client, token, "/logout"));
    expect((await client.clearToken().post("/logout")).status).toBe(204);
  });
});

describe("cookies over HTTPS", () => {
  it("are the __Host- ones (Secure, Path=/, no Domain); the plain names are ignored there", async () => {
    await seedDemo();
    const browser = new TestClient("en", "https://events.example.com");
    const issued = await browser.request("/sanctum/csrf-cookie");
    for (const name of ["__Host-XSRF-TOKEN", "__Host-igo_presession"]) {
      const cookie = cookieNamed(issued, name);
      expect(cookie, name).toMatch(/; Secure/i);
      expect(cookie, name).toMatch(/Path=\//);
      expect(cookie, name).not.toMatch(/Domain=/i);
    }
    const response = await login(browser, { email: "owner@demo.test", password: DEMO_PASSWORD }, unique("https").ip);
    expect(response.status).toBe(200);
    const session = cookieNamed(response, "__Host-igo_session");
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/Path=\//);
    expect(cookieNamed(response, "__Host-XSRF-TOKEN")).toMatch(/; Secure/i);
    expect(setCookies(response).some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`) || cookie.startsWith(`${CSRF_COOKIE}=`))).toBe(false);
    expect((await browser.get("/api/profile")).status).toBe(200);
    expect((await browser.request("/api/profile", { method: "PATCH", json: { first_name: "Olivia" } })).status).toBe(200);

    // A plain-named cookie (which any http page or sibling subdomain could plant) means nothing there.
    const planted = new TestClient("en", "https://events.example.com");
    planted.cookies.set(SESSION_COOKIE, browser.cookies.get("__Host-igo_session") ?? "");
    expect((await planted.get("/api/profile")).status).toBe(401);
    const logout = await browser.post("/logout");
    expect(logout.status).toBe(204);
    expect(cookieNamed(logout, "__Host-igo_session")).toMatch(/Max-Age=0/i);
  });

  it("stay plain on loopback http", async () => {
    const response = await exports.default.fetch(new Request("http://127.0.0.1/sanctum/csrf-cookie"));
    expect(setCookies(response).map((cookie) => cookie.split("=")[0]).sort()).toEqual([CSRF_COOKIE, PRESESSION]);
    expect(env.APP_KEY).toBeTruthy();
  });
});
