/**
 * Permission names and the per-role matrix (SPEC §6 does not show it; decided here and recorded in
 * docs/decisions.md). One table, read by the worker (authority) and the web (menu, buttons, guard).
 */
export const PERMISSIONS = [
  // Services
  "sessions.view",
  "webcasts.view",
  "webcasts.create",
  "webcasts.update",
  "webcasts.delete",
  "control_room.manage",
  "slides.manage",
  "polls.manage",
  "questions.manage",
  "viewers.manage",
  "analytics.view",
  "meetings.manage",
  "meetings.operate",
  "streaming_channels.manage",
  "events.manage",
  "media.manage",
  // Management
  "organizations.view",
  "organizations.update",
  "organizations.administer",
  "billing.manage",
  "owners.manage",
  "admins.manage",
  "organizers.manage",
  "speakers.manage",
  "users.send_emails",
  "users.change_role",
  "notifications.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Producer permissions (SPEC §6): besides the organization permission, a speaker flagged
 * `is_producer` on that webcast also qualifies.
 */
export const PRODUCER_PERMISSIONS: ReadonlySet<Permission> = new Set<Permission>([
  "control_room.manage",
  "slides.manage",
  "polls.manage",
  "questions.manage",
]);

/** Roles a user holds in one organization, from most to least powerful. */
export const ORGANIZATION_ROLES = ["owner", "admin", "organizer", "speaker", "operator", "viewer"] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** The one role that is not tied to an organization membership (back office, all organizations). */
export type GlobalRole = "back_office";

const ORGANIZER: readonly Permission[] = [
  "sessions.view",
  "webcasts.view",
  "webcasts.create",
  "webcasts.update",
  "webcasts.delete",
  "control_room.manage",
  "slides.manage",
  "polls.manage",
  "questions.manage",
  "viewers.manage",
  "analytics.view",
  "meetings.manage",
  "meetings.operate",
  "streaming_channels.manage",
  "events.manage",
  "media.manage",
  "organizations.view",
  "speakers.manage",
];
const ADMIN: readonly Permission[] = [...ORGANIZER, "organizations.update", "organizers.manage", "admins.manage", "users.send_emails", "users.change_role"];
const OWNER: readonly Permission[] = [...ADMIN, "owners.manage", "billing.manage"];

export const ROLE_PERMISSIONS: Record<OrganizationRole | GlobalRole, readonly Permission[]> = {
  owner: OWNER,
  admin: ADMIN,
  organizer: ORGANIZER,
  // Speakers see the sessions they speak in; producer rights come per webcast (is_producer).
  speaker: ["sessions.view"],
  operator: ["sessions.view", "meetings.operate"],
  viewer: [],
  back_office: ["organizations.view", "organizations.update", "organizations.administer", "notifications.manage", "users.send_emails"],
};

/** Rank for "equal or higher role" checks (SPEC §5): lower index = higher role. */
export function roleRank(role: OrganizationRole): number {
  return ORGANIZATION_ROLES.indexOf(role);
}

/** True when `held` is the same as or above `wanted` (owner > admin > organizer > speaker > operator > viewer). */
export function isEqualOrHigherRole(held: OrganizationRole, wanted: OrganizationRole): boolean {
  return roleRank(held) <= roleRank(wanted);
}
