import { type SQL, and, count, eq, inArray, sql } from "drizzle-orm";
import { featuresOf, type Features } from "../../../domain/organizations/features.ts";
import { type Limits, limitsOf } from "../../../domain/organizations/limits.ts";
import { type OrganizationUpdate, PER_PAGE, deactivation, selfServeReset } from "../../../domain/organizations/organization.ts";
import { ORGANIZATION_ROLES, ROLE_PERMISSIONS } from "../../../domain/permissions/permissions.ts";
import type { Db } from "../../db/client.ts";
import { memberships, organizations } from "../../db/schema/index.ts";
import { ApiError } from "../../http/api-error.ts";
import type { Env } from "../../env.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { type OrganizationChanges, writeOrganization } from "../sync/organization-writes.ts";
import type { OrganizationRow } from "./organization-json.ts";

/**
 * Organization reads and writes. Callers (routes.ts) have authorized the user for the
 * organization; these functions only check that it exists.
 */

/** `%q%` for LIKE, with the wildcards of `q` itself escaped. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Roles whose holders see their organization in the list (those granted organizations.view). */
const VIEWING_ROLES = ORGANIZATION_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes("organizations.view"));

/**
 * GET /api/organizations: a page of the organizations the user may view, by name. Super admins and
 * the back office see every organization; anyone else the ones where their role grants
 * organizations.view (a subquery, so a user in many organizations stays under D1's bound-parameter cap).
 */
export async function listOrganizations(database: Db, user: AuthUser, query: { page: number; q?: string | undefined }) {
  const conditions: SQL[] = [];
  if (!user.is_super_admin && !user.is_back_office) {
    const mine = database
      .select({ id: memberships.organization_id })
      .from(memberships)
      .where(and(eq(memberships.user_id, user.id), inArray(memberships.role, VIEWING_ROLES)));
    conditions.push(inArray(organizations.id, mine));
  }
  if (query.q) conditions.push(sql`${organizations.name} LIKE ${containsPattern(query.q)} ESCAPE '\\'`);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    database
      .select()
      .from(organizations)
      .where(where)
      .orderBy(sql`${organizations.name} COLLATE NOCASE`, organizations.id)
      .limit(PER_PAGE)
      .offset((query.page - 1) * PER_PAGE),
    database.select({ total: count() }).from(organizations).where(where),
  ]);
  return { rows, meta: { page: query.page, per_page: PER_PAGE, total: totals[0]?.total ?? 0 } };
}

/** The organization, or 404 (a super admin may ask for an id that does not exist). */
export async function requireOrganization(database: Db, id: number): Promise<OrganizationRow> {
  const [row] = await database.select().from(organizations).where(eq(organizations.id, id));
  if (!row) throw new ApiError("not_found");
  return row;
}

/** Bindings a write needs: D1, and the organization's sync object to poke its devices. */
type WriteEnv = Pick<Env, "DB" | "ORGANIZATION_SYNC">;

/** Every write goes through sync's `writeOrganization`: changes to synced fields reach the devices. */
async function write(env: WriteEnv, id: number, changes: OrganizationChanges): Promise<OrganizationRow> {
  const row = await writeOrganization(env, id, changes);
  if (!row) throw new ApiError("not_found");
  return row;
}

/**
 * Details and settings (the route has checked who may change the administered fields). Omitted
 * fields are undefined, which drizzle leaves out of the UPDATE.
 */
export function updateOrganization(env: WriteEnv, id: number, update: OrganizationUpdate): Promise<OrganizationRow> {
  return write(env, id, update);
}

/** Merges limits into the effective ones and stores them all (so later default changes do not move them). */
export function updateLimits(env: WriteEnv, current: OrganizationRow, patch: Partial<Limits>): Promise<OrganizationRow> {
  return write(env, current.id, { limits: { ...limitsOf(current), ...patch } });
}

/** Merges flags into the effective ones and stores them all. */
export function updateFeatures(env: WriteEnv, current: OrganizationRow, patch: Partial<Features>): Promise<OrganizationRow> {
  return write(env, current.id, { features: { ...featuresOf(current), ...patch } });
}

/** SPEC §4: deactivated, billing ended. Deactivating again keeps the first date. */
export function deactivateOrganization(env: WriteEnv, current: OrganizationRow, now = new Date()): Promise<OrganizationRow> {
  if (current.deactivated_at !== null) return Promise.resolve(current);
  return write(env, current.id, deactivation(now));
}

/** Reactivation (super admin, "through sales"); billing stays off until sales turns it back on. */
export function activateOrganization(env: WriteEnv, current: OrganizationRow): Promise<OrganizationRow> {
  if (current.deactivated_at === null) return Promise.resolve(current);
  return write(env, current.id, { deactivated_at: null });
}

/** Billing-type change with its reset (domain `selfServeReset`); no change, no reset. */
export function changeBillingType(env: WriteEnv, current: OrganizationRow, selfServe: boolean): Promise<OrganizationRow> {
  if (current.self_serve === selfServe) return Promise.resolve(current);
  return write(env, current.id, selfServeReset(selfServe));
}
