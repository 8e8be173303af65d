import { describe, expect, it } from "vitest";
import { organizationUpdateSchema } from "../organizations/organization.ts";
import { validate } from "../validation/parse.ts";
import { ORGANIZATION_EMAIL_MAX, ORGANIZATION_NAME_MAX, ORGANIZATION_PHONE_MAX, onboardingSchema } from "./schema.ts";

const check = (value: unknown, locale: "en" | "fr" = "en") => validate(onboardingSchema(locale), value, locale);

describe("onboardingSchema", () => {
  it("keeps a trimmed name, a lower-cased e-mail and a phone; blanks clear, omitted stays omitted", () => {
    expect(check({ name: "  Acme  ", email: " Owner@Acme.TEST ", phone: "+1 514 555-0123" })).toEqual({
      ok: true,
      data: { name: "Acme", email: "owner@acme.test", phone: "+1 514 555-0123" },
    });
    expect(check({ name: "Acme", email: "", phone: "  " })).toEqual({ ok: true, data: { name: "Acme", email: null, phone: null } });
    expect(check({ name: "Acme" })).toEqual({ ok: true, data: { name: "Acme" } });
  });

  it("requires the organization name (SPEC §5), in en and fr", () => {
    for (const name of [undefined, "", "   ", 12]) {
      expect(check({ name })).toEqual({ ok: false, errors: { name: ["The organization name is required."] } });
      expect(check({ name }, "fr")).toEqual({ ok: false, errors: { name: ["Le nom de l'organisation est obligatoire."] } });
    }
  });

  it("refuses a name over 255 characters with the rule message", () => {
    expect(check({ name: "a".repeat(255) }).ok).toBe(true);
    expect(check({ name: "a".repeat(256) })).toEqual({ ok: false, errors: { name: ["This field may not be longer than 255 characters."] } });
    expect(check({ name: "a".repeat(256) }, "fr")).toEqual({ ok: false, errors: { name: ["Ce champ ne peut pas dépasser 255 caractères."] } });
  });

  it("refuses an invalid e-mail or phone with the rule messages", () => {
    expect(check({ name: "Acme", email: "nope", phone: "12" })).toEqual({
      ok: false,
      errors: { email: ["This field must be a valid e-mail address."], phone: ["Invalid phone number. Use 7 to 15 digits, for example +1 514 555-0123."] },
    });
    expect(check({ name: "Acme", email: 5, phone: 5 }, "fr")).toEqual({
      ok: false,
      errors: { email: ["Ce champ doit être une adresse e-mail valide."], phone: ["Numéro de téléphone invalide. Utilisez de 7 à 15 chiffres, par exemple +1 514 555-0123."] },
    });
  });

  it("uses the bounds of the organization's own update (rules live once)", () => {
    const update = (value: Record<string, string>) => organizationUpdateSchema("en").safeParse(value).success;
    expect(update({ name: "a".repeat(ORGANIZATION_NAME_MAX) })).toBe(true);
    expect(update({ name: "a".repeat(ORGANIZATION_NAME_MAX + 1) })).toBe(false);
    const longEmail = `${"a".repeat(ORGANIZATION_EMAIL_MAX - "@acme.test".length)}@acme.test`;
    expect(update({ email: longEmail })).toBe(true);
    expect(update({ email: `a${longEmail}` })).toBe(false);
    expect(update({ phone: "1".repeat(ORGANIZATION_PHONE_MAX) })).toBe(true);
    expect(update({ phone: "1".repeat(ORGANIZATION_PHONE_MAX + 1) })).toBe(false);
  });
});
