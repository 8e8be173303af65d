import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../test/render.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { THEME_COLORS, initTheme, theme } from "./theme.ts";

/** A controllable prefers-color-scheme. */
function stubSystemTheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal("matchMedia", () => media);
  return (next: boolean) => {
    dark = next;
    for (const listener of listeners) listener();
  };
}

const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute("content");
let dispose: (() => void) | undefined;

beforeEach(() => {
  delete document.documentElement.dataset.theme;
});
afterEach(() => {
  dispose?.();
  vi.unstubAllGlobals();
  theme.preference = "system";
});

describe("theme", () => {
  it("follows prefers-color-scheme until the user picks one", async () => {
    const setSystemDark = stubSystemTheme(true);
    dispose = initTheme();
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(themeColor()).toBe(THEME_COLORS.dark);
    setSystemDark(false);
    expect(document.documentElement.dataset.theme).toBe("light");

    renderWithI18n(<ThemeToggle />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Switch to dark theme" }));
    });
    expect(localStorage.getItem("igo.theme")).toBe("dark");
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(themeColor()).toBe(THEME_COLORS.dark);
    expect(screen.getByRole("button", { name: "Switch to light theme" })).toBeTruthy();

    // The pick now wins over the system setting.
    setSystemDark(false);
    expect(document.documentElement.dataset.theme).toBe("dark");
  });

  it("starts from the stored pick", () => {
    stubSystemTheme(true);
    localStorage.setItem("igo.theme", "light");
    dispose = initTheme();
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(themeColor()).toBe(THEME_COLORS.light);
  });

  it("ignores an unusable stored value", () => {
    stubSystemTheme(true);
    localStorage.setItem("igo.theme", "purple");
    dispose = initTheme();
    expect(theme.preference).toBe("system");
    expect(document.documentElement.dataset.theme).toBe("dark");
  });
});
