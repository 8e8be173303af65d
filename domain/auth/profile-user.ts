import type { OrganizationRole, Permission } from "../permissions/permissions.ts";

/** SPEC §3 User as GET /api/profile and POST /login return it (docs/identity-api.md). */
export interface ProfileUser {
  id: number;
  name: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  company: string | null;
  title: string | null;
  organization: string | null;
  role: string | null;
  communication_language: "en" | "fr";
  status: "pending" | "active" | "disabled";
  /** URL of the profile photo, or null. */
  photo: string | null;
  is_super_admin: boolean;
  permissions: Partial<Record<Permission, readonly number[]>>;
  accounts: readonly { id: number; name: string; role: OrganizationRole; deactivated: boolean }[];
  onboarding_required: boolean;
  password_set: boolean;
}
