import { describe, expect, it } from "vitest";
import { CONDITION_OPERATORS_BY_TYPE, conditionValueKind, optionCountOf, registrationFormErrors } from "./form-rules.ts";
import { REGISTRATION_FIELD_TYPES, type RegistrationField, type RegistrationOption } from "./record.ts";

const option = (id: string, en: string, extra: Partial<RegistrationOption> = {}): RegistrationOption => ({ id, name: { en }, limit: null, tags: [], ...extra });
const field = (id: string, type: RegistrationField["type"], en: string, extra: Partial<RegistrationField> = {}): RegistrationField => ({
  id,
  type,
  name: { en },
  required: false,
  options: type === "select" || type === "multiselect" || type === "radio" ? [option(`${id}-a`, "A"), option(`${id}-b`, "B")] : [],
  condition: null,
  ...extra,
});

describe("registrationFormErrors", () => {
  it("accepts an empty form and a valid one of every type", () => {
    expect(registrationFormErrors([], "en")).toEqual({});
    const form = REGISTRATION_FIELD_TYPES.map((type, i) => field(`f${i}`, type, `Field ${i}`));
    expect(registrationFormErrors(form, "en")).toEqual({});
  });

  it("needs a name for every field and option in at least one language, after trimming", () => {
    const errors = registrationFormErrors([field("f1", "select", "  ", { options: [option("o1", ""), option("o2", "", { name: { fr: "Oui" } })] })], "en");
    expect(errors).toEqual({
      "registration_fields.0.name": ["Enter this value in at least one language."],
      "registration_fields.0.options.0.name": ["Enter this value in at least one language."],
    });
    expect(registrationFormErrors([field("f1", "text", "", { name: { de: "Firma" } })], "fr")).toEqual({});
    expect(registrationFormErrors([field("f1", "text", "")], "fr")["registration_fields.0.name"]).toEqual(["Saisissez cette valeur dans au moins une langue."]);
  });

  it("refuses names longer than the bound", () => {
    expect(registrationFormErrors([field("f1", "text", "x".repeat(201))], "en")["registration_fields.0.name"]).toEqual(["A name has at most 200 characters."]);
  });

  it("refuses duplicate field names per language, trimmed and case-insensitive, on the later copy", () => {
    const errors = registrationFormErrors([field("f1", "text", "Company"), field("f2", "email", " company "), field("f3", "text", "Other", { name: { en: "Other", fr: "Société" } }), field("f4", "text", "", { name: { fr: "société" } })], "en");
    expect(errors).toEqual({ "registration_fields.1.name": ["Another field use this name"], "registration_fields.3.name": ["Another field use this name"] });
    // The same text in two different languages is no duplicate.
    expect(registrationFormErrors([field("f1", "text", "", { name: { en: "Nom" } }), field("f2", "text", "", { name: { fr: "Nom" } })], "en")).toEqual({});
    expect(registrationFormErrors([field("f1", "text", "A"), field("f2", "text", "a")], "fr")["registration_fields.1.name"]).toEqual(["Un autre champ utilise ce nom"]);
  });

  it("refuses duplicate option names within a field only", () => {
    const errors = registrationFormErrors([field("f1", "radio", "Size", { options: [option("o1", "Small"), option("o2", "SMALL ")] }), field("f2", "radio", "Colour", { options: [option("o3", "Small")] })], "en");
    expect(errors).toEqual({ "registration_fields.0.options.1.name": ["Another option of this field uses this name."] });
  });

  it("takes an empty limit as no limit and otherwise a whole number from 1", () => {
    const withLimit = (limit: number | null) => registrationFormErrors([field("f1", "select", "Workshop", { options: [option("o1", "Morning", { limit })] })], "en");
    expect(withLimit(null)).toEqual({});
    expect(withLimit(1)).toEqual({});
    expect(withLimit(1_000_000)).toEqual({});
    for (const bad of [0, -3, 2.5, 1_000_001, Number.NaN]) {
      expect(withLimit(bad)).toEqual({ "registration_fields.0.options.0.limit": ["The limit is a whole number from 1 to 1,000,000; leave it empty for no limit."] });
    }
    expect(registrationFormErrors([field("f1", "select", "W", { options: [option("o1", "M", { limit: 0 })] })], "fr")["registration_fields.0.options.0.limit"]).toEqual([
      "La limite est un nombre entier de 1 à 1 000 000 ; laissez-la vide pour aucune limite.",
    ]);
  });

  it("bounds the tags of an option", () => {
    const tags = (list: string[]) => registrationFormErrors([field("f1", "checkbox", "VIP", { options: [option("o1", "VIP", { tags: list })] })], "en");
    expect(tags(["vip", "press"])).toEqual({});
    expect(tags(["x".repeat(51)])).toHaveProperty(["registration_fields.0.options.0.tags"]);
    expect(tags(Array.from({ length: 11 }, (_, i) => `t${i}`))).toHaveProperty(["registration_fields.0.options.0.tags"]);
    expect(tags([" "])).toHaveProperty(["registration_fields.0.options.0.tags"]);
  });

  it("needs an option for choice fields, none for text and e-mail, at most one for a checkbox", () => {
    expect(registrationFormErrors([field("f1", "multiselect", "Topics", { options: [] })], "en")).toEqual({ "registration_fields.0.options": ["Add at least one option to this field."] });
    expect(registrationFormErrors([field("f1", "email", "Work e-mail", { options: [option("o1", "x")] })], "en")).toEqual({ "registration_fields.0.options": ["This type of field has no options."] });
    expect(registrationFormErrors([field("f1", "checkbox", "Newsletter", { options: [option("o1", "x")] })], "en")).toEqual({});
    expect(registrationFormErrors([field("f1", "checkbox", "Newsletter", { options: [option("o1", "x"), option("o2", "y")] })], "en")).toEqual({ "registration_fields.0.options": ["A checkbox has at most one option."] });
    expect(optionCountOf("radio")).toEqual({ min: 1, max: 50 });
  });

  it("refuses repeated field ids in the form and option ids in a field", () => {
    const errors = registrationFormErrors([field("f1", "text", "One"), field("f1", "select", "Two", { options: [option("o1", "A"), option("o1", "B")] })], "en");
    expect(errors).toEqual({ "registration_fields.1.id": ["Another field has the same identifier."], "registration_fields.1.options.1.id": ["Another option of this field has the same identifier."] });
    // The same option id in two fields is fine: options are named within their field.
    expect(registrationFormErrors([field("f1", "radio", "One", { options: [option("o1", "A")] }), field("f2", "radio", "Two", { options: [option("o1", "A")] })], "en")).toEqual({});
  });

  it("refuses too many fields", () => {
    const form = Array.from({ length: 31 }, (_, i) => field(`f${i}`, "text", `Field ${i}`));
    expect(registrationFormErrors(form, "en").registration_fields).toEqual(["A registration form has at most 30 fields."]);
  });

  describe("conditions", () => {
    const base = [field("check", "checkbox", "Member"), field("pick", "select", "Workshop"), field("many", "multiselect", "Topics"), field("free", "text", "Company")];
    const judge = (condition: RegistrationField["condition"], locale: "en" | "fr" = "en") => registrationFormErrors([...base, field("dep", "text", "Details", { condition })], locale)["registration_fields.4.condition"];

    it("accepts each operator on a reference of a type it fits, with the right value", () => {
      expect(judge({ field_id: "check", operator: "is_checked", value: null })).toBeUndefined();
      expect(judge({ field_id: "check", operator: "is_not_checked", value: null })).toBeUndefined();
      expect(judge({ field_id: "pick", operator: "equals", value: "pick-a" })).toBeUndefined();
      expect(judge({ field_id: "pick", operator: "not_equals", value: "pick-b" })).toBeUndefined();
      expect(judge({ field_id: "many", operator: "includes", value: "many-a" })).toBeUndefined();
      expect(judge({ field_id: "many", operator: "does_not_include", value: "many-b" })).toBeUndefined();
      for (const operator of ["equals", "not_equals", "includes", "does_not_include"] as const) expect(judge({ field_id: "free", operator, value: "Acme" })).toBeUndefined();
    });

    it("refers to an earlier field only", () => {
      const message = ["The condition must refer to a field placed before this one."];
      expect(judge({ field_id: "nowhere", operator: "is_checked", value: null })).toEqual(message);
      expect(judge({ field_id: "dep", operator: "equals", value: "x" })).toEqual(message);
      const later = registrationFormErrors([field("a", "text", "A", { condition: { field_id: "b", operator: "is_checked", value: null } }), field("b", "checkbox", "B")], "en");
      expect(later["registration_fields.0.condition"]).toEqual(message);
      expect(judge({ field_id: "nowhere", operator: "is_checked", value: null }, "fr")).toEqual(["La condition doit porter sur un champ placé avant celui-ci."]);
    });

    it("needs an operator that fits the reference's type", () => {
      const message = ["This condition does not apply to the type of the chosen field."];
      expect(judge({ field_id: "check", operator: "equals", value: "x" })).toEqual(message);
      expect(judge({ field_id: "pick", operator: "includes", value: "pick-a" })).toEqual(message);
      expect(judge({ field_id: "many", operator: "equals", value: "many-a" })).toEqual(message);
      expect(judge({ field_id: "free", operator: "is_checked", value: null })).toEqual(message);
      expect(CONDITION_OPERATORS_BY_TYPE.email).toEqual(CONDITION_OPERATORS_BY_TYPE.text);
    });

    it("needs an option id of the reference, a non-blank text or no value", () => {
      expect(judge({ field_id: "pick", operator: "equals", value: "many-a" })).toEqual(["Choose one of the options of the chosen field."]);
      expect(judge({ field_id: "pick", operator: "equals", value: null })).toEqual(["Choose one of the options of the chosen field."]);
      expect(judge({ field_id: "free", operator: "includes", value: "  " })).toEqual(["Enter the text to compare with."]);
      expect(judge({ field_id: "free", operator: "equals", value: null })).toEqual(["Enter the text to compare with."]);
      expect(judge({ field_id: "check", operator: "is_checked", value: "yes" })).toEqual(["This condition takes no value."]);
      expect(conditionValueKind("radio")).toBe("option");
      expect(conditionValueKind("email")).toBe("text");
      expect(conditionValueKind("checkbox")).toBe("none");
    });
  });
});
