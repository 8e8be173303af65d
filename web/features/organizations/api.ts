import type { Features } from "../../../domain/organizations/features.ts";
import type { Limits } from "../../../domain/organizations/limits.ts";
import type { Organization } from "../../../domain/organizations/organization.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";
import type { Paginated } from "../../api/pagination.ts";

/**
 * Organizations calls (docs/identity-api.md "Organizations and people"), all through the typed `hc`
 * client: the worker routes declare their path, query and body (Hono validators), so `AppType`
 * types every input and answer here.
 */

export type { Organization } from "../../../domain/organizations/organization.ts";

export type DetailsPatch = Pick<Organization, "name" | "email" | "phone" | "billing_address" | "po_number" | "sales_rep">;
export type SettingsPatch = Pick<
  Organization,
  "is_billable" | "billing_start_date" | "subscription_period" | "rate_per_minute_live" | "rate_per_minute_vod" | "rate_per_organizer" | "billable_organizers"
>;

const organizations = api.api.organizations;
const param = (id: number) => ({ param: { id: String(id) } });
const init = (signal?: AbortSignal) => (signal ? { init: { signal } } : undefined);

/** GET /api/organizations?page=&q= (own organizations; super admins and back office: all). */
export function listOrganizations(query: { page: number; q: string }, signal?: AbortSignal): Promise<Paginated<Organization>> {
  return unwrap(organizations.$get({ query: { page: String(query.page), q: query.q || undefined } }, init(signal)));
}

export async function getOrganization(id: number, signal?: AbortSignal): Promise<Organization> {
  return (await unwrap(organizations[":id"].$get(param(id), init(signal)))).data;
}

/** Details and settings fields (organizations.update; billing terms need organizations.administer). */
export async function updateOrganization(id: number, patch: Partial<DetailsPatch & SettingsPatch>): Promise<Organization> {
  return (await unwrap(organizations[":id"].$patch({ ...param(id), json: patch }))).data;
}

/** Limits (organizations.administer). */
export async function updateConstraints(id: number, limits: Limits): Promise<Organization> {
  return (await unwrap(organizations[":id"].constraints.$patch({ ...param(id), json: { limits } }))).data;
}

/** Feature flags (organizations.administer). */
export async function updateFeatures(id: number, features: Features): Promise<Organization> {
  return (await unwrap(organizations[":id"].features.$patch({ ...param(id), json: { features } }))).data;
}

/** SPEC §4: ends billing at once; users cannot create new services (organizations.administer). */
export async function deactivateOrganization(id: number): Promise<Organization> {
  return (await unwrap(organizations[":id"].deactivate.$post(param(id)))).data;
}

/** Super admins only ("reactivation goes through sales"). */
export async function activateOrganization(id: number): Promise<Organization> {
  return (await unwrap(organizations[":id"].activate.$post(param(id)))).data;
}

/** SPEC §4: changing the billing type resets the settings; the worker wants `confirm: true`. */
export async function setSelfServe(id: number, selfServe: boolean): Promise<Organization> {
  return (await unwrap(organizations[":id"]["self-serve"].$post({ ...param(id), json: { self_serve: selfServe, confirm: true } }))).data;
}
