import { describe, expect, it } from "vitest";
import { newPasswordSchema, passwordSchema } from "./password.ts";
import { validate } from "./parse.ts";

describe("password rule (SPEC §5)", () => {
  it("accepts a password with every kind of character", () => {
    expect(passwordSchema("en").safeParse("Demo-pass-2026!").success).toBe(true);
    expect(passwordSchema("en").safeParse("Éé1#abcd").success).toBe(true);
  });

  it.each([
    ["Ab1!", "at least 8 characters"],
    ["abcdefg1!", "uppercase"],
    ["ABCDEFG1!", "lowercase"],
    ["Abcdefgh!", "digit"],
    ["Abcdefgh1", "special"],
  ])("refuses %s (%s) in English and French", (value, english) => {
    const en = validate(passwordSchema("en"), value, "en");
    const fr = validate(passwordSchema("fr"), value, "fr");
    expect(en.ok).toBe(false);
    expect(fr.ok).toBe(false);
    if (en.ok || fr.ok) return;
    expect(en.errors._?.join(" ")).toContain(english);
    expect(fr.errors._?.join(" ")).toMatch(/Le mot de passe doit contenir/);
  });

  it("needs the confirmation to match", () => {
    const result = validate(newPasswordSchema("fr"), { password: "Demo-pass-2026!", password_confirmation: "Demo-pass-2025!" }, "fr");
    expect(result).toEqual({ ok: false, errors: { password_confirmation: ["La confirmation du mot de passe ne correspond pas."] } });
  });
});
