import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installGlobalErrorHandler } from "../../api/errors.ts";
import { jsonResponse } from "../../test/render.tsx";
import { profileUser } from "../../test/users.ts";
import { featuredStore, isFeaturedFresh, loadFeatured, resetFeatured } from "./featured-store.ts";

const NOW = Date.UTC(2026, 5, 15, 12);
let answer: () => Response;
let calls = 0;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  resetFeatured(true);
  calls = 0;
  answer = () => jsonResponse({ data: { next: null, last: null } });
  vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
    calls++;
    return answer();
  });
});

afterEach(() => {
  installGlobalErrorHandler(undefined);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("featured-webcast loader", () => {
  it("is fresh for one minute after a server answer, never after a local one", () => {
    const state = { status: "fulfilled" as const, source: "server" as const, fetchedAt: NOW };
    expect(isFeaturedFresh(state, NOW + 59_999)).toBe(true);
    expect(isFeaturedFresh(state, NOW + 60_000)).toBe(false);
    expect(isFeaturedFresh({ ...state, source: "local" }, NOW)).toBe(false);
    expect(isFeaturedFresh({ ...state, status: "pending" }, NOW)).toBe(false);
  });

  it("shares one request between concurrent loads, and skips fresh data unless forced", async () => {
    const user = profileUser(["sessions.view"]);
    await Promise.all([loadFeatured(user, null), loadFeatured(user, null)]);
    expect(calls).toBe(1);
    expect(featuredStore).toMatchObject({ status: "fulfilled", source: "server", fetchedAt: NOW, userId: user.id });
    await loadFeatured(user, null);
    expect(calls).toBe(1);
    await loadFeatured(user, null, { force: true });
    expect(calls).toBe(2);
  });

  it("starts over for another user", async () => {
    await loadFeatured(profileUser(["sessions.view"], { id: 1 }), null);
    const other = profileUser(["sessions.view"], { id: 2 });
    const loading = loadFeatured(other, null);
    expect(featuredStore).toMatchObject({ status: "pending", userId: 2, fetchedAt: null });
    await loading;
    expect(calls).toBe(2);
  });

  it("hands a 401 to the global handler (sign out) and forgets everything", async () => {
    const resetUser = vi.fn();
    installGlobalErrorHandler({ resetUser, navigate: vi.fn(), reloadRoot: vi.fn(), loginPath: () => "/login", currentPath: () => "/home" });
    answer = () => jsonResponse({ message: "Please log in to continue.", code: "unauthenticated" }, 401);
    await loadFeatured(profileUser(["sessions.view"]), null);
    expect(resetUser).toHaveBeenCalledOnce();
    expect(featuredStore).toMatchObject({ status: "idle", userId: null });
  });

  it("says it failed when neither the server nor a local copy can answer", async () => {
    answer = () => jsonResponse({ message: "Down", code: "unavailable" }, 503);
    const reloadRoot = vi.fn();
    installGlobalErrorHandler({ resetUser: vi.fn(), navigate: vi.fn(), reloadRoot, loginPath: () => "/login", currentPath: () => "/home" });
    await loadFeatured(profileUser(["sessions.view"]), null);
    expect(featuredStore).toMatchObject({ status: "fulfilled", failed: true, source: null });
    // A 503 here is the loader's business, not a reason to reload the whole site.
    expect(reloadRoot).not.toHaveBeenCalled();
  });
});
