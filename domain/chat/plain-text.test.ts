import { describe, expect, it } from "vitest";
import { cleanText, isBlankText, plainText, textLength } from "./plain-text.ts";

describe("plainText", () => {
  it("keeps markup as typed (the screens render text, not HTML)", () => {
    expect(plainText("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
  });

  it("removes control characters but the line feed; a tab becomes a space", () => {
    expect(plainText("a\u0000b\u0007c\u001Bd\u007Fe\u0085f\tg\nh")).toBe("abcdef g\nh");
  });

  it("removes bidirectional overrides, embeddings and isolates", () => {
    expect(plainText("pay\u202Egnp.exe\u202C \u2067x\u2069")).toBe("paygnp.exe x");
  });

  it("makes one kind of line end, one blank line at most, trimmed, NFC", () => {
    expect(plainText("  a\r\nb\rc\u2028d\u2029e\n\n\n \n f  ")).toBe("a\nb\nc\nd\ne\n\n f");
    expect(plainText("e\u0301")).toBe("é");
  });

  it("replaces half a surrogate pair, keeps whole ones", () => {
    expect(plainText("a\uD800b😀")).toBe("a\uFFFDb😀");
  });

  it("knows blank texts and counts code points", () => {
    expect(isBlankText("\u200B \u2060\uFEFF\n")).toBe(true);
    expect(isBlankText(".")).toBe(false);
    expect(textLength("😀é")).toBe(2);
  });
});

describe("cleanText", () => {
  it("required, then element_max after cleaning, en and fr", () => {
    expect(cleanText(" ", "en", 5)).toEqual({ ok: false, message: "This field is required" });
    expect(cleanText(" ", "fr", 5)).toEqual({ ok: false, message: "Ce champ est obligatoire" });
    expect(cleanText("  abcde\u0000  ", "en", 5)).toEqual({ ok: true, text: "abcde" });
    expect(cleanText("abcdef", "en", 5)).toEqual({ ok: false, message: "Limit reached: at most 5 characters." });
    expect(cleanText("abcdef", "fr", 5)).toEqual({ ok: false, message: "Limite atteinte : au plus 5 caractères." });
  });
});
