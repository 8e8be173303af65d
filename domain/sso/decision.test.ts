import { describe, expect, it } from "vitest";
import { ssoDecision } from "./decision.ts";

const active = { status: "active" } as const;
const pending = { status: "pending" } as const;
const disabled = { status: "disabled" } as const;
const member = { role: "organizer" } as const;

describe("ssoDecision (SPEC §4 SSO modes)", () => {
  it("off refuses everyone", () => {
    expect(ssoDecision("off", active, member)).toEqual({ kind: "refuse", reason: "sso_off" });
    expect(ssoDecision("off", null, null)).toEqual({ kind: "refuse", reason: "sso_off" });
  });

  it("open signs members in, adds existing users as viewers and creates new users as viewers", () => {
    expect(ssoDecision("open", active, member)).toEqual({ kind: "sign_in", activate: false });
    expect(ssoDecision("open", active, null)).toEqual({ kind: "join", role: "viewer", activate: false });
    expect(ssoDecision("open", null, null)).toEqual({ kind: "create", role: "viewer" });
  });

  it("restricted signs in existing members only", () => {
    expect(ssoDecision("restricted", active, member)).toEqual({ kind: "sign_in", activate: false });
    expect(ssoDecision("restricted", active, null)).toEqual({ kind: "refuse", reason: "not_a_member" });
    expect(ssoDecision("restricted", null, null)).toEqual({ kind: "refuse", reason: "not_a_member" });
  });

  it("activates a pending account (the provider vouched for the e-mail) and always refuses a disabled one", () => {
    expect(ssoDecision("restricted", pending, member)).toEqual({ kind: "sign_in", activate: true });
    expect(ssoDecision("open", pending, null)).toEqual({ kind: "join", role: "viewer", activate: true });
    expect(ssoDecision("open", disabled, member)).toEqual({ kind: "refuse", reason: "disabled" });
    expect(ssoDecision("restricted", disabled, member)).toEqual({ kind: "refuse", reason: "disabled" });
  });
});
