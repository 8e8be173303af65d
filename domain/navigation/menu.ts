import type { Permission } from "../permissions/permissions.ts";

/**
 * The main menu of SPEC §2 and its filter rule. Pure data and functions: the web adds its own
 * check that a target route exists, and translates `labelKey`.
 *
 * Permission names come from domain/permissions. Filtering only hides entries; every screen still
 * authorizes itself.
 */
export const MENU_GROUPS = ["services", "management", "support"] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** "*" = everyone; otherwise holding at least one of the listed permissions is enough. */
export type MenuAbilities = "*" | readonly Permission[];

export interface MenuItem {
  id: string;
  group: MenuGroup;
  labelKey: string;
  /** Path inside the app (no parameters). */
  to: string;
  abilities: MenuAbilities;
}

export const MENU = [
  // Services
  { id: "webcast-create", group: "services", labelKey: "menu.webcast-create", to: "/webcasts/new", abilities: ["webcasts.create"] },
  { id: "sessions", group: "services", labelKey: "menu.sessions", to: "/sessions", abilities: ["sessions.view"] },
  { id: "sessions-calendar", group: "services", labelKey: "menu.sessions-calendar", to: "/sessions/calendar", abilities: ["sessions.view"] },
  { id: "dashboard", group: "services", labelKey: "menu.dashboard", to: "/home", abilities: "*" },
  // Management
  { id: "organizations", group: "management", labelKey: "menu.organizations", to: "/organizations", abilities: ["organizations.view"] },
  { id: "owners", group: "management", labelKey: "menu.owners", to: "/owners", abilities: ["owners.manage"] },
  { id: "speakers", group: "management", labelKey: "menu.speakers", to: "/speakers", abilities: ["speakers.manage"] },
  { id: "organizers", group: "management", labelKey: "menu.organizers", to: "/organizers", abilities: ["organizers.manage"] },
  { id: "admins", group: "management", labelKey: "menu.admins", to: "/admins", abilities: ["admins.manage"] },
  { id: "participants", group: "management", labelKey: "menu.participants", to: "/participants", abilities: ["viewers.manage"] },
  { id: "media", group: "management", labelKey: "menu.media", to: "/media", abilities: ["media.manage"] },
  { id: "analytics", group: "management", labelKey: "menu.analytics", to: "/analytics", abilities: ["analytics.view"] },
  { id: "notifications", group: "management", labelKey: "menu.notifications", to: "/notifications", abilities: ["notifications.manage"] },
  // Support
  { id: "guides", group: "support", labelKey: "menu.guides", to: "/support/guides", abilities: "*" },
  { id: "participant-guides", group: "support", labelKey: "menu.participant-guides", to: "/support/participant-guides", abilities: "*" },
  { id: "technical-support", group: "support", labelKey: "menu.technical-support", to: "/support/technical-support", abilities: "*" },
  { id: "quick-tour", group: "support", labelKey: "menu.quick-tour", to: "/support/quick-tour", abilities: "*" },
] as const satisfies readonly MenuItem[];

export type MenuEntry = (typeof MENU)[number];
export type MenuLabelKey = MenuEntry["labelKey"];

/**
 * SPEC §2: shown if its abilities are "*" or the user holds at least one of them. A super admin's
 * abilities are ["*"] (see `abilitiesOf`): they hold everything.
 */
export function canSeeMenuItem(abilities: MenuAbilities, userAbilities: readonly string[]): boolean {
  if (abilities === "*" || userAbilities.includes("*")) return true;
  return abilities.some((ability) => userAbilities.includes(ability));
}

/** The items a user may see, in menu order. */
export function visibleMenu<T extends MenuItem>(items: readonly T[], userAbilities: readonly string[]): T[] {
  return items.filter((item) => canSeeMenuItem(item.abilities, userAbilities));
}

/** Items grouped in MENU_GROUPS order; groups left empty are dropped. */
export function groupMenu<T extends MenuItem>(items: readonly T[]): { group: MenuGroup; items: T[] }[] {
  return MENU_GROUPS.map((group) => ({ group, items: items.filter((item) => item.group === group) })).filter(
    (entry) => entry.items.length > 0,
  );
}
