import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, unwrap } from "./errors.ts";
import { api } from "./client.ts";
import { apiUnreachable, reportReachability, subscribeReachability } from "./reachability.ts";

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
});
