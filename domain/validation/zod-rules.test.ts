import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validate } from "./parse.ts";
import { requiredWith } from "./required.ts";
import { phoneNumber } from "./rules.ts";
import { requiresAtLeastOneTranslation } from "./translations.ts";
import { domainSchema, phoneSchema, refineWith, streamUrlSchema, timeStringSchema, translationsSchema, uniqueNames, urlListSchema } from "./zod-rules.ts";

describe("zod refinements over the rules", () => {
  it("turns a rule into a custom issue with its localized message", () => {
    const schema = z.string().superRefine(refineWith((value) => phoneNumber(value, "fr")));
    expect(validate(schema, "12", "fr")).toEqual({ ok: false, errors: { _: ["Numéro de téléphone invalide. Utilisez de 7 à 15 chiffres, par exemple +1 514 555-0123."] } });
    expect(validate(schema, "514 555 0123", "fr")).toEqual({ ok: true, data: "514 555 0123" });
  });

  it("puts an object-level rule on the field it names", () => {
    const schema = z
      .object({ email: z.string(), phone: z.string() })
      .superRefine(refineWith((value) => requiredWith(value.phone, "en", { target: value.email, targetField: "E-mail" }), ["phone"]));
    expect(validate(schema, { email: "a@b.ca", phone: "" }, "en")).toEqual({ ok: false, errors: { phone: ["This field is required when E-mail is present."] } });
    expect(validate(schema, { email: "", phone: "" }, "en").ok).toBe(true);
  });

  it("marks duplicate names at their index (SPEC §5 duplicate names)", () => {
    const schema = z.object({ fields: z.array(z.object({ name: z.string() })).superRefine(uniqueNames((field) => field.name, "fr")) });
    const result = validate(schema, { fields: [{ name: "Nom" }, { name: "Ville" }, { name: " nom" }] }, "fr");
    expect(result).toEqual({ ok: false, errors: { "fields.2.name": ["Un autre champ utilise ce nom"] } });
  });

  it("parses hh:mm:ss into seconds", () => {
    expect(validate(timeStringSchema("en"), "01:00:05", "en")).toEqual({ ok: true, data: 3605 });
    expect(validate(timeStringSchema("fr"), "1:00", "fr")).toEqual({ ok: false, errors: { _: ["Utilisez le format hh:mm:ss."] } });
  });

  it("ships ready schemas for phone, domain, URL lists and stream URLs", () => {
    expect(validate(phoneSchema("en"), " +1 514 555 0123 ", "en")).toEqual({ ok: true, data: "+1 514 555 0123" });
    expect(validate(domainSchema("en", "example.com"), " Example.COM ", "en")).toEqual({ ok: true, data: "example.com" });
    expect(validate(domainSchema("fr", "exemple.ca"), "nope", "fr")).toEqual({ ok: false, errors: { _: ["Nom de domaine invalide. Veuillez utiliser la syntaxe : exemple.ca"] } });
    expect(validate(urlListSchema("en"), [" https://a.test "], "en")).toEqual({ ok: true, data: ["https://a.test"] });
    expect(validate(urlListSchema("en"), ["a.test"], "en").ok).toBe(false);
    expect(validate(streamUrlSchema("en", ["rtmp://in.test"]), "rtmp://in.test/live/key", "en").ok).toBe(true);
    expect(validate(streamUrlSchema("en", ["rtmp://in.test"]), "rtmp://in.test", "en")).toEqual({
      ok: false,
      errors: { _: ["The stream URL must start with rtmp://in.test and have a path after the service address."] },
    });
  });

  it("validates texts in several languages with a translations rule", () => {
    const schema = translationsSchema.superRefine(refineWith((value) => requiresAtLeastOneTranslation(value, "en")));
    expect(validate(schema, { en: " ", fr: null }, "en")).toEqual({ ok: false, errors: { _: ["Enter this value in at least one language."] } });
    expect(validate(schema, { fr: "Nom" }, "en").ok).toBe(true);
    expect(validate(schema, { french: "Nom" }, "en").ok).toBe(false);
  });
});
