import { FEATURE_FLAGS } from "../../domain/organizations/features.ts";
import { LIMIT_KEYS } from "../../domain/organizations/limits.ts";
import type { MutationTx, OrganizationRules } from "../../domain/sync/types.ts";
import type { LocalDatabase } from "./db.ts";

/**
 * Rules under which every check passes: no caps (null limits), every feature allowed, active.
 * What the browser judges with for an organization it has not pulled (yet): the server decides
 * there, as it did before organizations synced.
 */
export const UNKNOWN_ORGANIZATION_RULES: Readonly<OrganizationRules> = Object.freeze({
  self_serve: false,
  deactivated_at: null,
  limits: Object.freeze(Object.fromEntries(LIMIT_KEYS.map((key) => [key, null]))),
  features: Object.freeze(Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true]))),
});

/**
 * The organization rules lookup of the browser's Replica (`ReplicaOptions.organization`): the
 * organization's synced row in `view_organizations` (pulled for every organization the user
 * belongs to; mutators never write it, so the view is the server's state), so mutators refuse
 * offline what the server will refuse (limits, features, deactivation).
 *
 * An organization the database does not hold is not proof that it does not exist (a first pull
 * still running, a membership newer than the last reset): it gets `UNKNOWN_ORGANIZATION_RULES`,
 * and the server judges. The lookup only awaits IndexedDB, so it is safe inside the replica's
 * Dexie transaction (whose tables include `view_organizations`).
 */
export function organizationRulesLookup(db: LocalDatabase): NonNullable<MutationTx["organization"]> {
  return async (id) => {
    const row = await db.view_organizations.get(String(id));
    if (!row) return UNKNOWN_ORGANIZATION_RULES;
    return { self_serve: row.self_serve, deactivated_at: row.deactivated_at, limits: row.limits, features: row.features };
  };
}
