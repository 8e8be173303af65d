import { describe, expect, it } from "vitest";
import {
  LANGUAGE_NAMES,
  TRANSLATION_LANGUAGES,
  hasTranslation,
  languageName,
  requiredDefaultTranslation,
  requiredTranslation,
  requiredTranslationIfNotIn,
  requiresAtLeastOneTranslation,
} from "./translations.ts";

describe("requires_at_least_one_translation (SPEC §5)", () => {
  it("passes when some language holds a non-blank text", () => {
    expect(requiresAtLeastOneTranslation({ en: "", fr: "Nom" }, "en")).toBeNull();
    expect(requiresAtLeastOneTranslation({ es: "Nombre" }, "fr")).toBeNull();
  });
  it("refuses blank, null and missing texts in en and fr", () => {
    expect(requiresAtLeastOneTranslation({ en: " ", fr: null }, "en")).toBe("Enter this value in at least one language.");
    expect(requiresAtLeastOneTranslation({}, "fr")).toBe("Saisissez cette valeur dans au moins une langue.");
    expect(requiresAtLeastOneTranslation(null, "en")).toBe("Enter this value in at least one language.");
  });
});

describe("required_translation (SPEC §5)", () => {
  it("needs the given language, named in the message's language", () => {
    expect(requiredTranslation({ en: "Name" }, "en", { language: "fr" })).toBe("The French value is required.");
    expect(requiredTranslation({ en: "Name", fr: " " }, "fr", { language: "fr" })).toBe("La valeur en français est obligatoire.");
    expect(requiredTranslation({ fr: "Nom" }, "en", { language: "fr" })).toBeNull();
    expect(requiredTranslation({ en: "Name" }, "de", { language: "fr" })).toBe("Der Wert auf Französisch ist erforderlich.");
    expect(requiredTranslation({ en: "Name" }, "pt", { language: "fr" })).toBe("O valor em francês é obrigatório.");
    expect(requiredTranslation({ en: "Name" }, "es", { language: "de" })).toBe("El valor en alemán es obligatorio.");
  });
  it("shows an unknown language code as it is", () => {
    expect(requiredTranslation({}, "en", { language: "nl" })).toBe("The nl value is required.");
  });
});

describe("required_translation_if_not_in (SPEC §5)", () => {
  it("needs the language unless it is in the list", () => {
    expect(requiredTranslationIfNotIn({ en: "Name" }, "en", { language: "fr", list: ["en"] })).toBe("The French value is required.");
    expect(requiredTranslationIfNotIn({ en: "Name" }, "fr", { language: "fr", list: ["en"] })).toBe("La valeur en français est obligatoire.");
    expect(requiredTranslationIfNotIn({ en: "Name" }, "en", { language: "fr", list: ["fr", "es"] })).toBeNull();
  });
});

describe("default-language value of notifications (SPEC §5)", () => {
  it("needs the title and text in the default language", () => {
    expect(requiredDefaultTranslation({ fr: "Titre" }, "en", { defaultLanguage: "en" })).toBe("The value in the default language (English) is required.");
    expect(requiredDefaultTranslation({ en: "Title" }, "fr", { defaultLanguage: "fr" })).toBe("La valeur dans la langue par défaut (français) est obligatoire.");
    expect(requiredDefaultTranslation({ fr: "Titre" }, "fr", { defaultLanguage: "fr" })).toBeNull();
  });
});

describe("language names", () => {
  it("names every translation language (SPEC §9) in the five interface languages", () => {
    for (const language of TRANSLATION_LANGUAGES) {
      expect(LANGUAGE_NAMES[language].en).toMatch(/^[A-Z]/);
      expect(LANGUAGE_NAMES[language].fr).toMatch(/^[a-zç]/);
      expect(LANGUAGE_NAMES[language].de).toMatch(/^[A-Z]/); // German capitalizes: "auf Französisch"
      expect(LANGUAGE_NAMES[language].pt).toMatch(/^[a-z]/);
      expect(LANGUAGE_NAMES[language].es).toMatch(/^[a-z]/);
    }
    expect(languageName("ko", "fr")).toBe("coréen");
    expect(hasTranslation({ en: "x" }, "en")).toBe(true);
    expect(hasTranslation({ en: "x" }, "toString")).toBe(false);
  });
});
