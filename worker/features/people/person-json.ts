import type { Person } from "../../../domain/organizations/people.ts";
import type { OrganizationRole } from "../../../domain/permissions/permissions.ts";
import type { users } from "../../db/schema/index.ts";
import { photoUrl } from "../auth/profile.ts";

export type UserRow = typeof users.$inferSelect;

/** A member as the people lists show them (docs/identity-api.md `Person`). */
export function personJson(user: UserRow, role: OrganizationRole): Person {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    role,
    status: user.status,
    email_verified: user.email_verified_at !== null,
    photo: photoUrl(user.photo),
  };
}
