/**
 * The synced part of an organization (docs/sync.md "Organizations"): what mutators need to judge
 * offline what the server will judge (`OrganizationRules`: limits, features, deactivation,
 * billing type), plus its name for the screens. Every member receives it whatever their role, so
 * it holds nothing else: no billing terms, rates, sales rep, PO number, e-mail or SSO settings.
 *
 * Organizations are written by their own routes (worker/features/organizations), never by
 * mutators; each write that changes one of `ORGANIZATION_SYNCED_FIELDS` is logged for sync.
 */
export interface OrganizationRow {
  /** `String(organization_id)`: synced rows are keyed by string ids. */
  id: string;
  /** The organization's own id (D1 `organizations.id`). */
  organization_id: number;
  name: string;
  /** ISO date-time of the deactivation; null while active (SPEC §4). */
  deactivated_at: string | null;
  self_serve: boolean;
  /** Limits as stored (`limitsOf` merges them over the billing type's defaults). */
  limits: Record<string, number | null>;
  /** Feature flags as stored (`featuresOf` merges them over the defaults). */
  features: Record<string, boolean>;
}

/** The stored columns an `OrganizationRow` carries besides its id: a write changing one of them is synced. */
export const ORGANIZATION_SYNCED_FIELDS = ["name", "deactivated_at", "self_serve", "limits", "features"] as const satisfies readonly (keyof OrganizationRow)[];
export type OrganizationSyncedField = (typeof ORGANIZATION_SYNCED_FIELDS)[number];

/** The synced row of a stored organization (the D1 row, or anything with those columns). */
export function organizationRow(stored: { id: number } & Pick<OrganizationRow, OrganizationSyncedField>): OrganizationRow {
  return {
    id: String(stored.id),
    organization_id: stored.id,
    name: stored.name,
    deactivated_at: stored.deactivated_at,
    self_serve: stored.self_serve,
    limits: stored.limits,
    features: stored.features,
  };
}

/** The organization id a synced organization row id names; undefined when it names none. */
export function organizationIdOfRow(id: string): number | undefined {
  if (!/^[1-9]\d{0,15}$/.test(id)) return undefined;
  const value = Number(id);
  return Number.isSafeInteger(value) ? value : undefined;
}
