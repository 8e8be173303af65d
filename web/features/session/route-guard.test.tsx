import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer, json } from "../../api/fake-server.ts";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";
import { isLoggedInFlagSet, setLoggedInFlag } from "./logged-in-flag.ts";
import { guardRoute, prepareSession } from "./route-guard.ts";
import { resetSession, session } from "./store.ts";

const HEALTH = { status: "ok", version: "1", d1: true, migrations: { applied: 1, total: 1, pending: [], ok: true } };
const organizer = profileUser(["sessions.view", "organizations.view"]);
const noAccount = profileUser([], { accounts: [], email: "noaccount@demo.test" });

afterEach(() => {
  vi.unstubAllGlobals();
  resetSession();
  session.status = "unknown";
});

describe("route guard in the app (SPEC §2)", () => {
  it("sends a signed-out visitor to login with redirect_url, without asking the server", async () => {
    const server = fakeServer({});
    const { router } = await renderApp("/profile");
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.search).toEqual({ redirect_url: "/profile" });
    expect(server.callsTo("GET /api/profile")).toHaveLength(0);
    expect(screen.getByTestId("login-page")).toBeTruthy();
  });

  it("fetches the user when the logged-in flag is set, and lets them in", async () => {
    setLoggedInFlag();
    const server = fakeServer({ "GET /api/profile": () => json({ data: organizer }), "GET /api/health": () => json(HEALTH) });
    const { router } = await renderApp("/home");
    expect(router.state.location.pathname).toBe("/home");
    expect(server.callsTo("GET /api/profile")).toHaveLength(1);
    expect(screen.getByTestId("user-menu-button").textContent).toContain("Orla Organizer");
  });

  it("clears a stale flag when the server says signed out (401)", async () => {
    setLoggedInFlag();
    fakeServer({ "GET /api/profile": () => json({ message: "Please log in", code: "unauthenticated", requestId: "r" }, 401) });
    const { router } = await renderApp("/home");
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.search).toEqual({ redirect_url: "/home" });
    expect(isLoggedInFlagSet()).toBe(false);
  });

  it("sends a signed-in user away from login (redirect_url first)", async () => {
    session.user = organizer;
    fakeServer({ "GET /api/health": () => json(HEALTH) });
    const { router } = await renderApp("/login?redirect_url=%2Fsettings%2Fpassword");
    expect(router.state.location.pathname).toBe("/settings/password");
  });

  it("holds a user without accounts to home, profile and password", async () => {
    session.user = noAccount;
    fakeServer({ "GET /api/health": () => json(HEALTH) });
    for (const [path, landing] of [
      ["/organizations", "/home"],
      ["/sessions", "/home"],
      ["/profile", "/profile"],
      ["/settings/password", "/settings/password"],
    ] as const) {
      const { router, unmount } = await renderApp(path);
      expect(router.state.location.pathname).toBe(landing);
      unmount();
    }
  });

  it("sends anyone without a setup to finish away from /onboarding, to home", async () => {
    fakeServer({ "GET /api/health": () => json(HEALTH) });
    for (const user of [organizer, noAccount]) {
      session.user = user;
      const { router, unmount } = await renderApp("/onboarding");
      expect(router.state.location.pathname).toBe("/home");
      unmount();
    }
  });

  it("sends a signed-in user who must onboard from login to /onboarding", async () => {
    session.user = { ...organizer, onboarding_required: true };
    fakeServer({ "GET /api/health": () => json(HEALTH) });
    const { router } = await renderApp("/login");
    expect(router.state.location.pathname).toBe("/onboarding");
  });

  it("leaves public screens open to everyone", async () => {
    fakeServer({});
    for (const path of ["/password/request", "/users/signup", "/errors/404"]) {
      const { router, unmount } = await renderApp(path);
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });
});

describe("prepareSession (boot)", () => {
  it("starts the user fetch the guard then shares, only when the logged-in flag is set", async () => {
    const server = fakeServer({ "GET /api/profile": () => json({ data: organizer }), "GET /api/health": () => json(HEALTH) });
    prepareSession();
    expect(server.callsTo("GET /api/profile")).toHaveLength(0);
    expect(session.status).toBe("ready");

    session.status = "unknown";
    setLoggedInFlag();
    prepareSession();
    const { router } = await renderApp("/home");
    expect(router.state.location.pathname).toBe("/home");
    expect(server.callsTo("GET /api/profile")).toHaveLength(1);
  });
});

describe("guardRoute", () => {
  const location = (pathname: string) => ({ pathname, href: pathname, search: {} });

  it("sends a user without a screen's permission to the 403 page", async () => {
    session.user = profileUser(["sessions.view"]);
    await expect(
      guardRoute({ location: location("/owners"), matches: [{ routeId: "/_app/owners", staticData: { permission: "owners.manage" } }] }),
    ).rejects.toMatchObject({ options: { href: "/errors/403" } });
    await expect(
      guardRoute({ location: location("/sessions"), matches: [{ routeId: "/_app/sessions", staticData: { permission: ["sessions.view"] } }] }),
    ).resolves.toBeUndefined();
  });

  it("holds a user who must finish the sign-up setup to /onboarding, whatever the screen", async () => {
    session.user = { ...organizer, onboarding_required: true };
    for (const path of ["/home", "/profile", "/settings/password", "/sessions"]) {
      await expect(guardRoute({ location: location(path), matches: [{ routeId: `/_app${path}`, staticData: {} }] })).rejects.toMatchObject({
        options: { href: "/onboarding" },
      });
    }
    await expect(guardRoute({ location: location("/onboarding"), matches: [{ routeId: "/_app/onboarding", staticData: {} }] })).resolves.toBeUndefined();
  });

  it("guards unknown paths like any other: login first, home for a user without accounts", async () => {
    const unknown = { location: location("/nothing/here"), matches: [{ routeId: "/$", staticData: {} }] };
    await expect(guardRoute(unknown)).rejects.toMatchObject({ options: { href: "/login?redirect_url=%2Fnothing%2Fhere" } });
    session.user = noAccount;
    await expect(guardRoute(unknown)).rejects.toMatchObject({ options: { href: "/home" } });
    session.user = organizer;
    await expect(guardRoute(unknown)).resolves.toBeUndefined();
  });
});
