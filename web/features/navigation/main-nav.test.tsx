import { I18nProvider } from "@lingui/react";
import { act, render, screen } from "@testing-library/react";
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from "@tanstack/react-router";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n.ts";
import { session } from "../session/store.ts";
import { MainNav } from "./main-nav.tsx";
import { profileUser } from "../../test/users.ts";

/** A router that already has some of the screens later issues add, to see the filter at work. */
async function renderNavWithRoutes(paths: string[], at = "/home") {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <MainNav id="nav" open onNavigate={() => {}} />
        <Outlet />
      </>
    ),
  });
  const children = ["/home", ...paths].map((path) => createRoute({ getParentRoute: () => rootRoute, path, component: () => null }));
  const router = createRouter({
    routeTree: rootRoute.addChildren(children),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  await act(() => router.load());
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  await act(async () => {
    await router.load();
  });
}

const shown = () => [...document.querySelectorAll("[data-menu-item]")].map((link) => link.getAttribute("data-menu-item"));

afterEach(() => {
  session.user = null;
});

describe("main menu filtering", () => {
  const routed = ["/webcasts/new", "/sessions", "/organizations", "/owners", "/support/guides"];

  it("without abilities shows only '*' entries that are routed", async () => {
    await renderNavWithRoutes(routed);
    expect(shown()).toEqual(["dashboard", "guides"]);
  });

  it("shows an entry when the user holds one of its abilities and its screen is routed", async () => {
    session.user = profileUser(["sessions.view", "owners.manage", "analytics.view"]);
    await renderNavWithRoutes(routed);
    // sessions-calendar and analytics are allowed but not routed; webcast-create is routed but not allowed.
    expect(shown()).toEqual(["sessions", "dashboard", "owners", "guides"]);
    expect(screen.getAllByRole("heading").map((h) => h.textContent)).toEqual(["Services", "Management", "Support"]);
  });

  it("follows ability changes live", async () => {
    await renderNavWithRoutes(routed);
    expect(shown()).not.toContain("organizations");
    await act(async () => {
      session.user = profileUser(["organizations.view"]);
    });
    expect(shown()).toContain("organizations");
  });
});

describe("main menu: the current item", () => {
  const current = () => [...document.querySelectorAll("[data-menu-item][aria-current=page]")].map((link) => link.getAttribute("data-menu-item"));
  const routed = ["/sessions", "/sessions/calendar", "/organizations", "/organizations/$id/edit"];

  it("on the calendar, highlights 'Calendar' only, not 'My sessions' too", async () => {
    session.user = profileUser(["sessions.view"]);
    await renderNavWithRoutes(routed, "/sessions/calendar");
    expect(current()).toEqual(["sessions-calendar"]);
  });

  it("on the sessions list, highlights 'My sessions' only", async () => {
    session.user = profileUser(["sessions.view"]);
    await renderNavWithRoutes(routed, "/sessions");
    expect(current()).toEqual(["sessions"]);
  });

  it("keeps an item highlighted on a screen below it that has no item of its own", async () => {
    session.user = profileUser(["organizations.view"]);
    await renderNavWithRoutes(routed, "/organizations/3/edit");
    expect(current()).toEqual(["organizations"]);
  });
});
