import { describe, expect, it } from "vitest";
import { MENU } from "../navigation/menu.ts";
import { abilitiesOf, can, canForWebcast, permissionsFor } from "./can.ts";
import { PERMISSIONS, ROLE_PERMISSIONS, isEqualOrHigherRole } from "./permissions.ts";

const organizer = { id: 7, is_super_admin: false, permissions: permissionsFor([{ organization_id: 1, role: "organizer" }]) };
const speaker = { id: 8, is_super_admin: false, permissions: permissionsFor([{ organization_id: 1, role: "speaker" }]) };
const superAdmin = { id: 9, is_super_admin: true, permissions: {} };

describe("can (SPEC §6)", () => {
  it("lets a super admin pass every check", () => {
    expect(can(superAdmin, "billing.manage", 123)).toBe(true);
  });
  it("holds a permission when its organization list is non-empty", () => {
    expect(can(organizer, "webcasts.create")).toBe(true);
    expect(can(organizer, "owners.manage")).toBe(false);
    expect(can({ is_super_admin: false, permissions: { "webcasts.create": [] } }, "webcasts.create")).toBe(false);
  });
  it("needs the organization id in the list for a specific organization", () => {
    expect(can(organizer, "webcasts.create", 1)).toBe(true);
    expect(can(organizer, "webcasts.create", 2)).toBe(false);
  });
  it("refuses a missing user", () => {
    expect(can(null, "sessions.view")).toBe(false);
  });
});

describe("canForWebcast", () => {
  const webcast = { organization_id: 1, speakers: [{ id: 8, is_producer: true }] };
  it("applies the organization permission", () => {
    expect(canForWebcast(organizer, "webcasts.update", webcast)).toBe(true);
    expect(canForWebcast(organizer, "webcasts.update", { ...webcast, organization_id: 2 })).toBe(false);
  });
  it("lets a producer speaker through for producer permissions only", () => {
    expect(canForWebcast(speaker, "polls.manage", webcast)).toBe(true);
    expect(canForWebcast(speaker, "control_room.manage", webcast)).toBe(true);
    expect(canForWebcast(speaker, "webcasts.update", webcast)).toBe(false);
  });
  it("does not for a speaker who is not the producer", () => {
    expect(canForWebcast(speaker, "polls.manage", { ...webcast, speakers: [{ id: 8, is_producer: false }] })).toBe(false);
  });
});

describe("the role matrix", () => {
  it("names only known permissions", () => {
    for (const permissions of Object.values(ROLE_PERMISSIONS)) for (const p of permissions) expect(PERMISSIONS).toContain(p);
  });
  it("nests owner ⊃ admin ⊃ organizer", () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(expect.arrayContaining([...ROLE_PERMISSIONS.admin]));
    expect(ROLE_PERMISSIONS.admin).toEqual(expect.arrayContaining([...ROLE_PERMISSIONS.organizer]));
  });
  it("gives plan changes to owners only (SPEC §6)", () => {
    const holders = Object.entries(ROLE_PERMISSIONS).filter(([, p]) => p.includes("billing.manage")).map(([role]) => role);
    expect(holders).toEqual(["owner"]);
  });
  it("ranks roles for the 'equal or higher role' rule", () => {
    expect(isEqualOrHigherRole("owner", "admin")).toBe(true);
    expect(isEqualOrHigherRole("admin", "admin")).toBe(true);
    expect(isEqualOrHigherRole("speaker", "organizer")).toBe(false);
  });
  it("gives every menu entry's abilities to some role", () => {
    const granted = new Set(Object.values(ROLE_PERMISSIONS).flat());
    for (const item of MENU) if (item.abilities !== "*") expect(item.abilities.some((a) => granted.has(a)), item.id).toBe(true);
  });
});

describe("permissionsFor and abilitiesOf", () => {
  it("maps roles in several organizations to permission → sorted ids", () => {
    const map = permissionsFor([
      { organization_id: 3, role: "admin" },
      { organization_id: 1, role: "organizer" },
    ]);
    expect(map["webcasts.create"]).toEqual([1, 3]);
    expect(map["admins.manage"]).toEqual([3]);
    expect(map["owners.manage"]).toBeUndefined();
  });
  it("gives back-office permissions in every organization", () => {
    const map = permissionsFor([], ["back_office"], [1, 2]);
    expect(map["organizations.administer"]).toEqual([1, 2]);
    expect(map["webcasts.create"]).toBeUndefined();
  });
  it("lists abilities held somewhere; a super admin holds '*'", () => {
    expect(abilitiesOf(speaker)).toEqual(["sessions.view"]);
    expect(abilitiesOf(superAdmin)).toEqual(["*"]);
    expect(abilitiesOf(null)).toEqual([]);
  });
});
