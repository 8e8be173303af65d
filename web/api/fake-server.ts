import { vi } from "vitest";
import { CSRF_COOKIE_PATH } from "./csrf.ts";

/**
 * Test helper: a stubbed global fetch answering "METHOD /path" routes (query ignored), with the
 * CSRF cookie route built in and a 404 in the SPEC §8 shape for anything else. Records the calls.
 */
export interface FakeCall {
  method: string;
  path: string;
  url: string;
  body: unknown;
  headers: Headers;
}

export type FakeHandler = (call: FakeCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export function fakeServer(routes: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const path = url.replace(/^https?:\/\/[^/]+/, "").split("?")[0] ?? url;
    const method = (init?.method ?? "GET").toUpperCase();
    if (path === CSRF_COOKIE_PATH) {
      document.cookie = "XSRF-TOKEN=test-token; Path=/";
      return new Response(null, { status: 204 });
    }
    const raw = typeof init?.body === "string" ? init.body : undefined;
    const body: unknown = raw ? JSON.parse(raw) : init?.body;
    const call: FakeCall = { method, path, url, body, headers: new Headers(init?.headers) };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (!route) return json({ message: "Not found", code: "not_found", requestId: "test" }, 404);
    return route(call);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    fetchMock,
    /** Calls to one "METHOD /path". */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
