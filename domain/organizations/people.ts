import { z } from "zod";
import type { OrganizationRole, Permission } from "../permissions/permissions.ts";
import type { LimitKey } from "./limits.ts";

/**
 * The one people list of SPEC §2 (/speakers, /organizers, /admins, /owners), told apart by kind.
 * A kind is the organization role of the people it lists.
 */
export const PERSON_KINDS = ["speaker", "organizer", "admin", "owner"] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

/** SPEC §3 user as a people list shows it (docs/identity-api.md `Person`). */
export interface Person {
  id: number;
  name: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: OrganizationRole;
  status: "pending" | "active" | "disabled";
  email_verified: boolean;
  /** URL of the profile photo, or null. */
  photo: string | null;
}

export function isPersonKind(role: string): role is PersonKind {
  return (PERSON_KINDS as readonly string[]).includes(role);
}

/** The permission needed to list, add or remove people of a kind (`<kind>s.manage`). */
export function managePermission(kind: PersonKind): Permission {
  return `${kind}s.manage`;
}

/**
 * The limit a role counts against: owners, admins and organizers all create and run services, so
 * they share max_organizers; other roles are not limited here (max_speakers counts the speakers
 * of one webcast — the plan grid's "speakers per webcast" — see domain/speakers/mutators.ts).
 */
export function limitKeyForRole(role: OrganizationRole): LimitKey | null {
  if (role === "owner" || role === "admin" || role === "organizer") return "max_organizers";
  return null;
}

/** Roles counted by a limit (the inverse of `limitKeyForRole`). */
export function rolesCountedBy(key: LimitKey): OrganizationRole[] {
  if (key === "max_organizers") return ["owner", "admin", "organizer"];
  return [];
}

/**
 * The limit to check when a member's role goes from `from` (null: not a member yet) to `to`: the
 * new role's limit, unless the member already counted against it (organizer → admin adds nobody).
 */
export function limitToCheck(from: OrganizationRole | null, to: OrganizationRole): LimitKey | null {
  const key = limitKeyForRole(to);
  if (key === null || (from !== null && limitKeyForRole(from) === key)) return null;
  return key;
}

/** Query of GET /api/organizations/{id}/people. */
export const peopleQuerySchema = z.object({
  kind: z.enum(PERSON_KINDS),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().trim().max(255).optional(),
});

const optionalName = z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), z.string().trim().max(100).optional());

/** Body of POST /api/organizations/{id}/people (add or invite). */
export const addPersonSchema = z.strictObject({
  kind: z.enum(PERSON_KINDS),
  email: z.string().trim().toLowerCase().pipe(z.email().max(255)),
  first_name: optionalName,
  last_name: optionalName,
});

/** Body of PATCH /api/organizations/{id}/people/{userId}. */
export const changeRoleSchema = z.strictObject({ role: z.enum(PERSON_KINDS) });
