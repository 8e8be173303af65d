import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { profileUser } from "../../test/users.ts";
import { ensureSessionUser, fetchProfile, login, logout, onSignOut } from "./api.ts";
import { LOGGED_IN_COOKIE, isLoggedInFlagSet, setLoggedInFlag } from "./logged-in-flag.ts";
import { PROFILE_CACHE_KEY, cachedProfileUser, resetSession, session } from "./store.ts";

const user = profileUser(["sessions.view"]);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetSession();
  session.status = "unknown";
});

describe("logged-in flag (SPEC §4)", () => {
  it("is a readable cookie, set by login and cleared by logout", async () => {
    const server = fakeServer({ "POST /login": () => json({ data: user }), "POST /logout": () => new Response(null, { status: 204 }) });
    await login({ email: user.email, password: "x" });
    expect(document.cookie).toContain(`${LOGGED_IN_COOKIE}=1`);
    await logout();
    expect(isLoggedInFlagSet()).toBe(false);
    expect(session.user).toBeNull();
    expect(server.callsTo("POST /logout")).toHaveLength(1);
  });

  it("lasts 30 days with remember me", async () => {
    const cookie = vi.spyOn(document, "cookie", "set");
    fakeServer({ "POST /login": () => json({ data: user }) });
    await login({ email: user.email, password: "x", remember: true });
    expect(cookie.mock.calls.map(([value]) => value).find((value) => value.startsWith(`${LOGGED_IN_COOKIE}=1`))).toContain("Max-Age=2592000");
  });

  it("is cleared by a failed login", async () => {
    setLoggedInFlag();
    fakeServer({ "POST /login": () => json({ message: "Failed to log in!", code: "validation_failed", errors: { email: ["x"] }, requestId: "r" }, 422) });
    await expect(login({ email: user.email, password: "bad" })).rejects.toMatchObject({ status: 422 });
    expect(isLoggedInFlagSet()).toBe(false);
  });
});

describe("fetchProfile / ensureSessionUser", () => {
  it("does not call the server while the flag is absent", async () => {
    const server = fakeServer({ "GET /api/profile": () => json({ data: user }) });
    await expect(ensureSessionUser()).resolves.toBeNull();
    expect(server.calls).toHaveLength(0);
    expect(session.status).toBe("ready");
  });

  it("shares one request between concurrent callers and keeps an offline copy", async () => {
    setLoggedInFlag();
    const server = fakeServer({ "GET /api/profile": () => json({ data: user }) });
    const [a, b] = await Promise.all([ensureSessionUser(), ensureSessionUser()]);
    expect(a).toEqual(user);
    expect(b).toEqual(user);
    expect(server.callsTo("GET /api/profile")).toHaveLength(1);
    expect(cachedProfileUser()).toEqual(user);
  });

  it("opens offline with the last confirmed user", async () => {
    setLoggedInFlag();
    localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify(user));
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(fetchProfile()).resolves.toEqual(user);
    expect(isLoggedInFlagSet()).toBe(true);
  });

  it("does not ask the server while the browser is offline: the last confirmed user opens the app", async () => {
    setLoggedInFlag();
    localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify(user));
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const server = fakeServer({ "GET /api/profile": () => json({ data: user }) });
    await expect(ensureSessionUser()).resolves.toEqual(user);
    expect(server.calls).toHaveLength(0);
    expect(session).toMatchObject({ user, status: "ready" });
  });

  it("forgets the user, the flag and the offline copy on 401", async () => {
    setLoggedInFlag();
    localStorage.setItem(PROFILE_CACHE_KEY, JSON.stringify(user));
    fakeServer({ "GET /api/profile": () => json({ message: "no", code: "unauthenticated", requestId: "r" }, 401) });
    await expect(fetchProfile()).resolves.toBeNull();
    expect(isLoggedInFlagSet()).toBe(false);
    expect(localStorage.getItem(PROFILE_CACHE_KEY)).toBeNull();
  });
});

describe("logout", () => {
  it("runs the sign-out hooks (local data, realtime) even when the server cannot be reached", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    session.user = user;
    const hook = vi.fn();
    const failing = vi.fn(() => {
      throw new Error("boom");
    });
    const offFailing = onSignOut(failing);
    const off = onSignOut(hook);
    await logout();
    expect(session.user).toBeNull();
    expect(failing).toHaveBeenCalledOnce();
    expect(hook).toHaveBeenCalledOnce();
    off();
    offFailing();
  });
});
