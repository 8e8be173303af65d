import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { type Features, defaultFeatures } from "./features.ts";
import { type Limits, defaultLimits } from "./limits.ts";
import { ORGANIZATION_MESSAGES } from "./messages.ts";
import { localized } from "../validation/localized.ts";

export const SUBSCRIPTION_PERIODS = ["monthly", "yearly"] as const;
export type SubscriptionPeriod = (typeof SUBSCRIPTION_PERIODS)[number];

/** SPEC §4 SSO modes. */
export const SSO_MODES = ["off", "open", "restricted"] as const;
export type SsoMode = (typeof SSO_MODES)[number];

/** The public part of an organization's identity provider (never its client secret). */
export interface IdentityProviderSummary {
  mode: SsoMode;
  issuer?: string;
  client_id?: string;
}

/** SPEC §3 Organization as the API returns it (docs/identity-api.md). */
export interface Organization {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  billing_address: string | null;
  po_number: string | null;
  sales_rep: string | null;
  is_billable: boolean;
  /** YYYY-MM-DD */
  billing_start_date: string | null;
  subscription_period: SubscriptionPeriod | null;
  self_serve: boolean;
  /** ISO date-time of the deactivation (SPEC §4); null while active. */
  deactivated_at: string | null;
  rate_per_minute_live: number | null;
  rate_per_minute_vod: number | null;
  rate_per_organizer: number | null;
  billable_organizers: number | null;
  /** Every limit, stored values merged over the billing type's defaults. */
  limits: Limits;
  /** Every flag, stored values merged over the defaults. */
  features: Features;
  identity_provider: IdentityProviderSummary | null;
}

/**
 * Fields of PATCH /api/organizations/{id} that only organizations.administer (back office, super
 * admin) may change: they decide what the organization is billed. Members holding
 * organizations.update (admins, owners) edit the other details; sending an administered field
 * unchanged is fine (forms send whole tabs).
 */
export const ADMINISTERED_FIELDS = [
  "sales_rep",
  "is_billable",
  "billing_start_date",
  "subscription_period",
  "rate_per_minute_live",
  "rate_per_minute_vod",
  "rate_per_organizer",
  "billable_organizers",
] as const;
export type AdministeredField = (typeof ADMINISTERED_FIELDS)[number];

/** "" from an emptied input means "no value". */
const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);
const optionalText = (max: number) => z.preprocess(emptyToNull, z.string().trim().max(max).nullable()).optional();
const optionalRate = z.preprocess(emptyToNull, z.number().min(0).max(1_000_000).nullable()).optional();

/**
 * PATCH /api/organizations/{id}: details and settings. Every field is optional (omitted = kept),
 * but the name cannot be blanked (SPEC §5 "Organization name is required"). Unknown fields are
 * refused, like everywhere (docs/security.md "Request bodies").
 */
export function organizationUpdateSchema(locale: UiLocale) {
  const nameRequired = localized(ORGANIZATION_MESSAGES.name_required, locale);
  return z.strictObject({
    name: z.string({ error: nameRequired }).trim().min(1, nameRequired).max(255).optional(),
    email: z.preprocess(emptyToNull, z.email().max(255).nullable()).optional(),
    phone: optionalText(50),
    billing_address: optionalText(1000),
    po_number: optionalText(100),
    sales_rep: optionalText(255),
    is_billable: z.boolean().optional(),
    billing_start_date: z.preprocess(emptyToNull, z.iso.date().nullable()).optional(),
    subscription_period: z.preprocess(emptyToNull, z.enum(SUBSCRIPTION_PERIODS).nullable()).optional(),
    rate_per_minute_live: optionalRate,
    rate_per_minute_vod: optionalRate,
    rate_per_organizer: optionalRate,
    billable_organizers: z.preprocess(emptyToNull, z.int().min(0).max(1_000_000).nullable()).optional(),
  });
}
export type OrganizationUpdate = z.output<ReturnType<typeof organizationUpdateSchema>>;

/** Administered fields whose value the update would change (empty when a plain member may apply it). */
export function changedAdministeredFields(current: Readonly<Record<AdministeredField, unknown>>, update: OrganizationUpdate): AdministeredField[] {
  return ADMINISTERED_FIELDS.filter((field) => update[field] !== undefined && update[field] !== current[field]);
}

/** POST /api/organizations/{id}/self-serve: the new billing type and the explicit confirmation. */
export function selfServeChangeSchema(locale: UiLocale) {
  const confirm = localized(ORGANIZATION_MESSAGES.self_serve_confirm, locale);
  return z.strictObject({
    self_serve: z.boolean(),
    confirm: z.literal(true, { error: confirm }),
  });
}

/**
 * SPEC §4: a deactivated organization keeps its data and people, but its users cannot create new
 * services (webcasts, meetings, streaming channels, events). Every "create" route checks this after
 * authorizing the user, answering with the `deactivated` message.
 */
export function canCreateServices(org: { deactivated_at: string | null }): boolean {
  return org.deactivated_at === null;
}

/** What a deactivation writes (SPEC §4: it also ends billing immediately). */
export function deactivation(now: Date): { deactivated_at: string; is_billable: false } {
  return { deactivated_at: now.toISOString(), is_billable: false };
}

/** The settings a billing-type change writes. */
export interface SelfServeReset {
  self_serve: boolean;
  is_billable: false;
  billing_start_date: null;
  subscription_period: null;
  po_number: null;
  sales_rep: null;
  rate_per_minute_live: null;
  rate_per_minute_vod: null;
  rate_per_organizer: null;
  billable_organizers: null;
  limits: Limits;
  features: Features;
}

/**
 * SPEC §4 "Changing billing type (self-serve) resets settings after confirmation". Decision: every
 * billing term of the old type is dropped, because it means nothing under the new one:
 * - is_billable false, billing_start_date, subscription_period, po_number, sales_rep, the three
 *   rates and billable_organizers cleared: billing restarts when sales sets new terms (managed) or
 *   when the owner buys a plan (self-serve);
 * - limits and features back to the defaults of the new billing type (limits.ts, features.ts).
 * Kept: identity (name, e-mail, phone, billing address), SSO settings, deactivation state, people.
 * Only organizations.administer may ask for it.
 */
export function selfServeReset(selfServe: boolean): SelfServeReset {
  return {
    self_serve: selfServe,
    is_billable: false,
    billing_start_date: null,
    subscription_period: null,
    po_number: null,
    sales_rep: null,
    rate_per_minute_live: null,
    rate_per_minute_vod: null,
    rate_per_organizer: null,
    billable_organizers: null,
    limits: defaultLimits(selfServe),
    features: defaultFeatures(selfServe),
  };
}

/** Page size of the organizations and people lists. */
export const PER_PAGE = 20;

/** Query of GET /api/organizations (q searches the name). */
export const organizationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  q: z.string().trim().max(255).optional(),
});
