import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, unwrap } from "./errors.ts";
import { api } from "./client.ts";
import { apiUnreachable, reachabilityReporting, reportReachability, subscribeReachability } from "./reachability.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("API reachability", () => {
  it("turns unreachable when a call gets no response, and reachable again on any response (an error status too)", async () => {
    const changes = vi.fn();
    const unsubscribe = subscribeReachability(changes);
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const failed = await unwrap(api.api.health.$get(), { global: false }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiRequestError);
    expect((failed as ApiRequestError).isNetworkError).toBe(true);
    expect(apiUnreachable()).toBe(true);

    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ message: "Server error" }), { status: 500 })));
    await unwrap(api.api.health.$get(), { global: false }).catch(() => undefined);
    expect(apiUnreachable()).toBe(false);
    // Listeners hear changes only, not every request.
    reportReachability(true);
    expect(changes).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it("says nothing of a request its caller aborted, even when the fetch then fails as a network error", async () => {
    // A screen closed mid-request aborts it; a fetch may still settle with the connection's own
    // failure (happy-dom does, after a refused connect): that is no news about the server.
    const controller = new AbortController();
    const failing = reachabilityReporting(async () => {
      controller.abort();
      throw new TypeError("Failed to fetch");
    });
    await expect(failing("/api/health", { signal: controller.signal })).rejects.toThrow("Failed to fetch");
    expect(apiUnreachable()).toBe(false);

    // Not aborted: the same failure says the server is out of reach.
    await expect(reachabilityReporting(async () => Promise.reject(new TypeError("Failed to fetch")))("/api/health")).rejects.toThrow("Failed to fetch");
    expect(apiUnreachable()).toBe(true);
    reportReachability(true);
  });
});
