import { describe, expect, it } from "vitest";
import { RULE_MESSAGES, alternatives, ruleMessage, type RuleMessageKey } from "./rule-messages.ts";

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("rule messages (SPEC §5; en and fr, plus de, pt and es since issue #12)", () => {
  it("has both languages for every rule, with the same placeholders, and distinct texts", () => {
    for (const key of Object.keys(RULE_MESSAGES) as RuleMessageKey[]) {
      const { en, fr } = RULE_MESSAGES[key];
      expect(placeholders(fr), key).toEqual(placeholders(en));
      expect(fr, key).not.toBe(en);
      expect(en.trim(), key).not.toBe("");
    }
  });

  it("keeps the texts the spec quotes word for word", () => {
    expect(RULE_MESSAGES.required.en).toBe("This field is required");
    expect(RULE_MESSAGES.required_with.en).toBe("This field is required when {targetField} is present.");
    expect(RULE_MESSAGES.domain.en).toBe("Invalid domain name. Please use the syntax: {host}");
    expect(RULE_MESSAGES.excluded.en).toBe("This domain has already been added");
    expect(RULE_MESSAGES.duplicate_name.en).toBe("Another field use this name");
  });

  it("fills placeholders, with a decimal comma for numbers in French", () => {
    expect(ruleMessage("domain", "fr", { host: "exemple.ca" })).toBe("Nom de domaine invalide. Veuillez utiliser la syntaxe : exemple.ca");
    expect(ruleMessage("between", "en", { min: 0.5, max: 2 })).toBe("This field must be between 0.5 and 2.");
    expect(ruleMessage("between", "fr", { min: 0.5, max: 2 })).toBe("Ce champ doit être compris entre 0,5 et 2.");
    expect(ruleMessage("required", "fr")).toBe("Ce champ est obligatoire");
    expect(ruleMessage("between", "de", { min: 0.5, max: 2 })).toBe("Dieses Feld muss zwischen 0,5 und 2 liegen.");
    expect(ruleMessage("domain", "es", { host: "ejemplo.com" })).toBe("Nombre de dominio no válido. Utilice la sintaxis: ejemplo.com");
    expect(ruleMessage("max", "pt", { length: 255 })).toBe("Este campo não pode ter mais de 255 caracteres.");
  });

  it("types the placeholders a message needs", () => {
    // @ts-expect-error the domain message needs { host }
    expect(ruleMessage("domain", "en")).toContain("{host}");
    // @ts-expect-error required takes no placeholders
    expect(ruleMessage("required", "en", { host: "x" })).toBe("This field is required");
  });

  it("joins alternatives with or / ou / oder / o", () => {
    expect(alternatives([], "en")).toBe("");
    expect(alternatives(["a"], "en")).toBe("a");
    expect(alternatives(["a", "b"], "en")).toBe("a or b");
    expect(alternatives(["a", "b", "c"], "fr")).toBe("a, b ou c");
    expect(alternatives(["a", "b"], "de")).toBe("a oder b");
    expect(alternatives(["a", "b", "c"], "pt")).toBe("a, b ou c");
    expect(alternatives(["a", "b"], "es")).toBe("a o b");
  });
});
