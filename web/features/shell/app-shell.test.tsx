import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ref } from "valtio";
import { LocalDatabase } from "../../local/db.ts";
import { activeSync } from "../../local/session-sync.ts";
import { resetSyncState, syncState } from "../../local/sync-state.ts";
import { freshUserId } from "../../local/testing.ts";
import { pwa } from "../pwa/service-worker.ts";
import { session } from "../session/store.ts";
import { HEALTH_OK, jsonResponse } from "../../test/render.tsx";
import { renderApp } from "../../test/render-app.tsx";
import { profileUser } from "../../test/users.ts";

beforeEach(() => {
  vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(HEALTH_OK)));
  // The shell is behind the route guard: a signed-in user without abilities unless a test says otherwise.
  session.user = profileUser();
});
afterEach(() => {
  vi.unstubAllGlobals();
  session.user = null;
  session.status = "unknown";
  pwa.updateAvailable = false;
});

const menuItems = () =>
  [...screen.getByTestId("main-nav").querySelectorAll("[data-menu-item]")].map((link) => link.getAttribute("data-menu-item"));

describe("app shell menu", () => {
  it("shows only routed '*' entries to a user without abilities", async () => {
    await renderApp("/home");
    expect(menuItems()).toEqual(["dashboard", "quick-tour"]);
    const nav = screen.getByRole("navigation", { name: "Main menu" });
    expect(within(nav).getByRole("heading", { name: "Services" })).toBeTruthy();
    expect(within(nav).queryByRole("heading", { name: "Management" })).toBeNull();
    expect(within(nav).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
  });

  it("does not show entries whose screen is not routed yet, whatever the abilities", async () => {
    session.user = profileUser(["webcasts.create", "sessions.view", "analytics.view", "notifications.manage"]);
    await renderApp("/home");
    // Routed: create, sessions, calendar, dashboard, quick tour. Not yet: analytics, notifications.
    expect(menuItems()).toEqual(["webcast-create", "sessions", "sessions-calendar", "dashboard", "quick-tour"]);
  });

  it("collapses behind an accessible toggle", async () => {
    await renderApp("/home");
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const nav = screen.getByTestId("main-nav");
    expect(toggle.getAttribute("aria-controls")).toBe(nav.id);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(nav.getAttribute("data-open")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(nav.getAttribute("data-open")).toBe("true");
    expect(screen.getByRole("button", { name: "Close menu" })).toBe(toggle);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("language switcher", () => {
  it("switches the text in place, stores igo.locale and sets <html lang>", async () => {
    await renderApp("/home");
    expect(screen.getByTestId("page-title").textContent).toBe("Home");
    const select = screen.getByLabelText("Language");
    if (!(select instanceof HTMLSelectElement)) throw new Error("the switcher is a <select>");
    expect(select.getAttribute("data-testid")).toBe("language-switcher");
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ["en", "English"],
      ["fr", "Français"],
      ["pt", "Português"],
      ["es", "Español"],
      ["de", "Deutsch"],
    ]);

    await act(async () => {
      fireEvent.change(select, { target: { value: "fr" } });
    });
    await vi.waitFor(() => expect(screen.getByTestId("page-title").textContent).toBe("Accueil"));
    expect(localStorage.getItem("igo.locale")).toBe("fr");
    expect(document.documentElement.lang).toBe("fr");
    await vi.waitFor(() => expect(document.title).toBe("Accueil · iGo"));
    expect(select.value).toBe("fr");
    expect(screen.getByLabelText("Langue")).toBe(select);
  });
});

describe("header indicators", () => {
  it("shows one offline pill when signed in: the sync indicator's, the offline state only announced besides", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    activeSync.db = ref(new LocalDatabase(freshUserId()));
    syncState.status = "offline";
    try {
      await renderApp("/home");
      expect(screen.getByTestId("sync-indicator").dataset.status).toBe("offline");
      expect(screen.queryByTestId("offline-indicator")).toBeNull();
      expect(screen.getByTestId("offline-announcement").closest('[role="status"]')).toBeTruthy();
    } finally {
      activeSync.db = null;
      resetSyncState();
      onLine.mockRestore();
    }
  });

  it("names the logo link after the app, also where its text is hidden (phone width)", async () => {
    await renderApp("/home");
    expect(screen.getByRole("link", { name: "iGo" }).getAttribute("href")).toBe("/home");
  });

  it("shows the offline indicator while navigator.onLine is false", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await renderApp("/home");
    expect(screen.getByTestId("offline-indicator").textContent).toContain("Offline");
    onLine.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event("online"));
    });
    expect(screen.queryByTestId("offline-indicator")).toBeNull();
    onLine.mockRestore();
  });

  it("shows it too while the server cannot be reached though the browser reports a network, until a request is answered", async () => {
    expect(navigator.onLine).toBe(true);
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await renderApp("/home");
    await vi.waitFor(() => expect(screen.getByTestId("offline-indicator").textContent).toContain("Offline"));
    await vi.waitFor(() => expect(screen.getByTestId("api-status").dataset.status).toBe("error"));

    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(HEALTH_OK)));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    });
    await vi.waitFor(() => expect(screen.getByTestId("api-status").dataset.status).toBe("ok"));
    expect(screen.queryByTestId("offline-indicator")).toBeNull();
  });

  it("offers Reload and Dismiss when a new version waits", async () => {
    await renderApp("/home");
    expect(screen.queryByTestId("update-prompt")).toBeNull();
    await act(async () => {
      pwa.updateAvailable = true;
    });
    const prompt = screen.getByTestId("update-prompt");
    expect(within(prompt).getByRole("button", { name: "Reload" })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(prompt).getByRole("button", { name: "Dismiss" }));
    });
    expect(screen.queryByTestId("update-prompt")).toBeNull();
  });
});
