import { describe, expect, it } from "vitest";
import { validate } from "../validation/parse.ts";
import { DEFAULT_FEATURES } from "./features.ts";
import { DEFAULT_LIMITS, SELF_SERVE_DEFAULT_LIMITS } from "./limits.ts";
import { canCreateServices, changedAdministeredFields, deactivation, organizationUpdateSchema, selfServeChangeSchema, selfServeReset } from "./organization.ts";

describe("organizationUpdateSchema", () => {
  it("accepts a partial update, trims, and turns emptied inputs into null", () => {
    const result = validate(organizationUpdateSchema("en"), { name: "  Acme ", email: "", phone: " ", rate_per_minute_live: 1.25 }, "en");
    expect(result).toEqual({ ok: true, data: { name: "Acme", email: null, phone: null, rate_per_minute_live: 1.25 } });
    // An unknown field is refused, not dropped (docs/security.md "Request bodies").
    expect(validate(organizationUpdateSchema("en"), { name: "Acme", id: 99 }, "en")).toEqual({ ok: false, errors: { _: ["Unknown field: id."] } });
  });

  it("refuses a blank name with the spec's message in en and fr", () => {
    const en = validate(organizationUpdateSchema("en"), { name: "   " }, "en");
    const fr = validate(organizationUpdateSchema("fr"), { name: null }, "fr");
    if (en.ok || fr.ok) throw new Error("expected errors");
    expect(en.errors.name).toEqual(["The organization name is required."]);
    expect(fr.errors.name).toEqual(["Le nom de l'organisation est obligatoire."]);
  });

  it("checks e-mail, dates, periods and rates", () => {
    const result = validate(
      organizationUpdateSchema("en"),
      { email: "nope", billing_start_date: "2026-13-01", subscription_period: "weekly", rate_per_minute_vod: -1, billable_organizers: 1.5 },
      "en",
    );
    if (result.ok) throw new Error("expected errors");
    expect(Object.keys(result.errors).sort()).toEqual(["billable_organizers", "billing_start_date", "email", "rate_per_minute_vod", "subscription_period"]);
  });
});

describe("changedAdministeredFields", () => {
  const current = {
    sales_rep: "Sam",
    is_billable: true,
    billing_start_date: null,
    subscription_period: "monthly",
    rate_per_minute_live: 1,
    rate_per_minute_vod: null,
    rate_per_organizer: null,
    billable_organizers: 3,
  };
  it("lets the same values through (forms send whole tabs) and names the changed ones", () => {
    expect(changedAdministeredFields(current, { name: "x", sales_rep: "Sam", is_billable: true, rate_per_minute_live: 1 })).toEqual([]);
    expect(changedAdministeredFields(current, { is_billable: false, rate_per_minute_vod: 2, phone: "1" })).toEqual(["is_billable", "rate_per_minute_vod"]);
  });
});

describe("organization state (SPEC §4)", () => {
  it("stops service creation and billing when deactivated", () => {
    expect(canCreateServices({ deactivated_at: null })).toBe(true);
    const change = deactivation(new Date("2026-01-02T03:04:05Z"));
    expect(change).toEqual({ deactivated_at: "2026-01-02T03:04:05.000Z", is_billable: false });
    expect(canCreateServices(change)).toBe(false);
  });

  it("resets billing terms, limits and features to the new billing type's defaults", () => {
    const toSelfServe = selfServeReset(true);
    expect(toSelfServe).toMatchObject({ self_serve: true, is_billable: false, sales_rep: null, rate_per_minute_live: null, subscription_period: null });
    expect(toSelfServe.limits).toEqual(SELF_SERVE_DEFAULT_LIMITS);
    expect(toSelfServe.features).toEqual(DEFAULT_FEATURES);
    expect(selfServeReset(false).limits).toEqual(DEFAULT_LIMITS);
    expect(toSelfServe).not.toHaveProperty("name");
    expect(toSelfServe).not.toHaveProperty("identity_provider");
  });

  it("needs confirm: true to change the billing type, explained in en and fr", () => {
    expect(validate(selfServeChangeSchema("en"), { self_serve: true, confirm: true }, "en").ok).toBe(true);
    const en = validate(selfServeChangeSchema("en"), { self_serve: true }, "en");
    const fr = validate(selfServeChangeSchema("fr"), { self_serve: true, confirm: false }, "fr");
    if (en.ok || fr.ok) throw new Error("expected errors");
    expect(en.errors.confirm?.[0]).toMatch(/^Changing the billing type resets/);
    expect(fr.errors.confirm?.[0]).toMatch(/^Changer le type de facturation/);
  });
});
