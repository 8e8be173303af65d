import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../test/render.tsx";
import { api } from "./client.ts";
import { CSRF_COOKIE_PATH, csrfFetch, readCsrfToken } from "./csrf.ts";
import { readCookie } from "./cookies.ts";
import { unwrap } from "./errors.ts";

const clearCookie = () => {
  document.cookie = "XSRF-TOKEN=; Path=/; Max-Age=0";
  document.cookie = "__Host-XSRF-TOKEN=; Path=/; Max-Age=0; Secure";
};

/** A server stub: the CSRF route sets a new (URL-encoded) token cookie each time. */
function server(answer: (url: string, init: RequestInit | undefined, call: number) => Response = () => jsonResponse({ ok: true })) {
  let tokens = 0;
  let calls = 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === CSRF_COOKIE_PATH) {
      tokens += 1;
      document.cookie = `XSRF-TOKEN=${encodeURIComponent(`tok${tokens}=.sig`)}; Path=/`;
      return new Response(null, { status: 204 });
    }
    calls += 1;
    return answer(url, init, calls);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const headerOf = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

beforeEach(clearCookie);
afterEach(() => {
  vi.unstubAllGlobals();
  clearCookie();
});

describe("CSRF (SPEC §7)", () => {
  it("leaves safe methods alone", async () => {
    const fetchMock = server();
    await csrfFetch("/api/profile", { method: "GET" });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/profile"]);
  });

  it("fetches the cookie before the first mutating call and sends it URL-decoded", async () => {
    const fetchMock = server();
    await csrfFetch("/login", { method: "POST", body: "{}" });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([CSRF_COOKIE_PATH, "/login"]);
    expect(readCookie("XSRF-TOKEN")).toBe("tok1=.sig");
    expect(headerOf(fetchMock.mock.calls[1]?.[1], "X-XSRF-TOKEN")).toBe("tok1=.sig");
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe("include");
  });

  it("reuses the cookie afterwards, for every mutating method", async () => {
    const fetchMock = server();
    for (const method of ["POST", "PATCH", "PUT", "DELETE"]) await csrfFetch("/api/x", { method });
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === CSRF_COOKIE_PATH)).toHaveLength(1);
    expect(fetchMock.mock.calls.slice(1).map(([, init]) => headerOf(init, "X-XSRF-TOKEN"))).toEqual(Array(4).fill("tok1=.sig"));
  });

  it("after a 419 fetches a new cookie and sends the call once more", async () => {
    const fetchMock = server((_url, _init, call) => (call === 1 ? jsonResponse({ message: "expired", code: "csrf_mismatch" }, 419) : jsonResponse({ ok: true })));
    const response = await csrfFetch("/api/profile", { method: "PATCH", body: "{}" });
    expect(response.status).toBe(200);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([CSRF_COOKIE_PATH, "/api/profile", CSRF_COOKIE_PATH, "/api/profile"]);
    expect(headerOf(fetchMock.mock.calls[3]?.[1], "X-XSRF-TOKEN")).toBe("tok2=.sig");
  });

  it("gives up after one retry", async () => {
    server(() => jsonResponse({ message: "nope", code: "csrf_mismatch" }, 419));
    await expect(unwrap(api.api.password.email.$post({ json: { email: "a@b.c" } }), { global: false })).rejects.toMatchObject({ status: 419 });
  });

  it("shares one cookie request between concurrent calls", async () => {
    const fetchMock = server();
    await Promise.all([csrfFetch("/a", { method: "POST" }), csrfFetch("/b", { method: "POST" })]);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === CSRF_COOKIE_PATH)).toHaveLength(1);
  });

  it("the typed hc client goes through it", async () => {
    const fetchMock = server(() => new Response(null, { status: 204 }));
    await api.logout.$post();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([CSRF_COOKIE_PATH, "/logout"]);
    expect(headerOf(fetchMock.mock.calls[1]?.[1], "X-XSRF-TOKEN")).toBe("tok1=.sig");
    expect(fetchMock.mock.calls[1]?.[1]?.credentials).toBe("include");
  });

  it("the typed hc client sends JSON with the SPEC §7 headers and credentials", async () => {
    const fetchMock = server(() => jsonResponse({ data: { id: 1 } }));
    await expect(unwrap(api.login.$post({ json: { email: "a@b.c", password: "x", remember: false } }))).resolves.toEqual({ data: { id: 1 } });
    const init = fetchMock.mock.calls[1]?.[1];
    expect(init?.credentials).toBe("include");
    expect(init?.body).toBe(JSON.stringify({ email: "a@b.c", password: "x", remember: false }));
    expect(headerOf(init, "Content-Type")).toBe("application/json");
    expect(headerOf(init, "X-Requested-With")).toBe("XMLHttpRequest");
    expect(headerOf(init, "Accept-Language")).toBe("en");
  });

  it("finds the token under __Host-XSRF-TOKEN (HTTPS) before the plain name (loopback http)", async () => {
    document.cookie = "XSRF-TOKEN=plain.sig; Path=/";
    expect(readCsrfToken()).toBe("plain.sig");
    // Over HTTPS the server sets only the __Host- name; a plain one left from before must not win.
    document.cookie = `__Host-XSRF-TOKEN=${encodeURIComponent("host=.sig")}; Path=/; Secure`;
    expect(document.cookie).toContain("__Host-XSRF-TOKEN");
    expect(readCsrfToken()).toBe("host=.sig");
    const fetchMock = server();
    await csrfFetch("/api/x", { method: "POST" });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/x"]);
    expect(headerOf(fetchMock.mock.calls[0]?.[1], "X-XSRF-TOKEN")).toBe("host=.sig");
  });

  it("uses the token a login response rotated, without asking for a new one", async () => {
    const fetchMock = server((url) => {
      if (url === "/login") document.cookie = "XSRF-TOKEN=rotated.sig; Path=/";
      return jsonResponse({ ok: true });
    });
    await csrfFetch("/login", { method: "POST", body: "{}" });
    await csrfFetch("/api/profile", { method: "PATCH", body: "{}" });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([CSRF_COOKIE_PATH, "/login", "/api/profile"]);
    expect(headerOf(fetchMock.mock.calls[1]?.[1], "X-XSRF-TOKEN")).toBe("tok1=.sig");
    expect(headerOf(fetchMock.mock.calls[2]?.[1], "X-XSRF-TOKEN")).toBe("rotated.sig");
  });
});
