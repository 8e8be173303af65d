import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../test/render.tsx";
import { api, requestHeaders } from "./client.ts";
import {
  ApiRequestError,
  type GlobalErrorDeps,
  NOT_FOUND_PATH,
  RELOAD_GUARD_MS,
  globalActionFor,
  handleApiError,
  installGlobalErrorHandler,
  reloadSiteRoot,
  unwrap,
} from "./errors.ts";

/** Spies for the effects; only the path lookups can be overridden. */
function deps(paths: Partial<Pick<GlobalErrorDeps, "loginPath" | "currentPath">> = {}) {
  return {
    resetUser: vi.fn<() => void>(),
    navigate: vi.fn<(path: string) => void>(),
    reloadRoot: vi.fn<() => void>(),
    loginPath: () => "/",
    currentPath: () => "/home",
    ...paths,
  } satisfies GlobalErrorDeps;
}

const errorOf = (status: number) => new ApiRequestError(status, "x", undefined);

afterEach(() => {
  installGlobalErrorHandler(undefined);
  vi.unstubAllGlobals();
});

describe("ApiRequestError.fromResponse", () => {
  it("takes message, code, field errors and request id from the SPEC §8 body", async () => {
    const error = await ApiRequestError.fromResponse(
      jsonResponse({ message: "Invalid data", code: "validation_failed", errors: { email: ["Required"] }, requestId: "r-1" }, 422),
    );
    expect(error).toMatchObject({ status: 422, message: "Invalid data", code: "validation_failed", requestId: "r-1" });
    expect(error.fieldErrors("email")).toEqual(["Required"]);
    expect(error.fieldErrors("name")).toEqual([]);
  });

  it("falls back to the raw body, then to the status line", async () => {
    expect((await ApiRequestError.fromResponse(new Response("Bad gateway upstream", { status: 502 }))).message).toBe(
      "Bad gateway upstream",
    );
    const empty = await ApiRequestError.fromResponse(new Response(null, { status: 500, statusText: "Internal Server Error" }));
    expect(empty.message).toBe("500 Internal Server Error");
    expect(empty.code).toBeUndefined();
  });

  it("marks network failures with status 0", () => {
    const error = ApiRequestError.network(new TypeError("Failed to fetch"));
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe("Failed to fetch");
  });
});

describe("global handling (SPEC §8)", () => {
  it("maps statuses to actions", () => {
    expect([401, 403, 404, 503, 400, 409, 422, 423, 429, 500, 0].map(globalActionFor)).toEqual([
      "login",
      "root",
      "not-found",
      "reload-root",
      "propagate",
      "propagate",
      "propagate",
      "propagate",
      "propagate",
      "propagate",
      "propagate",
    ]);
  });

  it("401 resets the user and goes to login with the current path as redirect_url", () => {
    const d = deps({ loginPath: () => "/login", currentPath: () => "/sessions?page=2" });
    const error = errorOf(401);
    expect(handleApiError(error, d)).toBe(true);
    expect(d.resetUser).toHaveBeenCalledOnce();
    expect(d.navigate).toHaveBeenCalledWith("/login?redirect_url=%2Fsessions%3Fpage%3D2");
    expect(error.handled).toBe(true);
  });

  it("401 from the root goes to plain /login", () => {
    const d = deps({ loginPath: () => "/login", currentPath: () => "/" });
    handleApiError(errorOf(401), d);
    expect(d.navigate).toHaveBeenCalledWith("/login");
  });

  it("401 does not navigate again when already on the login path", () => {
    const d = deps({ loginPath: () => "/login", currentPath: () => "/login" });
    handleApiError(errorOf(401), d);
    expect(d.resetUser).toHaveBeenCalledOnce();
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it("403 goes to the root, 404 to the not-found page", () => {
    const d = deps();
    handleApiError(errorOf(403), d);
    handleApiError(errorOf(404), d);
    expect(d.navigate.mock.calls).toEqual([["/"], [NOT_FOUND_PATH]]);
  });

  it("503 reloads the site root", () => {
    const d = deps();
    expect(handleApiError(errorOf(503), d)).toBe(true);
    expect(d.reloadRoot).toHaveBeenCalledOnce();
    expect(d.navigate).not.toHaveBeenCalled();
  });

  it("other statuses propagate untouched", () => {
    const d = deps();
    for (const status of [400, 409, 422, 423, 429, 500, 0]) {
      const error = errorOf(status);
      expect(handleApiError(error, d)).toBe(false);
      expect(error.handled).toBe(false);
    }
    expect(d.navigate).not.toHaveBeenCalled();
    expect(d.reloadRoot).not.toHaveBeenCalled();
    expect(d.resetUser).not.toHaveBeenCalled();
  });

  it("does nothing before a handler is installed", () => {
    expect(handleApiError(errorOf(401))).toBe(false);
  });
});

describe("reloadSiteRoot", () => {
  it("reloads the root, but not twice within the guard window", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const assign = vi.fn();
    expect(reloadSiteRoot(1_000_000, storage, assign)).toBe(true);
    expect(assign).toHaveBeenCalledWith("/");
    expect(reloadSiteRoot(1_000_000 + RELOAD_GUARD_MS - 1, storage, assign)).toBe(false);
    expect(reloadSiteRoot(1_000_000 + RELOAD_GUARD_MS, storage, assign)).toBe(true);
    expect(assign).toHaveBeenCalledTimes(2);
    expect([...store.keys()]).toEqual(["igo.reload-503-at"]);
  });
});

describe("api client", () => {
  it("sends the SPEC §7 headers with credentials", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ status: "ok" }));
    vi.stubGlobal("fetch", fetchMock);
    await api.api.health.$get();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/health");
    expect(init?.credentials).toBe("include");
    const headers = new Headers(init?.headers);
    expect(headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(headers.get("Accept")).toBe("application/json");
    expect(headers.get("X-Timezone")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headers.get("Accept-Language")).toBe("en");
    expect(headers.get("X-Locale")).toBe("en");
  });

  it("uses the current locale for the language headers", async () => {
    const { activateLocale } = await import("../i18n/i18n.ts");
    await activateLocale("de");
    expect(requestHeaders()).toMatchObject({ "Accept-Language": "de", "X-Locale": "de" });
  });

  it("unwrap returns the body, or runs the global handler and throws", async () => {
    const d = deps();
    installGlobalErrorHandler(d);
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse({ status: "ok", version: "1", d1: true, migrations: { applied: 1, total: 1, pending: [], ok: true } })));
    await expect(unwrap(api.api.health.$get())).resolves.toMatchObject({ version: "1" });

    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse({ message: "Gone", code: "not_found", requestId: "r" }, 404)));
    const failure = unwrap(api.api.health.$get());
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: "Gone", handled: true });
    expect(d.navigate).toHaveBeenCalledWith(NOT_FOUND_PATH);
  });

  it("unwrap with global: false leaves the error to the caller", async () => {
    const d = deps();
    installGlobalErrorHandler(d);
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse({ message: "Down", code: "unavailable", requestId: "r" }, 503)));
    await expect(unwrap(api.api.health.$get(), { global: false })).rejects.toMatchObject({ status: 503, handled: false });
    expect(d.reloadRoot).not.toHaveBeenCalled();
  });

  it("unwrap turns a failed fetch into a network error", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(unwrap(api.api.health.$get())).rejects.toMatchObject({ status: 0, isNetworkError: true });
  });
});
