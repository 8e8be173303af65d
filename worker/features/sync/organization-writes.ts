import { type SQL, eq, or, sql } from "drizzle-orm";
import { ORGANIZATION_SYNCED_FIELDS } from "../../../domain/organizations/record.ts";
import { organizationSyncStub } from "../../../durable/stubs.ts";
import { type Db, db } from "../../db/client.ts";
import { organizations, syncChanges } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { dropSuperseded } from "./change-log.ts";

/** What a write may change (drizzle leaves undefined fields out of the UPDATE). */
export type OrganizationChanges = Partial<Omit<typeof organizations.$inferInsert, "id" | "created_at" | "updated_at">>;
type StoredOrganization = typeof organizations.$inferSelect;

/**
 * A `put` change-log entry for the synced row of the organization `organizationId` names (a value,
 * or SQL such as a subquery for a row inserted earlier in the same batch), when it exists and
 * `when` holds. A batch statement: put it in the batch that writes the organization, after the
 * insert or before the update (`when` then compares the stored values with the new ones). The log
 * keeps a row's latest entry only (change-log.ts): for an organization that may have one already,
 * follow it with `dropSuperseded`, as `writeOrganization` does (a new organization has none).
 * Callers: `writeOrganization`, and sign-up when it creates an organization.
 */
export function organizationChangeEntry(database: Db, organizationId: number | SQL, when: SQL = sql`1`) {
  // INSERT … SELECT: every sync_changes column, in order (seq from the autoincrement).
  const entry = sql`SELECT NULL, ${organizations.id}, 'organizations', CAST(${organizations.id} AS TEXT), 'put', CURRENT_TIMESTAMP FROM ${organizations} WHERE ${organizations.id} = ${organizationId} AND (${when})`;
  return database.insert(syncChanges).select(entry).returning({ seq: syncChanges.seq });
}

/**
 * SQL true when `changes` would change a field of the organization's synced row, comparing with
 * the stored values in the statement itself (so a concurrent write cannot make it miss a change);
 * undefined when `changes` sets none of those fields. JSON columns compare as their text: the
 * same limits in another key order count as a change (one redundant entry, harmless).
 */
function changesSyncedFields(changes: OrganizationChanges): SQL | undefined {
  const differs = ORGANIZATION_SYNCED_FIELDS.flatMap((field) => {
    const value = changes[field];
    if (value === undefined) return [];
    const column = organizations[field];
    // Encoded as the column stores it (booleans as 0/1, JSON as text).
    return [sql`${column} IS NOT ${sql.param(value, column)}`];
  });
  return differs.length === 0 ? undefined : or(...differs);
}

/**
 * Writes `changes` to organization `id`: every organization route's write goes through here, so
 * devices learn about the changes they sync (docs/sync.md "Organizations"). When the write changes
 * a synced field (name, deactivation, billing type, limits, features), one D1 batch logs a `put`
 * of the organization's row (its older entry dropped) and updates it (atomic), then the
 * organization's devices are poked.
 * Other fields (billing terms, e-mail, …) are written without a log entry: nobody syncs them.
 *
 * Returns the stored row after the write; undefined when there is no such organization.
 * Caller: has authorized the change (worker/features/organizations/routes.ts).
 */
export async function writeOrganization(env: Pick<Env, "DB" | "ORGANIZATION_SYNC">, id: number, changes: OrganizationChanges): Promise<StoredOrganization | undefined> {
  const database = db(env.DB);
  const update = database
    .update(organizations)
    .set({ ...changes, updated_at: sql`CURRENT_TIMESTAMP` })
    .where(eq(organizations.id, id))
    .returning();
  const changed = changesSyncedFields(changes);
  if (!changed) return (await update)[0];
  // The entry first: its condition reads the values before the update.
  const [logged, , [row]] = await database.batch([
    organizationChangeEntry(database, id, changed),
    dropSuperseded(database, [{ table: "organizations", organization_id: id, id: String(id) }]),
    update,
  ]);
  const cursor = logged[0]?.seq;
  if (cursor !== undefined) await pokeDevices(env, id, cursor);
  return row;
}

/**
 * Pokes the organization's devices up to `cursor` after a change written outside a push. A failed
 * poke does not fail the write (it is committed): devices still pull on focus and every 30 s.
 */
async function pokeDevices(env: Pick<Env, "ORGANIZATION_SYNC">, organizationId: number, cursor: number): Promise<void> {
  try {
    await organizationSyncStub(env, organizationId).announce(organizationId, cursor);
  } catch (error) {
    console.error("sync: poke after an organization change failed", organizationId, error);
  }
}
