import { type GlobalRole, type OrganizationRole, type Permission, PRODUCER_PERMISSIONS, ROLE_PERMISSIONS } from "./permissions.ts";

/** What `can` needs of a user: the SPEC §3 fields, as GET /api/profile returns them. */
export interface PermissionSubject {
  is_super_admin: boolean;
  /** Permission name → organization ids where it is held. */
  permissions: Partial<Record<string, readonly number[]>>;
}

/**
 * SPEC §6. Super admin passes every check. Otherwise the permission is held when its list of
 * organization ids is non-empty; for a specific organization, that id must be in the list.
 * Pure: the worker calls it as the authority, the web for menus, buttons and the route guard.
 */
export function can(user: PermissionSubject | null | undefined, permission: Permission, organizationId?: number): boolean {
  if (!user) return false;
  if (user.is_super_admin) return true;
  const ids = user.permissions[permission];
  if (!ids || ids.length === 0) return false;
  return organizationId === undefined || ids.includes(organizationId);
}

/** A webcast as far as permissions go: its organization and its speakers. */
export interface PermissionWebcast {
  organization_id: number;
  speakers: readonly { id: number; is_producer: boolean }[];
}

/** A webcast and its speaker rows (`user_id`, `is_producer`) as permissions see it. */
export function permissionWebcast(webcast: { organization_id: number }, speakers: readonly { user_id: number; is_producer: boolean }[]): PermissionWebcast {
  return { organization_id: webcast.organization_id, speakers: speakers.map((speaker) => ({ id: speaker.user_id, is_producer: speaker.is_producer })) };
}

/**
 * SPEC §6 for a webcast: the organization permission applies; for producer permissions a speaker
 * flagged `is_producer` on that webcast also qualifies.
 */
export function canForWebcast(
  user: (PermissionSubject & { id: number }) | null | undefined,
  permission: Permission,
  webcast: PermissionWebcast,
): boolean {
  if (can(user, permission, webcast.organization_id)) return true;
  if (!user || !PRODUCER_PERMISSIONS.has(permission)) return false;
  return webcast.speakers.some((speaker) => speaker.id === user.id && speaker.is_producer);
}

/**
 * Builds the SPEC §3 `permissions` map (permission → organization ids) from a user's roles.
 * `allOrganizationIds` is used for the back-office role, which applies to every organization.
 */
export function permissionsFor(
  memberships: readonly { organization_id: number; role: OrganizationRole }[],
  globalRoles: readonly GlobalRole[] = [],
  allOrganizationIds: readonly number[] = [],
): Partial<Record<Permission, number[]>> {
  const map: Partial<Record<Permission, Set<number>>> = {};
  const grant = (permission: Permission, organizationId: number) => {
    (map[permission] ??= new Set()).add(organizationId);
  };
  for (const membership of memberships) {
    for (const permission of ROLE_PERMISSIONS[membership.role]) grant(permission, membership.organization_id);
  }
  for (const role of globalRoles) {
    for (const permission of ROLE_PERMISSIONS[role]) for (const id of allOrganizationIds) grant(permission, id);
  }
  const result: Partial<Record<Permission, number[]>> = {};
  for (const [permission, ids] of Object.entries(map) as [Permission, Set<number>][]) result[permission] = [...ids].sort((a, b) => a - b);
  return result;
}

/** Permission names the user holds somewhere: the "abilities" the menu filters on (SPEC §2). */
export function abilitiesOf(user: PermissionSubject | null | undefined): string[] {
  if (!user) return [];
  if (user.is_super_admin) return ["*"];
  return Object.entries(user.permissions)
    .filter(([, ids]) => (ids?.length ?? 0) > 0)
    .map(([permission]) => permission);
}
