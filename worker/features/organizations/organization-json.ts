import { featuresOf } from "../../../domain/organizations/features.ts";
import { limitsOf } from "../../../domain/organizations/limits.ts";
import {
  type IdentityProviderSummary,
  type Organization,
  SSO_MODES,
  SUBSCRIPTION_PERIODS,
  type SsoMode,
  type SubscriptionPeriod,
} from "../../../domain/organizations/organization.ts";
import type { organizations } from "../../db/schema/index.ts";

export type OrganizationRow = typeof organizations.$inferSelect;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isSsoMode = (value: unknown): value is SsoMode => typeof value === "string" && (SSO_MODES as readonly string[]).includes(value);
const isPeriod = (value: unknown): value is SubscriptionPeriod => typeof value === "string" && (SUBSCRIPTION_PERIODS as readonly string[]).includes(value);

/**
 * The public part of the stored identity provider: mode, issuer and client id. Anything else the
 * SSO feature keeps there (the client secret above all) never leaves the worker.
 */
export function identityProviderSummary(value: unknown): IdentityProviderSummary | null {
  if (!isRecord(value) || !isSsoMode(value.mode)) return null;
  const summary: IdentityProviderSummary = { mode: value.mode };
  if (typeof value.issuer === "string") summary.issuer = value.issuer;
  if (typeof value.client_id === "string") summary.client_id = value.client_id;
  return summary;
}

/** A row as the API returns it (docs/identity-api.md `Organization`), limits and flags complete. */
export function organizationJson(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    billing_address: row.billing_address,
    po_number: row.po_number,
    sales_rep: row.sales_rep,
    is_billable: row.is_billable,
    billing_start_date: row.billing_start_date,
    subscription_period: isPeriod(row.subscription_period) ? row.subscription_period : null,
    self_serve: row.self_serve,
    deactivated_at: row.deactivated_at,
    rate_per_minute_live: row.rate_per_minute_live,
    rate_per_minute_vod: row.rate_per_minute_vod,
    rate_per_organizer: row.rate_per_organizer,
    billable_organizers: row.billable_organizers,
    limits: limitsOf(row),
    features: featuresOf(row),
    identity_provider: identityProviderSummary(row.identity_provider),
  };
}
