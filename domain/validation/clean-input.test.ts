import { describe, expect, it } from "vitest";
import { MAX_INPUT_DEPTH, cleanInput } from "./clean-input.ts";

describe("cleanInput", () => {
  it("normalises every string to NFC, keys included, deep in lists and objects", () => {
    const decomposed = "Cafe\u0301"; // "Café" typed as e + combining acute accent
    expect(cleanInput({ title: decomposed, tags: [decomposed], nested: { [decomposed]: 1 } }, "en")).toEqual({
      ok: true,
      value: { title: "Café", tags: ["Café"], nested: { Café: 1 } },
    });
    expect(cleanInput({ n: 1, b: true, none: null }, "en")).toEqual({ ok: true, value: { n: 1, b: true, none: null } });
  });

  it("refuses a NUL character and lone surrogates with a field error at their path", () => {
    expect(cleanInput({ title: "a\u0000b" }, "en")).toEqual({ ok: false, errors: { title: [expect.stringContaining("cannot be stored")] } });
    expect(cleanInput({ list: ["ok", "\uD800"] }, "fr")).toEqual({ ok: false, errors: { "list.1": [expect.stringContaining("impossibles à enregistrer")] } });
    expect(cleanInput({ a: { b: "x\uDC00" } }, "en")).toMatchObject({ ok: false, errors: { "a.b": [expect.any(String)] } });
    expect(cleanInput("\u0000", "en")).toMatchObject({ ok: false, errors: { _: [expect.any(String)] } });
    expect(cleanInput({ "k\u0000": 1 }, "en")).toMatchObject({ ok: false, errors: { _: [expect.any(String)] } });
    // A whole surrogate pair is a character like any other.
    expect(cleanInput({ emoji: "🎉" }, "en")).toEqual({ ok: true, value: { emoji: "🎉" } });
  });

  it("refuses input nested deeper than the limit, without recursing through all of it", () => {
    let deep: unknown = "end";
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const result = cleanInput({ deep }, "en");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual([["deep", ...Array.from({ length: MAX_INPUT_DEPTH - 1 }, () => "0")].join(".")]);
  });
});
