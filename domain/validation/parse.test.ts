import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validate } from "./parse.ts";

const schema = z.object({ name: z.string().min(3), edition: z.object({ start: z.number() }) });

describe("validate", () => {
  it("returns data when valid", () => {
    expect(validate(schema, { name: "abc", edition: { start: 1 } }, "en")).toEqual({
      ok: true,
      data: { name: "abc", edition: { start: 1 } },
    });
  });

  it("maps issues to dotted field paths with messages in the requested language", () => {
    const en = validate(schema, { name: "a", edition: {} }, "en");
    const fr = validate(schema, { name: "a", edition: {} }, "fr");
    expect(en.ok).toBe(false);
    expect(fr.ok).toBe(false);
    if (en.ok || fr.ok) return;
    expect(Object.keys(en.errors).sort()).toEqual(["edition.start", "name"]);
    expect(en.errors.name?.[0]).toMatch(/too small/i);
    expect(fr.errors.name?.[0]).toMatch(/trop petit/i);
  });

  it("has zod's own messages in German, Portuguese and Spanish too (issue #12)", () => {
    const messages = (["de", "pt", "es"] as const).map((locale) => {
      const result = validate(schema, { name: "a", edition: { start: 1 } }, locale);
      return result.ok ? "" : result.errors.name?.[0];
    });
    expect(messages[0]).toMatch(/zu klein/i);
    expect(messages[1]).toMatch(/demasiado pequeno/i);
    expect(messages[2]).toMatch(/demasiado pequeño/i);
  });
});
