import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UI_LOCALES } from "../i18n/locales.ts";
import { REGISTRATION_ANSWER_MESSAGES, chosenOptionIds, cleanAnswers, registrationAnswerErrors, tagsFromAnswers, visibleFields } from "./answers.ts";
import { CONDITION_OPERATORS, REGISTRATION_FIELD_TYPES, type ConditionOperator, type RegistrationAnswers, type RegistrationField, type RegistrationOption } from "./record.ts";

const option = (id: string, extra: Partial<RegistrationOption> = {}): RegistrationOption => ({ id, name: { en: `Option ${id}`, fr: `Option ${id} (fr)` }, limit: null, tags: [], ...extra });

const field = (id: string, type: RegistrationField["type"], extra: Partial<RegistrationField> = {}): RegistrationField => ({
  id,
  type,
  name: { en: id },
  required: false,
  options: type === "select" || type === "multiselect" || type === "radio" ? [option(`${id}-a`), option(`${id}-b`)] : [],
  condition: null,
  ...extra,
});

const when = (field_id: string, operator: ConditionOperator, value: string | null = null) => ({ condition: { field_id, operator, value } });
const ids = (fields: readonly RegistrationField[]) => fields.map((f) => f.id);
const shownWith = (reference: RegistrationField, operator: ConditionOperator, value: string | null, answers: RegistrationAnswers) =>
  ids(visibleFields([reference, field("target", "text", when(reference.id, operator, value))], answers)).includes("target");

const REQUIRED_EN = "This field is required";
const REQUIRED_FR = "Ce champ est obligatoire";
const FORMAT_EN = "This field format is invalid.";
const CHOICES_EN = "This value is not one of the allowed choices.";

describe("visibleFields", () => {
  it("shows every field without a condition, in order", () => {
    const form = [field("a", "text"), field("b", "checkbox"), field("c", "select")];
    expect(ids(visibleFields(form, {}))).toEqual(["a", "b", "c"]);
  });

  it("is_checked / is_not_checked on a checkbox (unanswered is not checked)", () => {
    const box = field("box", "checkbox");
    expect(shownWith(box, "is_checked", null, { box: true })).toBe(true);
    expect(shownWith(box, "is_checked", null, { box: false })).toBe(false);
    expect(shownWith(box, "is_checked", null, {})).toBe(false);
    expect(shownWith(box, "is_not_checked", null, { box: false })).toBe(true);
    expect(shownWith(box, "is_not_checked", null, {})).toBe(true);
    expect(shownWith(box, "is_not_checked", null, { box: true })).toBe(false);
    // A tick of the wrong kind is no tick.
    expect(shownWith(box, "is_checked", null, { box: "true" })).toBe(false);
  });

  it("equals / not_equals on the option id of a select or a radio", () => {
    for (const type of ["select", "radio"] as const) {
      const choice = field("choice", type);
      expect(shownWith(choice, "equals", "choice-a", { choice: "choice-a" })).toBe(true);
      expect(shownWith(choice, "equals", "choice-a", { choice: "choice-b" })).toBe(false);
      expect(shownWith(choice, "equals", "choice-a", {})).toBe(false);
      expect(shownWith(choice, "not_equals", "choice-a", { choice: "choice-b" })).toBe(true);
      expect(shownWith(choice, "not_equals", "choice-a", {})).toBe(true);
      expect(shownWith(choice, "not_equals", "choice-a", { choice: "choice-a" })).toBe(false);
      // The option's id, not its name.
      expect(shownWith(choice, "equals", "Option choice-a", { choice: "choice-a" })).toBe(false);
    }
  });

  it("equals / not_equals on a text or an e-mail: trimmed, case-insensitive", () => {
    for (const type of ["text", "email"] as const) {
      const text = field("text", type);
      expect(shownWith(text, "equals", "Montréal", { text: "  montréal " })).toBe(true);
      expect(shownWith(text, "equals", "Montréal", { text: "Montreal" })).toBe(false);
      expect(shownWith(text, "not_equals", "Montréal", { text: "Québec" })).toBe(true);
      expect(shownWith(text, "not_equals", "Montréal", { text: "MONTRÉAL" })).toBe(false);
      // Unanswered is the empty text.
      expect(shownWith(text, "equals", "", {})).toBe(true);
      expect(shownWith(text, "not_equals", "x", {})).toBe(true);
    }
  });

  it("includes / does_not_include on a multiselect's option ids", () => {
    const multi = field("multi", "multiselect");
    expect(shownWith(multi, "includes", "multi-a", { multi: ["multi-b", "multi-a"] })).toBe(true);
    expect(shownWith(multi, "includes", "multi-a", { multi: ["multi-b"] })).toBe(false);
    expect(shownWith(multi, "includes", "multi-a", {})).toBe(false);
    expect(shownWith(multi, "does_not_include", "multi-a", { multi: ["multi-b"] })).toBe(true);
    expect(shownWith(multi, "does_not_include", "multi-a", {})).toBe(true);
    expect(shownWith(multi, "does_not_include", "multi-a", { multi: ["multi-a"] })).toBe(false);
    // A lone id where a list is due is not a list.
    expect(shownWith(multi, "includes", "multi-a", { multi: "multi-a" })).toBe(false);
  });

  it("includes / does_not_include on a text or an e-mail: case-insensitive containment", () => {
    for (const type of ["text", "email"] as const) {
      const text = field("text", type);
      expect(shownWith(text, "includes", "@Example.com", { text: "ana@example.COM" })).toBe(true);
      expect(shownWith(text, "includes", "@example.com", { text: "ana@example.org" })).toBe(false);
      expect(shownWith(text, "does_not_include", "@example.com", { text: "ana@example.org" })).toBe(true);
      expect(shownWith(text, "does_not_include", "@example.com", { text: "ANA@EXAMPLE.COM" })).toBe(false);
    }
  });

  it("hides the field when the operator does not fit the reference, the value is missing or names no option (fail closed)", () => {
    // The operators that show the target for some answer: unanswered, or an answer choosing "r-a".
    const chosen: Record<RegistrationField["type"], RegistrationAnswers[string]> = { checkbox: true, multiselect: ["r-a"], select: "r-a", radio: "r-a", text: "r-a", email: "r-a" };
    const operators = (type: RegistrationField["type"]) =>
      CONDITION_OPERATORS.filter((operator) => ([{}, { r: chosen[type] }] as RegistrationAnswers[]).some((answers) => shownWith(field("r", type), operator, type === "checkbox" ? null : "r-a", answers)));
    expect(operators("checkbox")).toEqual(["is_checked", "is_not_checked"]);
    expect(operators("select")).toEqual(["equals", "not_equals"]);
    expect(operators("radio")).toEqual(["equals", "not_equals"]);
    expect(operators("multiselect")).toEqual(["includes", "does_not_include"]);
    expect(operators("text")).toEqual(["equals", "not_equals", "includes", "does_not_include"]);
    expect(shownWith(field("r", "select"), "not_equals", "no-such-option", { r: "r-a" })).toBe(false);
    expect(shownWith(field("r", "multiselect"), "does_not_include", null, {})).toBe(false);
    expect(shownWith(field("r", "text"), "not_equals", null, {})).toBe(false);
  });

  it("follows chains: hiding A hides B and C of A → B → C", () => {
    const form = [field("a", "checkbox"), field("b", "select", when("a", "is_checked")), field("c", "text", when("b", "equals", "b-a")), field("d", "text")];
    expect(ids(visibleFields(form, { a: true, b: "b-a" }))).toEqual(["a", "b", "c", "d"]);
    expect(ids(visibleFields(form, { a: true, b: "b-b" }))).toEqual(["a", "b", "d"]);
    // b still holds "b-a", but b is hidden, so c is too.
    expect(ids(visibleFields(form, { a: false, b: "b-a" }))).toEqual(["a", "d"]);
    // A negative condition on a hidden field does not show either.
    const negative = [field("a", "checkbox"), field("b", "checkbox", when("a", "is_checked")), field("c", "text", when("b", "is_not_checked"))];
    expect(ids(visibleFields(negative, {}))).toEqual(["a"]);
    expect(ids(visibleFields(negative, { a: true }))).toEqual(["a", "b", "c"]);
  });

  it("hides a field whose reference is unknown, later or itself", () => {
    const form = [
      field("unknown", "text", when("nowhere", "is_not_checked")),
      field("later", "text", when("box", "is_not_checked")),
      field("self", "checkbox", when("self", "is_not_checked")),
      field("box", "checkbox"),
    ];
    expect(ids(visibleFields(form, {}))).toEqual(["box"]);
  });

  it("reads own answers only: a field id such as constructor does not read Object.prototype", () => {
    const form = [field("constructor", "checkbox"), field("x", "text", when("constructor", "is_not_checked"))];
    expect(ids(visibleFields(form, {}))).toEqual(["constructor", "x"]);
    expect(registrationAnswerErrors([field("toString", "text", { required: true })], {}, { locale: "en" })).toEqual({ "answers.toString": [REQUIRED_EN] });
  });
});

describe("registrationAnswerErrors", () => {
  const judge = (fields: RegistrationField[], answers: RegistrationAnswers, taken?: Map<string, number>) => registrationAnswerErrors(fields, answers, { locale: "en", taken });

  it("accepts a form answered well, and an optional form left blank", () => {
    const form = [field("t", "text"), field("e", "email"), field("s", "select"), field("r", "radio"), field("m", "multiselect"), field("c", "checkbox")];
    expect(judge(form, {})).toEqual({});
    expect(judge(form, { t: " hi ", e: " ana@example.com ", s: "s-a", r: "r-b", m: ["m-a", "m-b", "m-a"], c: true })).toEqual({});
    expect(judge(form, { t: "", s: "", m: [], c: false })).toEqual({});
  });

  it("requires an answer to each required type (a required checkbox must be ticked), in en and fr", () => {
    const form = REGISTRATION_FIELD_TYPES.map((type) => field(type, type, { required: true }));
    const expected = (message: string) => Object.fromEntries(REGISTRATION_FIELD_TYPES.map((type) => [`answers.${type}`, [message]]));
    expect(judge(form, {})).toEqual(expected(REQUIRED_EN));
    expect(judge(form, { email: "   ", text: " ", select: "", radio: "", multiselect: [], checkbox: false })).toEqual(expected(REQUIRED_EN));
    expect(registrationAnswerErrors(form, {}, { locale: "fr" })).toEqual(expected(REQUIRED_FR));
  });

  it("refuses answers of the wrong kind for every type", () => {
    const form = REGISTRATION_FIELD_TYPES.map((type) => field(type, type));
    const wrong: Record<RegistrationField["type"], RegistrationAnswers[string][]> = {
      email: [["a@b.co"], true],
      text: [["x"], false],
      select: [["select-a"], true],
      radio: [["radio-a"], false],
      multiselect: ["multiselect-a", true],
      checkbox: ["true", ["x"]],
    };
    for (const [type, values] of Object.entries(wrong)) {
      for (const value of values) {
        const message = type === "email" || type === "text" || type === "checkbox" ? FORMAT_EN : CHOICES_EN;
        expect(judge(form, { [type]: value }), `${type} ← ${JSON.stringify(value)}`).toEqual({ [`answers.${type}`]: [message] });
      }
    }
  });

  it("refuses options the field does not have", () => {
    const form = [field("s", "select"), field("r", "radio"), field("m", "multiselect")];
    expect(judge(form, { s: "r-a", r: "nope", m: ["m-a", "s-a"] })).toEqual({ "answers.s": [CHOICES_EN], "answers.r": [CHOICES_EN], "answers.m": [CHOICES_EN] });
  });

  it("checks e-mail fields with the product's e-mail rule, trimmed", () => {
    const form = [field("e", "email")];
    expect(judge(form, { e: "  ana@example.com  " })).toEqual({});
    expect(judge(form, { e: "ana@" })).toEqual({ "answers.e": ["This field must be a valid e-mail address."] });
    expect(registrationAnswerErrors(form, { e: "ana" }, { locale: "fr" })).toEqual({ "answers.e": ["Ce champ doit être une adresse e-mail valide."] });
    // A text field takes any text.
    expect(judge([field("e", "text")], { e: "ana@" })).toEqual({});
  });

  it("allows at most 1,000 characters (trimmed) in a text", () => {
    const form = [field("t", "text")];
    expect(judge(form, { t: `  ${"x".repeat(1_000)}  ` })).toEqual({});
    expect(judge(form, { t: "x".repeat(1_001) })).toEqual({ "answers.t": ["This field may not be longer than 1000 characters."] });
  });

  it("refuses an option whose limit is reached, naming it, in the viewer's language", () => {
    const full = (id: string, limit: number | null) => option(id, { limit, name: { en: `Lunch ${id}`, fr: `Dîner ${id}` } });
    const form = [
      field("s", "select", { options: [full("s1", 2), full("s2", null)] }),
      field("m", "multiselect", { options: [full("m1", 1), full("m2", 5), full("m3", 1)] }),
      field("c", "checkbox", { options: [full("c1", 10)] }),
    ];
    const taken = new Map([
      ["s1", 2],
      ["s2", 10_000],
      ["m1", 1],
      ["m2", 4],
      ["m3", 7],
      ["c1", 10],
    ]);
    expect(judge(form, { s: "s1", m: ["m1", "m2", "m3"], c: true }, taken)).toEqual({
      "answers.s": ["This choice is full: Lunch s1."],
      "answers.m": ["This choice is full: Lunch m1.", "This choice is full: Lunch m3."],
      "answers.c": ["This choice is full: Lunch c1."],
    });
    expect(registrationAnswerErrors(form, { s: "s1" }, { locale: "fr", taken })).toEqual({ "answers.s": ["Ce choix est complet : Dîner s1."] });
    // Room left, no limit, an unticked box, or no counts given (the browser before it knows them).
    expect(judge(form, { s: "s2", m: ["m2"], c: false }, taken)).toEqual({});
    expect(judge(form, { s: "s1", m: ["m1"], c: true })).toEqual({});
    expect(judge(form, { s: "s1" }, new Map([["s1", 1]]))).toEqual({});
  });

  it("names a full option in English, then any language, when the viewer's has no name", () => {
    const form = [field("s", "select", { options: [option("o", { limit: 1, name: { de: "Mittagessen" } })] })];
    expect(registrationAnswerErrors(form, { s: "o" }, { locale: "pt", taken: new Map([["o", 1]]) })).toEqual({ "answers.s": ["Esta opção está esgotada: Mittagessen."] });
    expect(registrationAnswerErrors(form, { s: "o" }, { locale: "de", taken: new Map([["o", 1]]) })).toEqual({ "answers.s": ["Diese Auswahl ist ausgebucht: Mittagessen."] });
  });

  it("judges shown fields only", () => {
    const form = [field("a", "checkbox"), field("b", "text", { ...when("a", "is_checked"), required: true })];
    expect(judge(form, {})).toEqual({});
    expect(judge(form, { b: ["wrong kind, but hidden"] })).toEqual({});
    expect(judge(form, { a: true })).toEqual({ "answers.b": [REQUIRED_EN] });
  });

  it("speaks each interface language (the validation catalogue's texts)", () => {
    const form = [field("t", "text", { required: true })];
    expect(registrationAnswerErrors(form, {}, { locale: "de" })).toEqual({ "answers.t": ["Dieses Feld ist erforderlich"] });
    expect(registrationAnswerErrors(form, {}, { locale: "es" })).toEqual({ "answers.t": ["Este campo es obligatorio"] });
  });

  it("has its own texts in the five languages with the English placeholders", () => {
    for (const text of Object.values(REGISTRATION_ANSWER_MESSAGES)) {
      for (const locale of UI_LOCALES) expect(text[locale]).toContain("{option}");
    }
  });
});

describe("cleanAnswers", () => {
  it("keeps shown fields' answers, trimmed, without blanks, repeats, unticked optional boxes or unknown fields", () => {
    const form = [
      field("t", "text"),
      field("blank", "text"),
      field("e", "email"),
      field("m", "multiselect"),
      field("none", "multiselect"),
      field("opt", "checkbox"),
      field("req", "checkbox", { required: true }),
      field("yes", "checkbox"),
      field("hidden", "text", when("yes", "is_not_checked")),
    ];
    const answers = { t: "  hello  ", blank: "   ", e: " ana@example.com", m: ["m-b", "m-a", "m-b"], none: [], opt: false, req: false, yes: true, hidden: "gone", stranger: "gone" };
    expect(cleanAnswers(form, answers)).toEqual({ t: "hello", e: "ana@example.com", m: ["m-b", "m-a"], req: false, yes: true });
  });

  it("drops answers of the wrong kind and option ids the field does not have", () => {
    const form = [field("s", "select"), field("m", "multiselect"), field("t", "text"), field("c", "checkbox")];
    expect(cleanAnswers(form, { s: "zzz", m: ["zzz", "m-a"], t: ["x"], c: "yes" })).toEqual({ m: ["m-a"] });
    expect(cleanAnswers(form, { s: ["s-a"], m: "m-a", t: true, c: ["x"] })).toEqual({});
  });

  it("keeps a field whose id is __proto__ as an own answer", () => {
    const answers: RegistrationAnswers = JSON.parse('{"__proto__": " x "}');
    const cleaned = cleanAnswers([field("__proto__", "text")], answers);
    expect(Object.hasOwn(cleaned, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(cleaned, "__proto__")?.value).toBe("x");
  });
});

describe("chosenOptionIds and tagsFromAnswers", () => {
  const form = [
    field("s", "select", { options: [option("s1", { tags: ["VIP", "press"] }), option("s2", { tags: ["other"] })] }),
    field("m", "multiselect", { options: [option("m1", { tags: ["vip", "Team"] }), option("m2", { tags: [" press "] }), option("m3", { tags: ["unused"] })] }),
    field("c", "checkbox", { options: [option("c1", { tags: ["lunch"] })] }),
    field("bare", "checkbox"),
    field("h", "radio", { ...when("bare", "is_checked"), options: [option("h1", { tags: ["hidden"] })] }),
  ];

  it("lists the options the shown answers choose, each once, in order", () => {
    const answers = { s: "s1", m: ["m2", "m1", "m2", "zzz"], c: true, bare: false, h: "h1" };
    expect(chosenOptionIds(form, answers)).toEqual(["s1", "m2", "m1", "c1"]);
    expect(chosenOptionIds(form, { c: false, bare: true, h: "h1" })).toEqual(["h1"]);
    expect(chosenOptionIds(form, {})).toEqual([]);
  });

  it("gives the chosen options' tags, each once whatever its case, in order", () => {
    expect(tagsFromAnswers(form, { s: "s1", m: ["m1", "m2"], c: true })).toEqual(["VIP", "press", "Team", "lunch"]);
    expect(tagsFromAnswers(form, { s: "s2", h: "h1" })).toEqual(["other"]);
  });
});

describe("cleaning, property-based", () => {
  const FIELD_IDS = ["f0", "f1", "f2", "f3", "f4", "f5"];
  const OPTION_IDS = FIELD_IDS.flatMap((id) => [`${id}-a`, `${id}-b`]);
  const TEXTS = ["", "  ", "yes", " YES ", "ana@example.com", "x".repeat(1_001)];
  const scalar = fc.constantFrom(...TEXTS, ...OPTION_IDS, "zzz");
  const answerValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.boolean());
  const formArb = fc
    .array(
      fc.record({
        type: fc.constantFrom(...REGISTRATION_FIELD_TYPES),
        required: fc.boolean(),
        condition: fc.option(fc.record({ field_id: fc.constantFrom(...FIELD_IDS, "nowhere"), operator: fc.constantFrom(...CONDITION_OPERATORS), value: fc.option(scalar) })),
        limits: fc.boolean(),
      }),
      { maxLength: FIELD_IDS.length },
    )
    .map((specs) =>
      specs.map((spec, index) => {
        const id = FIELD_IDS[index] ?? "f";
        const base = field(id, spec.type, { required: spec.required, condition: spec.condition });
        const options = spec.type === "checkbox" && spec.limits ? [option(`${id}-a`)] : base.options;
        return { ...base, options: options.map((o) => ({ ...o, limit: spec.limits ? 1 : null, tags: [o.id] })) };
      }),
    );
  const answersArb = fc.dictionary(fc.constantFrom(...FIELD_IDS, "stranger"), answerValue);
  const takenArb = fc.array(fc.constantFrom(...OPTION_IDS)).map((chosen) => new Map(chosen.map((id) => [id, 1])));
  const shown = (fields: RegistrationField[], answers: RegistrationAnswers) => ids(visibleFields(fields, answers));

  it("is idempotent, shows the same fields, keeps shown fields only and adds no error", () => {
    fc.assert(
      fc.property(formArb, answersArb, takenArb, (form, answers, taken) => {
        const cleaned = cleanAnswers(form, answers);
        expect(cleanAnswers(form, cleaned)).toEqual(cleaned);
        expect(shown(form, cleaned)).toEqual(shown(form, answers));
        const visible = new Set(shown(form, answers));
        for (const id of Object.keys(cleaned)) expect(visible.has(id)).toBe(true);
        const before = registrationAnswerErrors(form, answers, { locale: "en", taken });
        const after = registrationAnswerErrors(form, cleaned, { locale: "en", taken });
        for (const key of Object.keys(before)) expect(visible.has(key.slice("answers.".length))).toBe(true);
        for (const key of Object.keys(after)) expect(Object.keys(before)).toContain(key);
        expect(chosenOptionIds(form, cleaned)).toEqual(chosenOptionIds(form, answers));
        expect(tagsFromAnswers(form, cleaned)).toEqual(tagsFromAnswers(form, answers));
      }),
      { numRuns: 500 },
    );
  });
});
