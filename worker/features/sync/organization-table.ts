import { eq, type SQL } from "drizzle-orm";
import { type OrganizationRow, organizationIdOfRow, organizationRow } from "../../../domain/organizations/record.ts";
import { matchesQuery } from "../../../domain/sync/types.ts";
import type { Db } from "../../db/client.ts";
import { organizations } from "../../db/schema/index.ts";
import { inJson } from "./sql.ts";
import type { SyncedTable } from "./tables.ts";

/** The columns of the D1 `organizations` table an `OrganizationRow` is made of (never billing, e-mail or SSO). */
export const SYNCED_COLUMNS = {
  id: organizations.id,
  name: organizations.name,
  deactivated_at: organizations.deactivated_at,
  self_serve: organizations.self_serve,
  limits: organizations.limits,
  features: organizations.features,
};

const notWritten = (): never => {
  throw new Error("sync: organizations are not written through sync");
};

/** The organization ids among row ids (others name no organization: they read as absent). */
function organizationIds(ids: readonly string[]): number[] {
  return ids.flatMap((id) => organizationIdOfRow(id) ?? []);
}

async function select(database: Db, where: SQL | undefined): Promise<OrganizationRow[]> {
  return (await database.select(SYNCED_COLUMNS).from(organizations).where(where).orderBy(organizations.id)).map(organizationRow);
}

const idIn = (ids: readonly number[]): SQL => inJson(organizations.id, ids);

/**
 * The `organizations` synced table on the D1 `organizations` table (integer id; the row's id is
 * its string, its `organization_id` the id itself). Read-only for sync: mutators never write
 * organizations, so the write statements throw. Their change-log entries come from the routes that
 * change an organization (organization-writes.ts). Rows created without one (sign-up, seeds, rows
 * older than the log) still reach every device: a reset sends every organization in scope from
 * the table (`snapshot`).
 */
export const organizationTable: SyncedTable<"organizations"> = {
  async get(database, id, organizationId) {
    const own = organizationIdOfRow(id);
    if (own === undefined || (organizationId !== undefined && own !== organizationId)) return undefined;
    const [row] = await select(database, eq(organizations.id, own));
    return row;
  },
  list(database, organizationId) {
    return select(database, eq(organizations.id, organizationId));
  },
  async getMany(database, ids, organizationId) {
    const wanted = organizationIds(ids).filter((id) => organizationId === undefined || id === organizationId);
    return wanted.length === 0 ? [] : select(database, idIn(wanted));
  },
  async count(database, organizationId, query) {
    const [row] = await select(database, eq(organizations.id, organizationId));
    return row && matchesQuery(row, organizationId, query) ? 1 : 0;
  },
  async organizationsOf(database, ids) {
    const wanted = organizationIds(ids);
    if (wanted.length === 0) return [];
    const found = await database.select({ id: organizations.id }).from(organizations).where(idIn(wanted));
    return found.map(({ id }) => ({ id: String(id), organization_id: id }));
  },
  put: notWritten,
  delete: notWritten,
  ownedBy: notWritten,
  deleteChildren: notWritten,
  snapshot(database, organizationIds) {
    return organizationIds.length === 0 ? Promise.resolve([]) : select(database, idIn(organizationIds));
  },
};
