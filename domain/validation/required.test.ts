import { describe, expect, it } from "vitest";
import { isEmpty, required, requiredIf, requiredWith } from "./required.ts";

describe("isEmpty", () => {
  it.each([null, undefined, false, "", "   ", []])("%j is empty", (value) => expect(isEmpty(value)).toBe(true));
  it.each([0, true, "a", [""], {}])("%j is not", (value) => expect(isEmpty(value)).toBe(false));
});

describe("required (SPEC §5)", () => {
  it("refuses an empty value in en and fr", () => {
    expect(required(" ", "en")).toBe("This field is required");
    expect(required(null, "fr")).toBe("Ce champ est obligatoire");
    expect(required("x", "en")).toBeNull();
    expect(required(0, "en")).toBeNull();
  });
});

describe("required_if (SPEC §5)", () => {
  const options = { other: "paid", values: ["paid", "donation"] };
  it("requires the field when the other field holds one of the values", () => {
    expect(requiredIf("", "en", options)).toBe("This field is required");
    expect(requiredIf("", "fr", options)).toBe("Ce champ est obligatoire");
    expect(requiredIf("12", "en", options)).toBeNull();
  });
  it("leaves it optional otherwise (strict comparison)", () => {
    expect(requiredIf("", "en", { other: "free", values: ["paid"] })).toBeNull();
    expect(requiredIf("", "en", { other: "1", values: [1] })).toBeNull();
    expect(requiredIf(null, "en", { other: true, values: [true] })).toBe("This field is required");
  });
});

describe("required_with (SPEC §5)", () => {
  it("requires the field when the target is present, naming the target", () => {
    expect(requiredWith("", "en", { target: "a@b.ca", targetField: "E-mail" })).toBe("This field is required when E-mail is present.");
    expect(requiredWith("", "fr", { target: "a@b.ca", targetField: "Courriel" })).toBe("Ce champ est obligatoire lorsque le champ Courriel est rempli.");
  });
  it("passes when the target is empty or the field is filled", () => {
    expect(requiredWith("", "en", { target: " ", targetField: "E-mail" })).toBeNull();
    expect(requiredWith("x", "en", { target: "a@b.ca", targetField: "E-mail" })).toBeNull();
  });
});
