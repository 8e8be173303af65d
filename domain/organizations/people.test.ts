import { describe, expect, it } from "vitest";
import { ROLE_PERMISSIONS } from "../permissions/permissions.ts";
import { validate } from "../validation/parse.ts";
import { LIMIT_KEYS } from "./limits.ts";
import { limitReachedMessage, organizationMessage } from "./messages.ts";
import { PERSON_KINDS, addPersonSchema, limitKeyForRole, limitToCheck, managePermission, peopleQuerySchema, rolesCountedBy } from "./people.ts";

describe("people kinds (SPEC §2)", () => {
  it("maps each kind to its manage permission, held by some role", () => {
    expect(PERSON_KINDS.map(managePermission)).toEqual(["speakers.manage", "organizers.manage", "admins.manage", "owners.manage"]);
    for (const kind of PERSON_KINDS) expect(ROLE_PERMISSIONS.owner).toContain(managePermission(kind));
  });

  it("counts owners, admins and organizers against max_organizers; speakers are counted per webcast, not here", () => {
    expect(rolesCountedBy("max_organizers").map(limitKeyForRole)).toEqual(["max_organizers", "max_organizers", "max_organizers"]);
    expect(limitKeyForRole("speaker")).toBeNull();
    expect(rolesCountedBy("max_speakers")).toEqual([]);
    expect(limitKeyForRole("viewer")).toBeNull();
    expect(rolesCountedBy("max_viewers")).toEqual([]);
  });

  it("checks a limit only when the member starts counting against it", () => {
    expect(limitToCheck(null, "speaker")).toBeNull();
    expect(limitToCheck("viewer", "organizer")).toBe("max_organizers");
    expect(limitToCheck("speaker", "organizer")).toBe("max_organizers");
    expect(limitToCheck("organizer", "admin")).toBeNull();
    expect(limitToCheck("organizer", "viewer")).toBeNull();
  });
});

describe("people schemas", () => {
  it("normalizes the e-mail and drops empty names", () => {
    expect(validate(addPersonSchema, { kind: "speaker", email: " New@Example.COM ", first_name: "", last_name: " Doe " }, "en")).toEqual({
      ok: true,
      data: { kind: "speaker", email: "new@example.com", last_name: "Doe" },
    });
  });
  it("refuses an unknown kind and a bad e-mail, in en and fr", () => {
    const en = validate(addPersonSchema, { kind: "viewer", email: "nope" }, "en");
    const fr = validate(addPersonSchema, { kind: "viewer", email: "nope" }, "fr");
    if (en.ok || fr.ok) throw new Error("expected errors");
    expect(Object.keys(en.errors).sort()).toEqual(["email", "kind"]);
    expect(en.errors.email).toEqual(["This field must be a valid e-mail address."]);
    expect(fr.errors.email).toEqual(["Ce champ doit être une adresse e-mail valide."]);
  });
  it("defaults the page to 1", () => {
    expect(validate(peopleQuerySchema, { kind: "owner" }, "en")).toEqual({ ok: true, data: { kind: "owner", page: 1 } });
  });
});

describe("messages", () => {
  it("has a limit-reached message per limit in en and fr", () => {
    for (const key of LIMIT_KEYS) {
      expect(limitReachedMessage(key, 7, "en")).toContain("7");
      expect(limitReachedMessage(key, 7, "fr")).toContain("7");
      expect(limitReachedMessage(key, 7, "fr")).not.toBe(limitReachedMessage(key, 7, "en"));
    }
    expect(organizationMessage("deactivated", "fr")).toMatch(/désactivée/);
    expect(organizationMessage("change_role_forbidden", "en")).toMatch(/not authorized to change/);
  });
});
