import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES, errorMessage } from "../errors/messages.ts";
import { UI_LOCALES } from "../i18n/locales.ts";
import { localized, type LocalizedText } from "./localized.ts";
import { PASSWORD_MESSAGES } from "./password.ts";
import { RULE_MESSAGES, ruleMessage } from "./rule-messages.ts";
import { LANGUAGE_NAMES } from "./translations.ts";

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/** Every server-text catalogue whose texts are shown to users in the five interface languages. */
const CATALOGUES: Record<string, Readonly<Record<string, LocalizedText>>> = {
  "validation rules": RULE_MESSAGES,
  password: PASSWORD_MESSAGES,
  "error catalogue": ERROR_MESSAGES,
};

describe("server texts in the five interface languages (issue #12)", () => {
  for (const [name, catalogue] of Object.entries(CATALOGUES)) {
    it(`${name}: every key has a non-blank text in en, fr, de, pt and es with the English placeholders`, () => {
      for (const [key, text] of Object.entries(catalogue)) {
        for (const locale of UI_LOCALES) {
          const translated = text[locale];
          expect(translated?.trim(), `${key} (${locale})`).toBeTruthy();
          expect(placeholders(translated ?? ""), `${key} (${locale})`).toEqual(placeholders(text.en));
        }
      }
    });

    it(`${name}: the new languages are translated, not copies of the English or French text`, () => {
      for (const [key, text] of Object.entries(catalogue)) {
        for (const locale of ["de", "pt", "es"] as const) {
          expect(text[locale], `${key} (${locale})`).not.toBe(text.en);
          expect(text[locale], `${key} (${locale})`).not.toBe(text.fr);
        }
      }
    });
  }

  it("names every translation language in the five languages", () => {
    for (const [language, names] of Object.entries(LANGUAGE_NAMES)) {
      for (const locale of UI_LOCALES) expect(names[locale]?.trim(), `${language} (${locale})`).toBeTruthy();
    }
  });

  it("shows each language its own text", () => {
    expect(ruleMessage("required", "de")).toBe("Dieses Feld ist erforderlich");
    expect(ruleMessage("required", "pt")).toBe("Este campo é obrigatório");
    expect(ruleMessage("required", "es")).toBe("Este campo es obligatorio");
    expect(errorMessage("validation_failed", "de")).toBe("Die übermittelten Daten sind ungültig.");
    expect(errorMessage("server_error", "es")).toBe("Algo salió mal. Inténtelo de nuevo.");
  });

  it("falls back to English for a text not translated yet (SPEC §1 English fallback)", () => {
    const text: LocalizedText = { en: "Saved.", fr: "Enregistré.", de: "Gespeichert." };
    expect(localized(text, "de")).toBe("Gespeichert.");
    expect(localized(text, "pt")).toBe("Saved.");
    expect(localized(text, "es")).toBe("Saved.");
    expect(localized(text, "fr")).toBe("Enregistré.");
  });
});
