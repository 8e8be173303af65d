import { DEFAULT_FEATURES, type Features, WEBCAST_FEATURE_FLAGS } from "../../../domain/organizations/features.ts";
import { DEFAULT_LIMITS, type Limits } from "../../../domain/organizations/limits.ts";
import type { OrganizationRole } from "../../../domain/permissions/permissions.ts";

/** Demo data for local use only (README "Demo logins"). One password for every demo account. */
export const DEMO_PASSWORD = "Demo-pass-2026!";

/** "Demo Events" runs every webcast feature, so each webcast screen can be tried locally. */
const DEMO_EVENTS_FEATURES: Features = { ...DEFAULT_FEATURES, ...Object.fromEntries(WEBCAST_FEATURE_FLAGS.map((flag) => [flag, true])) };

/** Sales-managed organizations with explicit limits and flags (the domain defaults, written out). */
export const DEMO_ORGANIZATIONS: ReadonlyArray<{ id: number; name: string; email: string; limits: Limits; features: Features }> = [
  { id: 1, name: "Demo Events", email: "contact@demo.test", limits: { ...DEFAULT_LIMITS }, features: DEMO_EVENTS_FEATURES },
  { id: 2, name: "Other Org", email: "contact@other.test", limits: { ...DEFAULT_LIMITS }, features: { ...DEFAULT_FEATURES } },
];

export const DEMO_USERS: ReadonlyArray<{
  email: string;
  first_name: string;
  last_name: string;
  organization_id: number | null;
  role: OrganizationRole | null;
  is_super_admin?: boolean;
  /** Default "active" (e-mail verified). A pending account has not confirmed its e-mail: login is refused. */
  status?: "active" | "pending";
  note: string;
}> = [
  { email: "owner@demo.test", first_name: "Olivia", last_name: "Owner", organization_id: 1, role: "owner", note: "owner of Demo Events" },
  { email: "admin@demo.test", first_name: "Adam", last_name: "Admin", organization_id: 1, role: "admin", note: "admin of Demo Events" },
  { email: "organizer@demo.test", first_name: "Orla", last_name: "Organizer", organization_id: 1, role: "organizer", note: "organizer of Demo Events" },
  { email: "producer@demo.test", first_name: "Pablo", last_name: "Producer", organization_id: 1, role: "speaker", note: "speaker, producer of the demo webcasts" },
  { email: "speaker@demo.test", first_name: "Sofia", last_name: "Speaker", organization_id: 1, role: "speaker", note: "speaker of Demo Events" },
  { email: "operator@demo.test", first_name: "Omar", last_name: "Operator", organization_id: 1, role: "operator", note: "meeting operator of Demo Events" },
  { email: "viewer@demo.test", first_name: "Vera", last_name: "Viewer", organization_id: 1, role: "viewer", note: "viewer of Demo Events" },
  { email: "owner@other.test", first_name: "Otto", last_name: "Other", organization_id: 2, role: "owner", note: "owner of Other Org (another tenant)" },
  { email: "superadmin@demo.test", first_name: "Super", last_name: "Admin", organization_id: null, role: null, is_super_admin: true, note: "super admin" },
  {
    email: "pending@demo.test",
    first_name: "Paula",
    last_name: "Pending",
    organization_id: 1,
    role: "speaker",
    status: "pending",
    note: "speaker of Demo Events who has not confirmed the e-mail yet: login refused until activation",
  },
  {
    email: "noaccount@demo.test",
    first_name: "Noah",
    last_name: "Noaccount",
    organization_id: null,
    role: null,
    note: "active user without accounts (no organization): only home, profile and password open",
  },
];
