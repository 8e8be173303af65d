import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "./features/session/store.ts";
import { activateLocale } from "./i18n/i18n.ts";
import { HEALTH_OK, jsonResponse } from "./test/render.tsx";
import { renderApp } from "./test/render-app.tsx";
import { profileUser } from "./test/users.ts";

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(HEALTH_OK)));
  // Every screen here is behind the route guard (its own tests are in features/session).
  session.user = profileUser();
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.user = null;
  session.status = "unknown";
});

describe("routes", () => {
  it("redirects / to /home inside the shell", async () => {
    const { router } = await renderApp("/");
    expect(router.state.location.pathname).toBe("/home");
    expect(screen.getByTestId("app-shell")).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe("Home");
    expect(document.title).toBe("Home · iGo");
  });

  it("replaces an unknown path with /errors/404", async () => {
    const { router } = await renderApp("/no/such/page");
    expect(router.state.location.pathname).toBe("/errors/404");
    expect(router.history.length).toBe(1);
    expect(screen.getByTestId("not-found-page")).toBeTruthy();
    expect(screen.getByTestId("page-title").textContent).toBe("Page not found");
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/home");
    expect(document.title).toBe("Page not found · iGo");
  });

  it("shows the 404 page in French", async () => {
    await activateLocale("fr");
    await renderApp("/webcasts/unknown");
    expect(screen.getByTestId("page-title").textContent).toBe("Page introuvable");
  });

  it("renders the 403 page", async () => {
    await renderApp("/errors/403");
    expect(screen.getByTestId("page-title").textContent).toBe("Access denied");
  });

  it("shows a breadcrumb trail from the route titles", async () => {
    await renderApp("/errors/404");
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect([...trail.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Home", "Page not found"]);
    expect(trail.querySelector("[aria-current=page]")?.textContent).toBe("Page not found");
  });
});
