/**
 * Test fixture (not shipped code): the app's own upload client (upload-queue.ts, built on the
 * browser's `fetch` and XMLHttpRequest) talking to a FakeUploadServer, with the feature routes a
 * test answers beside it. Stubs the globals; `vi.unstubAllGlobals()` undoes it.
 */
import { vi } from "vitest";
import { CSRF_COOKIE_PATH } from "../../api/csrf.ts";
import type { FakeUploadServer } from "../uploads/testing.ts";

export interface SeenCall {
  method: string;
  path: string;
  body: unknown;
}

export type RouteHandler = (call: SeenCall) => { status: number; body?: unknown };

/** Routes by "METHOD /path" (a path ending in `*` matches by prefix); /api/uploads goes to `server`. */
export function stubUploadNetwork(server: FakeUploadServer, routes: Record<string, RouteHandler> = {}) {
  const calls: SeenCall[] = [];
  const route = (method: string, path: string) =>
    Object.entries(routes).find(([key]) => {
      const [wantedMethod, wantedPath = ""] = key.split(" ");
      return wantedMethod === method && (wantedPath.endsWith("*") ? path.startsWith(wantedPath.slice(0, -1)) : wantedPath === path);
    })?.[1];

  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^https?:\/\/[^/]+/, "").split("?")[0] ?? "";
    const method = (init?.method ?? "GET").toUpperCase();
    if (path === CSRF_COOKIE_PATH) {
      document.cookie = "XSRF-TOKEN=test-token; Path=/";
      return new Response(null, { status: 204 });
    }
    if (path.startsWith("/api/uploads")) return server.fetch(input, init);
    if (!server.reachable) throw new TypeError("Failed to fetch");
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
    const call = { method, path, body };
    calls.push(call);
    const handler = route(method, path);
    const answer = handler ? handler(call) : { status: 404, body: { message: "Not found", code: "not_found", requestId: "test" } };
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? {}), { status: answer.status, headers: { "Content-Type": "application/json" } });
  });

  /** XHR as upload-api.ts uses it for the parts, answered by the fake server. */
  class PartXhr {
    readonly upload = new EventTarget();
    private readonly events = new EventTarget();
    private readonly controller = new AbortController();
    private url = "";
    status = 0;
    statusText = "";
    responseText = "";
    withCredentials = false;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    addEventListener(type: string, listener: EventListener) {
      this.events.addEventListener(type, listener);
    }
    abort() {
      this.controller.abort();
    }
    send(body: Blob) {
      server
        .sendPart({ path: this.url, body, signal: this.controller.signal, onProgress: (loaded) => this.upload.dispatchEvent(Object.assign(new Event("progress"), { loaded })) })
        .then(
          (response) => {
            this.status = response.status;
            this.responseText = response.body;
            this.events.dispatchEvent(new Event("load"));
          },
          (error: unknown) => this.events.dispatchEvent(new Event(error instanceof DOMException && error.name === "AbortError" ? "abort" : "error")),
        );
    }
  }
  vi.stubGlobal("XMLHttpRequest", PartXhr);

  return {
    calls,
    /** Calls to one "METHOD /path" (not the uploads': see `server.requests`). */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}
