import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validate } from "./parse.ts";
import { UI_LOCALES } from "../i18n/locales.ts";
import { isZodDefault } from "./zod-defaults.ts";

const schema = z.object({ name: z.string().min(3), edition: z.object({ start: z.number() }) });

describe("validate", () => {
  it("returns data when valid", () => {
    expect(validate(schema, { name: "abc", edition: { start: 1 } }, "en")).toEqual({
      ok: true,
      data: { name: "abc", edition: { start: 1 } },
    });
  });

  it("maps issues to dotted field paths with the spec's rule messages in the requested language", () => {
    const en = validate(schema, { name: "a", edition: {} }, "en");
    const fr = validate(schema, { name: "a", edition: {} }, "fr");
    if (en.ok || fr.ok) throw new Error("expected errors");
    expect(en.errors).toEqual({ name: ["This field must be at least 3 characters."], "edition.start": ["This field is required"] });
    expect(fr.errors).toEqual({ name: ["Ce champ doit contenir au moins 3 caractères."], "edition.start": ["Ce champ est obligatoire"] });
  });

  it("says them in German, Portuguese and Spanish too (issue #12)", () => {
    const messages = (["de", "pt", "es"] as const).map((locale) => {
      const result = validate(schema, { name: "a", edition: { start: 1 } }, locale);
      return result.ok ? "" : result.errors.name?.[0];
    });
    expect(messages).toEqual(["Dieses Feld muss mindestens 3 Zeichen lang sein.", "Este campo deve ter pelo menos 3 caracteres.", "Este campo debe tener al menos 3 caracteres."]);
  });

  it("keeps a schema's own message", () => {
    const own = validate(z.object({ code: z.string().regex(/^\d+$/, "Digits, please.") }), { code: "x" }, "fr");
    expect(own).toEqual({ ok: false, errors: { code: ["Digits, please."] } });
  });
});

/** One schema raising every kind of issue zod has. */
const everything = z.strictObject({
  required: z.string(),
  text: z.string(),
  empty: z.string().min(1),
  short: z.string().min(3),
  long: z.string().max(2),
  exact: z.string().length(2),
  integer: z.int(),
  number: z.number(),
  small: z.number().min(1),
  positive: z.number().positive(),
  big: z.number().max(1),
  below: z.number().lt(1),
  step: z.number().multipleOf(5),
  flag: z.boolean(),
  list: z.array(z.string()),
  few: z.array(z.string()).min(2),
  many: z.array(z.string()).max(1),
  group: z.object({ a: z.string() }),
  email: z.email(),
  url: z.url(),
  when: z.iso.datetime(),
  day: z.iso.date(),
  uuid: z.uuid(),
  pattern: z.string().regex(/^a$/),
  starts: z.string().startsWith("a"),
  choice: z.enum(["a", "b"]),
  literal: z.literal("x"),
  either: z.union([z.string(), z.number()]),
  picked: z.discriminatedUnion("kind", [z.object({ kind: z.literal("a") }), z.object({ kind: z.literal("b") })]),
  record: z.record(z.enum(["a"]), z.string()),
  refined: z.string().refine((value) => value === "ok"),
  nested: z.array(z.object({ id: z.number() })),
});
const bad = {
  text: 1,
  empty: "",
  short: "a",
  long: "abc",
  exact: "a",
  integer: 1.5,
  number: "1",
  small: 0,
  positive: 0,
  big: 2,
  below: 1,
  step: 3,
  flag: "yes",
  list: "a",
  few: ["a"],
  many: ["a", "b"],
  group: "a",
  email: "nope",
  url: "nope",
  when: "yesterday",
  day: "2026-13-01",
  uuid: "nope",
  pattern: "b",
  starts: "b",
  choice: "c",
  literal: "y",
  either: true,
  picked: { kind: "c" },
  record: { b: "x" },
  refined: "ko",
  nested: [{ id: "1" }],
  extra: 1,
};


describe("no zod default text reaches a user", () => {
  it.each(UI_LOCALES)("every kind of issue has a rule message (%s)", (locale) => {
    const result = validate(everything, bad, locale);
    if (result.ok) throw new Error("expected errors");
    // Every field has its error (at the field or below it: "nested.0.id", "picked.kind").
    for (const field of [...Object.keys(everything.shape), "_"]) expect(Object.keys(result.errors).some((key) => key === field || key.startsWith(`${field}.`)), field).toBe(true);
    for (const [field, messages] of Object.entries(result.errors)) {
      for (const message of messages) {
        expect(isZodDefault(message), `${field}: ${message}`).toBe(false);
      }
    }
  });

  it("says what a missing value, a wrong kind and an unknown field are, in English and French", () => {
    const en = validate(everything, bad, "en");
    const fr = validate(everything, bad, "fr");
    if (en.ok || fr.ok) throw new Error("expected errors");
    expect(en.errors.required).toEqual(["This field is required"]);
    expect(fr.errors.required).toEqual(["Ce champ est obligatoire"]);
    expect(en.errors.empty).toEqual(["This field is required"]);
    expect(en.errors.number).toEqual(["This field must be a number."]);
    expect(fr.errors.flag).toEqual(["Ce champ doit valoir vrai ou faux."]);
    expect(en.errors.long).toEqual(["This field may not be longer than 2 characters."]);
    expect(en.errors.positive).toEqual(["This field must be greater than 0."]);
    expect(en.errors.step).toEqual(["This field must be a multiple of 5."]);
    expect(en.errors.when).toEqual(["This date is invalid."]);
    expect(en.errors._).toEqual(["Unknown field: extra."]);
    expect(fr.errors._).toEqual(["Champ inconnu : extra."]);
  });
});
