import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { STRIPE_MIN_AMOUNT_CENTS, decimal, decimalPlaces, elementMax, formatCad, minStripeAmount, parseCents, readDecimal } from "./numbers.ts";

describe("element_max (SPEC §5)", () => {
  it("limits characters of a text, counting code points", () => {
    expect(elementMax("abcd", "en", { max: 3 })).toBe("Limit reached: at most 3 characters.");
    expect(elementMax("abcd", "fr", { max: 3 })).toBe("Limite atteinte : au plus 3 caractères.");
    expect(elementMax("abc", "en", { max: 3 })).toBeNull();
    expect(elementMax("😀😀😀", "en", { max: 3 })).toBeNull();
  });
  it("limits the value of a number, or of a text read as one", () => {
    expect(elementMax(101, "en", { max: 100 })).toBe("Limit reached: the maximum is 100.");
    expect(elementMax("2,5", "fr", { max: 2.5, of: "value" })).toBeNull();
    expect(elementMax("2,6", "fr", { max: 2.5, of: "value" })).toBe("Limite atteinte : le maximum est 2,5.");
    expect(elementMax("many", "en", { max: 1, of: "value" })).toBeNull();
    expect(elementMax(100, "en", { max: 100 })).toBeNull();
    expect(elementMax("", "en", { max: 0 })).toBeNull();
  });
});

describe("decimal (SPEC §5)", () => {
  it("reads numbers with the given separator", () => {
    expect(readDecimal("12.50")).toEqual({ value: 12.5, decimals: 2 });
    expect(readDecimal("-1,5", ",")).toEqual({ value: -1.5, decimals: 1 });
    expect(readDecimal(".5")).toEqual({ value: 0.5, decimals: 1 });
    expect(readDecimal("+7")).toEqual({ value: 7, decimals: 0 });
    for (const bad of ["1,5", "5.", "1e3", "1 000", "-", "", "abc", "1.2.3"]) expect(readDecimal(bad), bad).toBeNull();
    expect(readDecimal("1.5", ",")).toBeNull();
  });
  it("says: must be a number, no decimals, at most n decimal places (en and fr)", () => {
    expect(decimal("abc", "en")).toBe("This field must be a number.");
    expect(decimal("abc", "fr")).toBe("Ce champ doit être un nombre.");
    expect(decimal("1.5", "en", { maxDecimals: 0 })).toBe("This field cannot have decimals.");
    expect(decimal("1,5", "fr", { maxDecimals: 0, separator: "," })).toBe("Ce champ ne peut pas avoir de décimales.");
    expect(decimal("1.555", "en", { maxDecimals: 2 })).toBe("This field can have at most 2 decimal places.");
    expect(decimal("1,555", "fr", { maxDecimals: 2, separator: "," })).toBe("Ce champ peut avoir au plus 2 décimales.");
    expect(decimal(Number.NaN, "en")).toBe("This field must be a number.");
    expect(decimal(0.125, "en", { maxDecimals: 2 })).toBe("This field can have at most 2 decimal places.");
  });
  it("accepts numbers within the limits, and empty values", () => {
    expect(decimal("12.50", "en", { maxDecimals: 2 })).toBeNull();
    expect(decimal("12", "en", { maxDecimals: 0 })).toBeNull();
    expect(decimal(" 3,14159 ", "fr", { separator: "," })).toBeNull();
    expect(decimal(1.25, "en", { maxDecimals: 2 })).toBeNull();
    expect(decimal("", "en")).toBeNull();
    expect(decimal(null, "en")).toBeNull();
  });
  it("counts decimal places of numbers, exponents included", () => {
    expect(decimalPlaces(3)).toBe(0);
    expect(decimalPlaces(-1.25)).toBe(2);
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(1.5e-7)).toBe(8);
    expect(decimalPlaces(1e21)).toBe(0);
  });
  it("agrees with the number it was typed from (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.stringMatching(/^\d{0,6}$/), fc.constantFrom<"." | ",">(".", ","), (whole, fraction, separator) => {
        const text = fraction === "" ? String(whole) : `${whole}${separator}${fraction}`;
        const read = readDecimal(text, separator);
        expect(read?.decimals).toBe(fraction.length);
        expect(read?.value).toBeCloseTo(Number(text.replace(",", ".")), 9);
        expect(decimal(text, "en", { separator, maxDecimals: 6 })).toBeNull();
        if (fraction !== "") expect(decimal(text, "en", { separator, maxDecimals: fraction.length - 1 })).not.toBeNull();
      }),
    );
  });
});

describe("min_stripe_amount (SPEC §5, Stripe's CA$0.50)", () => {
  it("is 50 cents", () => expect(STRIPE_MIN_AMOUNT_CENTS).toBe(50));
  it("accepts 0 (free) and at least the minimum", () => {
    for (const cents of [0, 50, 51, 10_000]) expect(minStripeAmount(cents, "en"), String(cents)).toBeNull();
    expect(minStripeAmount(null, "en")).toBeNull();
    expect(minStripeAmount(100, "en", { min: 100 })).toBeNull();
  });
  it("refuses between 0 and the minimum, negatives and fractions of a cent, in en and fr", () => {
    expect(minStripeAmount(49, "en")).toBe("The amount must be 0 (free) or at least CA$0.50.");
    expect(minStripeAmount(1, "fr")).toBe("Le montant doit être 0 (gratuit) ou d'au moins 0,50 $ CA.");
    expect(minStripeAmount(-100, "en")).toBe("The amount must be 0 (free) or at least CA$0.50.");
    expect(minStripeAmount(50.5, "en")).toBe("The amount must be 0 (free) or at least CA$0.50.");
    expect(minStripeAmount(99, "en", { min: 100 })).toBe("The amount must be 0 (free) or at least CA$1.00.");
    expect(minStripeAmount(Number.NaN, "fr")).toBe("Ce champ doit être un nombre.");
  });
  it("formats and parses cents exactly", () => {
    expect(formatCad(1250, "en")).toBe("CA$12.50");
    expect(formatCad(1250, "fr")).toBe("12,50 $ CA");
    expect(formatCad(1250, "de")).toBe("12,50 CA$");
    expect(formatCad(50, "pt")).toBe("CA$ 0,50");
    expect(formatCad(50, "es")).toBe("0,50 CA$");
    expect(parseCents("12.5")).toBe(1250);
    expect(parseCents("0,29", ",")).toBe(29);
    expect(parseCents(".5")).toBe(50);
    for (const bad of ["-1", "1.005", "abc", "", "1,5"]) expect(parseCents(bad), bad).toBeNull();
    fc.assert(fc.property(fc.nat({ max: 100_000_000 }), (cents) => {
      expect(parseCents(formatCad(cents, "en").slice(3))).toBe(cents);
    }));
  });
});
