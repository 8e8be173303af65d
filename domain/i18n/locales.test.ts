import { describe, expect, it } from "vitest";
import { languageFromHeader, messageLocale, resolveInitialLocale } from "./locales.ts";

describe("resolveInitialLocale (SPEC §5)", () => {
  it("prefers the lang query parameter", () => {
    expect(resolveInitialLocale({ query: "de", stored: "en", browser: ["fr-FR"] })).toBe("de");
  });
  it("then the stored preference", () => {
    expect(resolveInitialLocale({ query: null, stored: "pt", browser: ["fr-FR"] })).toBe("pt");
  });
  it("skips values that are not UI languages", () => {
    expect(resolveInitialLocale({ query: "ja", stored: "xx", browser: ["en-US"] })).toBe("en");
  });
  it("then French for a French browser, English for any other", () => {
    expect(resolveInitialLocale({ browser: ["fr-CA", "en"] })).toBe("fr");
    expect(resolveInitialLocale({ browser: ["es-ES"] })).toBe("en");
    expect(resolveInitialLocale({ browser: [] })).toBe("en");
  });
  it("accepts region tags in the query", () => {
    expect(resolveInitialLocale({ query: "es-MX" })).toBe("es");
  });
});

describe("messageLocale (server texts exist in en and fr only)", () => {
  it("keeps English and falls back to French for anything else", () => {
    expect(messageLocale("en-US")).toBe("en");
    expect(messageLocale("fr")).toBe("fr");
    expect(messageLocale("de")).toBe("fr");
    expect(messageLocale(undefined)).toBe("fr");
  });
});

describe("languageFromHeader", () => {
  it("takes the highest-ranked language", () => {
    expect(languageFromHeader("de;q=0.5, en-GB;q=0.9, *;q=0.1")).toBe("en-GB");
    expect(languageFromHeader("fr-CA,fr;q=0.9")).toBe("fr-CA");
    expect(languageFromHeader("")).toBeUndefined();
    expect(languageFromHeader("*")).toBeUndefined();
  });
});
