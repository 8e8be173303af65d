import { describe, expect, it } from "vitest";
import { validate } from "../validation/parse.ts";
import { DEFAULT_LIMITS, LIMIT_KEYS, SELF_SERVE_DEFAULT_LIMITS, allowsValue, limitsOf, limitsPatchSchema, limitsSchema, withinLimit } from "./limits.ts";

const managed = { self_serve: false, limits: {} };

describe("limits (SPEC §3)", () => {
  it("names the nine limits of the spec, with defaults for both billing types", () => {
    expect(LIMIT_KEYS).toEqual([
      "max_organizers",
      "max_speakers",
      "max_viewers",
      "max_webcasts",
      "max_simultaneous_webcasts",
      "max_duration",
      "max_media",
      "max_people_per_table",
      "inactivity_timeout",
    ]);
    expect(Object.keys(DEFAULT_LIMITS)).toEqual([...LIMIT_KEYS]);
    expect(Object.keys(SELF_SERVE_DEFAULT_LIMITS)).toEqual([...LIMIT_KEYS]);
  });

  it("merges stored values over the billing type's defaults; explicit null stays unlimited", () => {
    expect(limitsOf(managed)).toEqual(DEFAULT_LIMITS);
    expect(limitsOf({ self_serve: true, limits: {} })).toEqual(SELF_SERVE_DEFAULT_LIMITS);
    const limits = limitsOf({ self_serve: true, limits: { max_speakers: 2, max_viewers: null, bogus: 4, max_media: -1, max_duration: "10" } });
    expect(limits.max_speakers).toBe(2);
    expect(limits.max_viewers).toBeNull();
    expect(limits.max_media).toBe(SELF_SERVE_DEFAULT_LIMITS.max_media);
    expect(limits.max_duration).toBe(SELF_SERVE_DEFAULT_LIMITS.max_duration);
    expect(limits).not.toHaveProperty("bogus");
    expect(limitsOf({ self_serve: false, limits: null })).toEqual(DEFAULT_LIMITS);
  });
});

describe("withinLimit / allowsValue", () => {
  it("is always ok for an unlimited (null) limit", () => {
    expect(withinLimit(managed, "max_speakers", 10_000)).toEqual({ ok: true });
  });
  it("lets the count reach the limit, not pass it", () => {
    const org = { self_serve: false, limits: { max_speakers: 2 } };
    expect(withinLimit(org, "max_speakers", 1)).toEqual({ ok: true });
    expect(withinLimit(org, "max_speakers", 2)).toEqual({ ok: false, limit: 2 });
    expect(withinLimit(org, "max_speakers", 0, 3)).toEqual({ ok: false, limit: 2 });
  });
  it("treats 0 as 'none allowed'", () => {
    expect(withinLimit({ self_serve: false, limits: { max_organizers: 0 } }, "max_organizers", 0)).toEqual({ ok: false, limit: 0 });
  });
  it("compares values such as a duration", () => {
    const org = { self_serve: false, limits: { max_duration: 60 } };
    expect(allowsValue(org, "max_duration", 60)).toEqual({ ok: true });
    expect(allowsValue(org, "max_duration", 61)).toEqual({ ok: false, limit: 60 });
    expect(allowsValue(managed, "max_duration", 100_000)).toEqual({ ok: true });
  });
});

describe("limits schemas", () => {
  it("accepts every limit as a whole number or null", () => {
    expect(validate(limitsSchema, { ...DEFAULT_LIMITS, max_speakers: 5 }, "en").ok).toBe(true);
  });
  it("accepts a partial patch and refuses unknown keys, negatives, decimals and tiny timeouts (en and fr)", () => {
    expect(validate(limitsPatchSchema, { max_speakers: null }, "en")).toEqual({ ok: true, data: { max_speakers: null } });
    const en = validate(limitsPatchSchema, { max_speakers: -1, max_viewers: 1.5, inactivity_timeout: 10, nope: 1 }, "en");
    const fr = validate(limitsPatchSchema, { max_speakers: -1 }, "fr");
    if (en.ok || fr.ok) throw new Error("expected errors");
    expect(Object.keys(en.errors).sort()).toEqual(["_", "inactivity_timeout", "max_speakers", "max_viewers"]);
    expect(en.errors.max_speakers).toEqual(["This field must be 0 or more."]);
    expect(fr.errors.max_speakers).toEqual(["Ce champ doit être supérieur ou égal à 0."]);
    expect(en.errors._).toEqual(["Unknown field: nope."]);
  });
});
