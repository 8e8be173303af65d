import type { ProfileUser } from "../../domain/auth/profile-user.ts";
import type { Permission } from "../../domain/permissions/permissions.ts";

/** A signed-in user for component tests; `permissions` lists what they hold in organization 1. */
export function profileUser(permissions: readonly Permission[] = [], overrides: Partial<ProfileUser> = {}): ProfileUser {
  return {
    id: 1,
    name: "Orla Organizer",
    email: "organizer@demo.test",
    first_name: "Orla",
    last_name: "Organizer",
    phone: null,
    company: null,
    title: null,
    organization: null,
    role: null,
    communication_language: "en",
    status: "active",
    photo: null,
    is_super_admin: false,
    permissions: Object.fromEntries(permissions.map((permission) => [permission, [1]])),
    accounts: [{ id: 1, name: "Demo Events", role: "organizer", deactivated: false }],
    onboarding_required: false,
    password_set: true,
    ...overrides,
  };
}
