import { describe, expect, it } from "vitest";
import { MENU, MENU_GROUPS, type MenuItem, canSeeMenuItem, groupMenu, visibleMenu } from "./menu.ts";

const items: MenuItem[] = [
  { id: "open", group: "support", labelKey: "menu.open", to: "/open", abilities: "*" },
  { id: "create", group: "services", labelKey: "menu.create", to: "/create", abilities: ["webcasts.create"] },
  { id: "either", group: "management", labelKey: "menu.either", to: "/either", abilities: ["owners.manage", "admins.manage"] },
  { id: "nobody", group: "management", labelKey: "menu.nobody", to: "/nobody", abilities: [] },
];

describe("canSeeMenuItem", () => {
  it("shows '*' items to everyone, even without abilities", () => {
    expect(canSeeMenuItem("*", [])).toBe(true);
  });
  it("needs at least one of the listed abilities", () => {
    expect(canSeeMenuItem(["owners.manage", "admins.manage"], ["admins.manage"])).toBe(true);
    expect(canSeeMenuItem(["owners.manage", "admins.manage"], ["media.manage"])).toBe(false);
    expect(canSeeMenuItem(["owners.manage"], [])).toBe(false);
  });
  it("never shows an item whose ability list is empty", () => {
    expect(canSeeMenuItem([], ["owners.manage"])).toBe(false);
  });
  it("shows everything to a super admin (abilities ['*'])", () => {
    expect(canSeeMenuItem(["notifications.manage"], ["*"])).toBe(true);
  });
});

describe("visibleMenu", () => {
  it("keeps only '*' items for a user without abilities", () => {
    expect(visibleMenu(items, []).map((i) => i.id)).toEqual(["open"]);
  });
  it("adds items for any one matching ability, keeping menu order", () => {
    expect(visibleMenu(items, ["admins.manage", "webcasts.create"]).map((i) => i.id)).toEqual(["open", "create", "either"]);
  });
});

describe("groupMenu", () => {
  it("orders groups Services, Management, Support and drops empty ones", () => {
    const groups = groupMenu(visibleMenu(items, ["owners.manage"]));
    expect(groups.map((g) => g.group)).toEqual(["management", "support"]);
    expect(groups[0]?.items.map((i) => i.id)).toEqual(["either"]);
  });
});

describe("MENU", () => {
  it("has unique ids, label keys and targets, in the three SPEC §2 groups", () => {
    expect(new Set(MENU.map((i) => i.id)).size).toBe(MENU.length);
    expect(new Set(MENU.map((i) => i.labelKey)).size).toBe(MENU.length);
    expect(new Set(MENU.map((i) => i.to)).size).toBe(MENU.length);
    expect(groupMenu(MENU).map((g) => g.group)).toEqual([...MENU_GROUPS]);
  });
  it("targets plain in-app paths", () => {
    for (const item of MENU) expect(item.to).toMatch(/^\/[a-z0-9/-]+$/);
  });
});
