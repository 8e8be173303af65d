import { msg } from "@lingui/core/macro";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLocale, currentLocale, detectInitialLocale, i18n } from "./i18n.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("initial locale (SPEC §5)", () => {
  it("prefers ?lang, then the stored choice, then a French browser, else English", () => {
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["fr-CA", "en"]);
    expect(detectInitialLocale()).toBe("fr");
    localStorage.setItem("igo.locale", "de");
    expect(detectInitialLocale()).toBe("de");
    window.history.replaceState(null, "", "/home?lang=pt");
    expect(detectInitialLocale()).toBe("pt");
    window.history.replaceState(null, "", "/home");
    localStorage.clear();
    vi.spyOn(navigator, "languages", "get").mockReturnValue(["es-ES"]);
    expect(detectInitialLocale()).toBe("en");
  });
});

describe("activateLocale", () => {
  it("activates the catalog, sets <html lang>, and stores only when asked", async () => {
    await activateLocale("es");
    expect(currentLocale()).toBe("es");
    expect(document.documentElement.lang).toBe("es");
    expect(localStorage.getItem("igo.locale")).toBeNull();
    await activateLocale("pt", { persist: true });
    expect(localStorage.getItem("igo.locale")).toBe("pt");
    expect(i18n._(msg`Home`)).toBe("Início");
  });

  it("lets the last of two quick switches win", async () => {
    await Promise.all([activateLocale("de"), activateLocale("fr")]);
    expect(currentLocale()).toBe("fr");
  });
});
