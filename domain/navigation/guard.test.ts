import { describe, expect, it } from "vitest";
import { permissionsFor } from "../permissions/can.ts";
import { type GuardInput, type GuardUser, afterLoginTarget, guardDecision, isPublicPath, loginUrl, safeRedirectPath } from "./guard.ts";

const organizer: GuardUser = {
  is_super_admin: false,
  permissions: permissionsFor([{ organization_id: 1, role: "organizer" }]),
  accounts: [{ id: 1 }],
  onboarding_required: false,
};
const speaker: GuardUser = { ...organizer, permissions: permissionsFor([{ organization_id: 1, role: "speaker" }]) };
const noAccount: GuardUser = { is_super_admin: false, permissions: {}, accounts: [], onboarding_required: false };
const superAdmin: GuardUser = { is_super_admin: true, permissions: {}, accounts: [], onboarding_required: false };

const decide = (input: GuardInput) => guardDecision(input);
const redirect = (to: string) => ({ action: "redirect", to });
const allow = { action: "allow" };

describe("public routes", () => {
  it.each(["/login/sso", "/password/request", "/users/signup", "/users/activation/abc", "/password/reset/tok", "/errors/404", "/errors/403", "/dev/mailbox"])(
    "%s passes without a user",
    (path) => {
      expect(isPublicPath(path)).toBe(true);
      expect(decide({ path, user: null })).toEqual(allow);
    },
  );

  it("passes a route flagged public", () => {
    expect(decide({ path: "/some/public/page", isPublic: true, user: null })).toEqual(allow);
  });

  it("does not treat look-alike paths as public", () => {
    expect(isPublicPath("/users/activation")).toBe(false);
    expect(isPublicPath("/errors")).toBe(false);
    expect(isPublicPath("/loginx")).toBe(false);
  });
});

describe("signed out", () => {
  it("goes to login with the target (and its query) as redirect_url", () => {
    expect(decide({ path: "/profile", user: null })).toEqual(redirect("/login?redirect_url=%2Fprofile"));
    expect(decide({ path: "/sessions", href: "/sessions?page=2", user: null })).toEqual(redirect("/login?redirect_url=%2Fsessions%3Fpage%3D2"));
  });

  it("drops redirect_url for the root", () => {
    expect(decide({ path: "/", user: null })).toEqual(redirect("/login"));
  });

  it("may open login", () => {
    expect(decide({ path: "/login", user: null, redirectUrl: "/profile" })).toEqual(allow);
  });
});

describe("signed in, opening login", () => {
  it("follows a same-origin redirect_url", () => {
    expect(decide({ path: "/login", user: organizer, redirectUrl: "/profile?tab=photo" })).toEqual(redirect("/profile?tab=photo"));
  });

  it("ignores an off-site or looping redirect_url and goes home", () => {
    for (const bad of ["https://evil.test/", "//evil.test", "/\\evil.test", "javascript:alert(1)", "/login?redirect_url=/x", "/\t/evil.test"]) {
      expect(decide({ path: "/login", user: organizer, redirectUrl: bad })).toEqual(redirect("/home"));
    }
  });

  it("goes to onboarding when the user must finish it", () => {
    expect(decide({ path: "/login", user: { ...organizer, onboarding_required: true } })).toEqual(redirect("/onboarding"));
    expect(afterLoginTarget({ onboarding_required: true }, "/profile")).toBe("/profile");
  });

  it("goes home otherwise (trailing slash included)", () => {
    expect(decide({ path: "/login/", user: organizer })).toEqual(redirect("/home"));
  });
});

describe("a user without accounts", () => {
  it.each(["/home", "/profile", "/settings/password"])("may open %s", (path) => {
    expect(decide({ path, user: noAccount })).toEqual(allow);
  });

  it.each(["/organizations", "/sessions", "/", "/webcasts/new"])("is sent home from %s", (path) => {
    expect(decide({ path, user: noAccount })).toEqual(redirect("/home"));
  });

  it("still reaches public pages", () => {
    expect(decide({ path: "/errors/404", user: noAccount })).toEqual(allow);
  });

  it("does not hold a super admin", () => {
    expect(decide({ path: "/organizations", user: superAdmin, permissions: ["organizations.view"] })).toEqual(allow);
  });
});

describe("a user who must finish the sign-up setup (onboarding_required)", () => {
  const newOwner: GuardUser = { ...organizer, permissions: permissionsFor([{ organization_id: 1, role: "owner" }]), onboarding_required: true };

  it.each(["/home", "/profile", "/settings/password", "/sessions", "/organizations", "/", "/nothing/here"])("is sent to onboarding from %s", (path) => {
    expect(decide({ path, user: newOwner, permissions: path === "/organizations" ? ["organizations.view"] : [] })).toEqual(redirect("/onboarding"));
  });

  it("may open onboarding, accounts or not (trailing slash included)", () => {
    expect(decide({ path: "/onboarding", user: newOwner })).toEqual(allow);
    expect(decide({ path: "/onboarding/", user: { ...noAccount, onboarding_required: true } })).toEqual(allow);
  });

  it("still reaches public pages", () => {
    expect(decide({ path: "/errors/404", user: newOwner })).toEqual(allow);
    expect(decide({ path: "/users/signup", user: newOwner })).toEqual(allow);
  });
});

describe("onboarding without anything to set up", () => {
  it.each([
    ["an organizer", organizer],
    ["a user without accounts", noAccount],
    ["a super admin", superAdmin],
  ] as const)("sends %s home", (_who, user) => {
    expect(decide({ path: "/onboarding", user })).toEqual(redirect("/home"));
  });

  it("sends the signed-out to login first", () => {
    expect(decide({ path: "/onboarding", user: null })).toEqual(redirect("/login?redirect_url=%2Fonboarding"));
  });
});

describe("screen permissions", () => {
  it("lets a holder in", () => {
    expect(decide({ path: "/organizations", user: organizer, permissions: ["organizations.view"] })).toEqual(allow);
  });

  it("sends others to the 403 page", () => {
    expect(decide({ path: "/organizations", user: speaker, permissions: ["organizations.view"] })).toEqual(redirect("/errors/403"));
    expect(decide({ path: "/owners", user: organizer, permissions: ["sessions.view", "owners.manage"] })).toEqual(redirect("/errors/403"));
  });
});

describe("helpers", () => {
  it("safeRedirectPath keeps query and hash of a local path", () => {
    expect(safeRedirectPath("/a/b?c=1#d")).toBe("/a/b?c=1#d");
    expect(safeRedirectPath("")).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath("profile")).toBeNull();
  });

  it("loginUrl encodes the target", () => {
    expect(loginUrl("/a b")).toBe("/login?redirect_url=%2Fa%2520b");
    expect(loginUrl(undefined)).toBe("/login");
    expect(loginUrl("//evil.test")).toBe("/login");
  });
});
