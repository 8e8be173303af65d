import { describe, expect, it } from "vitest";
import type { UiLocale } from "../i18n/locales.ts";
import { MAX_UPLOAD_BYTES, alpha, alphaDash, alphaNum, alphaSpaces, between, digits, email, formatBytes, integer, max, maxValue, min, minValue, notOneOf, numeric, oneOf, regex, size, url } from "./form-rules.ts";
import type { RuleResult } from "./rule-messages.ts";

type Case = { rule: (value: never, locale: UiLocale) => RuleResult; valid: unknown[]; invalid: unknown; en: string; fr: string };

// Each generic rule: values it accepts (empty ones included), one it refuses, and its exact texts.
const cases: Record<string, Case> = {
  alpha: { rule: alpha, valid: ["Éloïse", "", null], invalid: "abc1", en: "This field may only contain letters.", fr: "Ce champ ne peut contenir que des lettres." },
  alpha_dash: {
    rule: alphaDash,
    valid: ["mon-nom_2"],
    invalid: "a b",
    en: "This field may only contain letters, digits, dashes and underscores.",
    fr: "Ce champ ne peut contenir que des lettres, des chiffres, des tirets et des traits de soulignement.",
  },
  alpha_num: { rule: alphaNum, valid: ["abc123", "Ça9"], invalid: "a-1", en: "This field may only contain letters and digits.", fr: "Ce champ ne peut contenir que des lettres et des chiffres." },
  alpha_spaces: { rule: alphaSpaces, valid: ["Jean Pierre"], invalid: "Jean-Pierre", en: "This field may only contain letters and spaces.", fr: "Ce champ ne peut contenir que des lettres et des espaces." },
  between: {
    rule: (value: string | number, locale) => between(value, locale, { min: 1, max: 10 }),
    valid: [1, "10", 5.5, ""],
    invalid: "11",
    en: "This field must be between 1 and 10.",
    fr: "Ce champ doit être compris entre 1 et 10.",
  },
  digits: {
    rule: (value: string, locale) => digits(value, locale, { length: 6 }),
    valid: ["123456"],
    invalid: "12345a",
    en: "This field must be exactly 6 digits.",
    fr: "Ce champ doit contenir exactement 6 chiffres.",
  },
  email: { rule: email, valid: ["ana@example.com", ""], invalid: "ana@", en: "This field must be a valid e-mail address.", fr: "Ce champ doit être une adresse e-mail valide." },
  integer: { rule: integer, valid: ["-12", 3, " 7 "], invalid: "1.5", en: "This field must be a whole number.", fr: "Ce champ doit être un nombre entier." },
  max: {
    rule: (value: string, locale) => max(value, locale, { length: 3 }),
    valid: ["abc", "😀😀😀", ""],
    invalid: "abcd",
    en: "This field may not be longer than 3 characters.",
    fr: "Ce champ ne peut pas dépasser 3 caractères.",
  },
  min: {
    rule: (value: string, locale) => min(value, locale, { length: 3 }),
    valid: ["abc", ""],
    invalid: "ab",
    en: "This field must be at least 3 characters.",
    fr: "Ce champ doit contenir au moins 3 caractères.",
  },
  max_value: {
    rule: (value: number, locale) => maxValue(value, locale, { max: 2.5 }),
    valid: [2.5, "1"],
    invalid: 3,
    en: "This field must be 2.5 or less.",
    fr: "Ce champ doit être inférieur ou égal à 2,5.",
  },
  min_value: {
    rule: (value: number, locale) => minValue(value, locale, { min: 0 }),
    valid: [0, "4"],
    invalid: "-1",
    en: "This field must be 0 or more.",
    fr: "Ce champ doit être supérieur ou égal à 0.",
  },
  numeric: { rule: numeric, valid: ["0042", 7], invalid: "-1", en: "This field may only contain digits.", fr: "Ce champ ne peut contenir que des chiffres." },
  one_of: {
    rule: (value: string, locale) => oneOf(value, locale, { list: ["gold", "silver"] }),
    valid: ["gold", ""],
    invalid: "tin",
    en: "This value is not one of the allowed choices.",
    fr: "Cette valeur ne fait pas partie des choix permis.",
  },
  not_one_of: {
    rule: (value: string, locale) => notOneOf(value, locale, { list: ["admin"] }),
    valid: ["ana"],
    invalid: "admin",
    en: "This value is not allowed.",
    fr: "Cette valeur n'est pas permise.",
  },
  regex: {
    rule: (value: string, locale) => regex(value, locale, { pattern: /^[A-Z]{3}$/g }),
    valid: ["ABC", "XYZ"],
    invalid: "abc",
    en: "This field format is invalid.",
    fr: "Le format de ce champ est invalide.",
  },
  size: {
    rule: (value: number, locale) => size(value, locale, { max: MAX_UPLOAD_BYTES }),
    valid: [MAX_UPLOAD_BYTES, 0],
    invalid: MAX_UPLOAD_BYTES + 1,
    en: "The file may not be larger than 5 GB.",
    fr: "Le fichier ne peut pas dépasser 5 Go.",
  },
  url: { rule: url, valid: ["https://example.com/x?y=1", "http://localhost:8787"], invalid: "example.com", en: "This field must be a valid URL.", fr: "Ce champ doit être une URL valide." },
};

describe("generic form rules (SPEC §5 available form rules)", () => {
  for (const [name, { rule, valid, invalid, en, fr }] of Object.entries(cases)) {
    it(`${name}: accepts ${JSON.stringify(valid)}, refuses ${JSON.stringify(invalid)} in en and fr`, () => {
      for (const value of valid) expect(rule(value as never, "en"), JSON.stringify(value)).toBeNull();
      expect(rule(invalid as never, "en")).toBe(en);
      expect(rule(invalid as never, "fr")).toBe(fr);
    });
  }

  it("keeps a global regex stateless between calls", () => {
    const pattern = /^a$/g;
    expect(regex("a", "en", { pattern })).toBeNull();
    expect(regex("a", "en", { pattern })).toBeNull();
  });

  it("refuses other schemes as URLs and formats byte sizes", () => {
    expect(url("ftp://example.com", "en")).toBe("This field must be a valid URL.");
    expect(formatBytes(1536, "en")).toBe("1.5 KB");
    expect(formatBytes(1536 * 1024, "fr")).toBe("1,5 Mo");
    expect(formatBytes(12, "fr")).toBe("12 o");
    expect(formatBytes(1536 * 1024, "de")).toBe("1,5 MB");
    expect(formatBytes(5 * 1024 ** 3, "es")).toBe("5 GB");
  });
});
