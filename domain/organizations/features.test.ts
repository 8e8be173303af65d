import { describe, expect, it } from "vitest";
import { validate } from "../validation/parse.ts";
import { DEFAULT_FEATURES, FEATURE_FLAGS, FEATURE_FLAGS_WITH_WARNING, WEBCAST_FEATURE_FLAGS, featuresOf, featuresPatchSchema, featuresSchema, hasFeature } from "./features.ts";

describe("feature flags (SPEC §3)", () => {
  it("has the 24 flags of the spec, each with a default", () => {
    expect(FEATURE_FLAGS).toHaveLength(24);
    expect(new Set(FEATURE_FLAGS).size).toBe(24);
    expect(Object.keys(DEFAULT_FEATURES)).toEqual([...FEATURE_FLAGS]);
    expect(FEATURE_FLAGS_WITH_WARNING.has("allow_embed_event_activities")).toBe(true);
    for (const flag of WEBCAST_FEATURE_FLAGS) expect(FEATURE_FLAGS).toContain(flag);
  });

  it("turns webcasts, video content and the registration e-mail on by default, the rest off", () => {
    const on = FEATURE_FLAGS.filter((flag) => DEFAULT_FEATURES[flag]);
    expect(on).toEqual(["allow_webcasts", "allow_video_content", "send_registration_email"]);
  });

  it("reads stored flags over the defaults, ignoring unknown or non-boolean entries", () => {
    const org = { self_serve: false, features: { allow_events: true, allow_webcasts: false, allow_sms: "yes", bogus: true } };
    expect(hasFeature(org, "allow_events")).toBe(true);
    expect(hasFeature(org, "allow_webcasts")).toBe(false);
    expect(hasFeature(org, "allow_sms")).toBe(false);
    expect(hasFeature({ self_serve: false, features: {} }, "allow_webcasts")).toBe(true);
    expect(featuresOf(org)).not.toHaveProperty("bogus");
  });

  it("validates full and partial flag objects, refusing unknown flags", () => {
    expect(validate(featuresSchema, DEFAULT_FEATURES, "en").ok).toBe(true);
    expect(validate(featuresPatchSchema, { allow_events: true }, "en")).toEqual({ ok: true, data: { allow_events: true } });
    const result = validate(featuresPatchSchema, { allow_events: "yes", allow_teleport: true }, "fr");
    if (result.ok) throw new Error("expected errors");
    expect(Object.keys(result.errors).sort()).toEqual(["_", "allow_events"]);
  });
});
