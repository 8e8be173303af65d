import { env } from "cloudflare:workers";
import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";

/**
 * The people routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts).
 * Each write goes to a fresh copy of "Demo Events" (organizations/route-cases.ts) with a fresh
 * target person, so rows do not see each other's changes.
 */

/** A new member of `organizationId` (pending and unverified when asked). */
async function newMember(organizationId: number, role: string, status: "active" | "pending" = "active"): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO users (email, name, status, email_verified_at) VALUES (?, ?, ?, ?) RETURNING id")
    .bind(`matrix-${crypto.randomUUID().slice(0, 8)}@demo.test`, "Matrix Person", status, status === "active" ? new Date().toISOString() : null)
    .first<{ id: number }>();
  if (!row) throw new Error("no user");
  await env.DB.prepare("INSERT INTO memberships (user_id, organization_id, role) VALUES (?, ?, ?)").bind(row.id, organizationId, role).run();
  return row.id;
}

const personPath = async (suffix = "", status: "active" | "pending" = "active") => {
  const id = await cloneDemoEvents();
  return `/api/organizations/${id}/people/${await newMember(id, "speaker", status)}${suffix}`;
};

/** Speakers are managed by organizers and up. */
const SPEAKERS_MANAGE = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;
/** users.change_role and users.send_emails: admins, owners (and the super admin). */
const ADMINS_ONLY = { ...SPEAKERS_MANAGE, organizer: 403 } as const;

export const PEOPLE_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/organizations/:id/people", request: () => ({ path: "/api/organizations/1/people?kind=speaker" }), expect: { ...SPEAKERS_MANAGE, others: 200 } },
  {
    route: "POST /api/organizations/:id/people",
    request: async () => ({
      path: `/api/organizations/${await cloneDemoEvents()}/people`,
      method: "POST",
      json: { kind: "speaker", email: `matrix-${crypto.randomUUID().slice(0, 8)}@demo.test` },
    }),
    expect: { ...SPEAKERS_MANAGE, others: 201 },
  },
  {
    route: "PATCH /api/organizations/:id/people/:userId",
    request: async () => ({ path: await personPath(), method: "PATCH", json: { role: "organizer" } }),
    expect: { ...ADMINS_ONLY, others: 200 },
  },
  { route: "DELETE /api/organizations/:id/people/:userId", request: async () => ({ path: await personPath(), method: "DELETE" }), expect: { ...SPEAKERS_MANAGE, others: 204 } },
  {
    route: "POST /api/organizations/:id/people/:userId/send-verification",
    request: async () => ({ path: await personPath("/send-verification", "pending"), method: "POST" }),
    expect: { ...ADMINS_ONLY, others: 200 },
  },
  {
    route: "POST /api/organizations/:id/people/:userId/send-password-reset",
    request: async () => ({ path: await personPath("/send-password-reset"), method: "POST" }),
    expect: { ...ADMINS_ONLY, others: 200 },
  },
];
