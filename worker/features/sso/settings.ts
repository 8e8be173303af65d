import { eq } from "drizzle-orm";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import {
  type IdentityProvider,
  type IdentityProviderUpdate,
  applyIdentityProviderUpdate,
  ssoMessage,
  storedIdentityProvider,
} from "../../../domain/sso/index.ts";
import type { Db } from "../../db/client.ts";
import { organizations } from "../../db/schema/index.ts";
import { ApiError } from "../../http/api-error.ts";
import { encryptSecret } from "./secret.ts";

/** The organization's stored provider (null when never set); 404 for an unknown organization. */
export async function readIdentityProvider(database: Db, organizationId: number): Promise<IdentityProvider | null> {
  const [row] = await database.select({ identity_provider: organizations.identity_provider }).from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw new ApiError("not_found");
  return storedIdentityProvider(row.identity_provider);
}

/**
 * Domains among `domains` that another organization's provider already lists (in any mode): an
 * e-mail domain routes to one provider only, else /api/sso/start could not choose.
 */
async function domainsTakenElsewhere(d1: D1Database, organizationId: number, domains: string[]): Promise<Set<string>> {
  if (domains.length === 0) return new Set();
  const { results } = await d1
    .prepare(
      `SELECT DISTINCT lower(d.value) AS domain
         FROM organizations o,
              json_each(CASE WHEN json_valid(o.identity_provider) THEN o.identity_provider ELSE '{}' END, '$.domains') d
        WHERE o.id <> ?1 AND lower(d.value) IN (SELECT value FROM json_each(?2))`,
    )
    .bind(organizationId, JSON.stringify(domains))
    .all<{ domain: string }>();
  return new Set(results.map((row) => row.domain));
}

/**
 * Saves the provider of an organization (the secret is kept when none is sent). 422 when a mode
 * other than off lacks a secret or a domain belongs to another organization's provider.
 * Who: organizations.administer in that organization (checked by the route).
 */
export async function saveIdentityProvider(
  database: Db,
  d1: D1Database,
  appKey: string,
  organizationId: number,
  update: IdentityProviderUpdate,
  locale: UiLocale,
): Promise<IdentityProvider> {
  const current = await readIdentityProvider(database, organizationId);
  const newSecret = update.client_secret ? await encryptSecret(appKey, update.client_secret) : null;
  const result = applyIdentityProviderUpdate(current, update, newSecret, locale);
  if (!result.ok) throw new ApiError("validation_failed", { errors: result.errors });
  const taken = await domainsTakenElsewhere(d1, organizationId, result.data.domains);
  if (taken.size > 0) {
    const errors: Record<string, string[]> = {};
    result.data.domains.forEach((domain, index) => {
      if (taken.has(domain)) errors[`domains.${index}`] = [ssoMessage("domain_taken", locale)];
    });
    throw new ApiError("validation_failed", { errors });
  }
  await database
    .update(organizations)
    .set({ identity_provider: result.data, updated_at: new Date().toISOString() })
    .where(eq(organizations.id, organizationId));
  return result.data;
}
