/** Demo data for local use only (README "Demo logins"). One password for every demo account. */
export const DEMO_PASSWORD = "Demo-pass-2026!";

export const DEMO_ORGANIZATIONS = [
  { id: 1, name: "Demo Events", email: "contact@demo.test" },
  { id: 2, name: "Other Org", email: "contact@other.test" },
] as const;

type Role = "owner" | "admin" | "organizer" | "speaker" | "operator" | "viewer";

export const DEMO_USERS: ReadonlyArray<{
  email: string;
  first_name: string;
  last_name: string;
  organization_id: number | null;
  role: Role | null;
  is_super_admin?: boolean;
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
];
