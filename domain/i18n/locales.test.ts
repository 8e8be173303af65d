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

describe("messageLocale: the language of server texts for a requested language", () => {
  it("keeps the five interface languages, region dropped", () => {
    expect(messageLocale("en-US")).toBe("en");
    expect(messageLocale("fr")).toBe("fr");
    expect(messageLocale("de")).toBe("de");
    expect(messageLocale("de-CH")).toBe("de");
    expect(messageLocale("pt-BR")).toBe("pt");
    expect(messageLocale("es_MX")).toBe("es");
    expect(messageLocale("EN-us")).toBe("en");
    expect(messageLocale("fr-CA")).toBe("fr");
  });

  it("falls back to French for any other language or none (SPEC §1 default, §5)", () => {
    expect(messageLocale("it")).toBe("fr");
    expect(messageLocale("")).toBe("fr");
    expect(messageLocale(undefined)).toBe("fr");
    expect(messageLocale(null)).toBe("fr");
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
