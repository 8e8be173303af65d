import { env } from "cloudflare:workers";
import type { RouteCase } from "../../test/route-matrix.ts";

/**
 * The organizations routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts).
 * Reads go to "Demo Events" itself; writes go to a fresh copy of it (same members, same roles), so
 * no row changes what another row sees. The owner of "Other Org" is a member of neither: 404.
 */

/** A new organization with exactly the members and roles of "Demo Events" (id 1). */
export async function cloneDemoEvents(values: { deactivated?: boolean } = {}): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO organizations (name, email, deactivated_at) VALUES (?, ?, ?) RETURNING id")
    .bind(`Matrix copy ${crypto.randomUUID().slice(0, 8)}`, "matrix@demo.test", values.deactivated ? new Date().toISOString() : null)
    .first<{ id: number }>();
  if (!row) throw new Error("no organization");
  await env.DB.prepare("INSERT INTO memberships (user_id, organization_id, role) SELECT user_id, ?, role FROM memberships WHERE organization_id = 1")
    .bind(row.id)
    .run();
  return row.id;
}

const MEMBERS_WITHOUT_VIEW = { anonymous: 401, viewer: 403, operator: 403, speaker: 403 } as const;
/** organizations.administer: super admin (and back office, not an actor here). */
const ADMINISTER = { anonymous: 401, other_owner: 404, super_admin: 200, others: 403 } as const;

export const ORGANIZATION_ROUTE_CASES: RouteCase[] = [
  // A list of what the caller may view: empty, never refused, for a member without the permission.
  { route: "GET /api/organizations", request: () => ({ path: "/api/organizations" }), expect: { anonymous: 401, others: 200 } },
  { route: "GET /api/organizations/:id", request: () => ({ path: "/api/organizations/1" }), expect: { ...MEMBERS_WITHOUT_VIEW, other_owner: 404, others: 200 } },
  {
    route: "PATCH /api/organizations/:id",
    request: async () => ({ path: `/api/organizations/${await cloneDemoEvents()}`, method: "PATCH", json: { name: "Matrix renamed" } }),
    expect: { ...MEMBERS_WITHOUT_VIEW, organizer: 403, other_owner: 404, others: 200 },
  },
  {
    route: "PATCH /api/organizations/:id/constraints",
    request: async () => ({ path: `/api/organizations/${await cloneDemoEvents()}/constraints`, method: "PATCH", json: { limits: { max_speakers: 50 } } }),
    expect: ADMINISTER,
  },
  {
    route: "PATCH /api/organizations/:id/features",
    request: async () => ({ path: `/api/organizations/${await cloneDemoEvents()}/features`, method: "PATCH", json: { features: { allow_events: true } } }),
    expect: ADMINISTER,
  },
  {
    route: "POST /api/organizations/:id/deactivate",
    request: async () => ({ path: `/api/organizations/${await cloneDemoEvents()}/deactivate`, method: "POST" }),
    expect: ADMINISTER,
  },
  {
    // Reactivation goes through sales: super admin only (the back office gets 403 too).
    route: "POST /api/organizations/:id/activate",
    request: async () => ({ path: `/api/organizations/${await cloneDemoEvents({ deactivated: true })}/activate`, method: "POST" }),
    expect: ADMINISTER,
  },
  {
    route: "POST /api/organizations/:id/self-serve",
    request: async () => ({ path: `/api/organizations/${await cloneDemoEvents()}/self-serve`, method: "POST", json: { self_serve: true, confirm: true } }),
    expect: ADMINISTER,
  },
];
