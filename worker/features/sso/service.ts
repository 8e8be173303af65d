import { and, eq, lt } from "drizzle-orm";
import { toCommunicationLanguage } from "../../../domain/auth/schemas.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { type IdentityProvider, emailDomain, ssoDecision, storedIdentityProvider } from "../../../domain/sso/index.ts";
import type { Db } from "../../db/client.ts";
import { memberships, organizations, ssoStates, users } from "../../db/schema/index.ts";
import type { IdentityClaims } from "./oidc.ts";

/** A login in flight lives 10 minutes (sso_states.expires_at). */
export const SSO_STATE_TTL_MS = 10 * 60 * 1000;

/** A provider ready to use: not off, with everything a login needs. */
export interface ActiveProvider extends IdentityProvider {
  issuer: string;
  client_id: string;
  client_secret: string;
}

const isActive = (provider: IdentityProvider | null): provider is ActiveProvider =>
  provider !== null && provider.mode !== "off" && provider.issuer !== null && provider.client_id !== null && provider.client_secret !== null;

/** The organization whose provider (mode not off) lists the e-mail's domain, or null. */
export async function providerForEmail(d1: D1Database, email: string): Promise<{ organizationId: number; provider: ActiveProvider } | null> {
  const domain = emailDomain(email);
  if (!domain) return null;
  const { results } = await d1
    .prepare(
      `SELECT o.id AS id, o.identity_provider AS identity_provider
         FROM organizations o,
              json_each(CASE WHEN json_valid(o.identity_provider) THEN o.identity_provider ELSE '{}' END, '$.domains') d
        WHERE lower(d.value) = ?1
        ORDER BY o.id`,
    )
    .bind(domain)
    .all<{ id: number; identity_provider: string }>();
  for (const row of results) {
    const provider = storedIdentityProvider(JSON.parse(row.identity_provider));
    if (isActive(provider)) return { organizationId: row.id, provider };
  }
  return null;
}

/** The organization's provider when it is usable for a login (null when off or incomplete). */
export async function activeProvider(database: Db, organizationId: number): Promise<ActiveProvider | null> {
  const [row] = await database.select({ identity_provider: organizations.identity_provider }).from(organizations).where(eq(organizations.id, organizationId));
  const provider = storedIdentityProvider(row?.identity_provider);
  return isActive(provider) ? provider : null;
}

/** Records a login in flight (and forgets the expired ones). */
export async function saveLoginState(
  database: Db,
  input: { state: string; organizationId: number; nonce: string; codeVerifier: string; redirectUrl: string | null },
  now = Date.now(),
): Promise<void> {
  await database.batch([
    database.delete(ssoStates).where(lt(ssoStates.expires_at, new Date(now).toISOString())),
    database.insert(ssoStates).values({
      state: input.state,
      organization_id: input.organizationId,
      nonce: input.nonce,
      code_verifier: input.codeVerifier,
      redirect_url: input.redirectUrl,
      expires_at: new Date(now + SSO_STATE_TTL_MS).toISOString(),
    }),
  ]);
}

/** Takes the login's state out of the table (single use: a replay finds nothing); null when unknown or expired. */
export async function consumeLoginState(database: Db, state: string, now = Date.now()): Promise<typeof ssoStates.$inferSelect | null> {
  const [row] = await database.delete(ssoStates).where(eq(ssoStates.state, state)).returning();
  if (!row || row.expires_at <= new Date(now).toISOString()) return null;
  return row;
}

export type SsoSignIn = { ok: true; userId: number } | { ok: false; reason: string };

function names(claims: IdentityClaims, email: string) {
  const first = claims.givenName ?? null;
  const last = claims.familyName ?? null;
  const name = claims.name ?? ([first, last].filter(Boolean).join(" ") || email.slice(0, email.indexOf("@")));
  return { name: name.slice(0, 255), first_name: first?.slice(0, 255) ?? null, last_name: last?.slice(0, 255) ?? null };
}

/**
 * Applies SPEC §4's SSO modes (domain/sso `ssoDecision`) to a verified provider login of
 * `organizationId`: signs in, adds the membership or creates the user, or refuses. The e-mail
 * must be verified (not `email_verified: false`) and belong to one of the provider's domains, so a
 * provider only speaks for the addresses it was configured for.
 */
export async function signInWithProvider(
  database: Db,
  organizationId: number,
  provider: ActiveProvider,
  claims: IdentityClaims,
  locale: UiLocale,
): Promise<SsoSignIn> {
  const email = claims.email;
  if (!email) return { ok: false, reason: "no e-mail in the ID token" };
  if (claims.emailVerified === false) return { ok: false, reason: "e-mail not verified by the provider" };
  if (!provider.domains.includes(emailDomain(email))) return { ok: false, reason: `e-mail domain not configured for organization ${organizationId}` };

  const [user] = await database.select({ id: users.id, status: users.status, email_verified_at: users.email_verified_at }).from(users).where(eq(users.email, email));
  const [membership] = user
    ? await database
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.user_id, user.id), eq(memberships.organization_id, organizationId)))
    : [];
  const decision = ssoDecision(provider.mode, user ?? null, membership ?? null);
  const now = new Date().toISOString();

  switch (decision.kind) {
    case "refuse":
      return { ok: false, reason: decision.reason };
    case "create": {
      const language = claims.locale?.toLowerCase().startsWith("en") ? "en" : claims.locale?.toLowerCase().startsWith("fr") ? "fr" : toCommunicationLanguage(locale);
      const [created] = await database
        .insert(users)
        .values({ email, ...names(claims, email), status: "active", email_verified_at: now, communication_language: language })
        .returning({ id: users.id });
      if (!created) return { ok: false, reason: "user not created" };
      await database.insert(memberships).values({ user_id: created.id, organization_id: organizationId, role: decision.role }).onConflictDoNothing();
      return { ok: true, userId: created.id };
    }
    case "join":
    case "sign_in": {
      if (!user) return { ok: false, reason: "no user" };
      if (decision.kind === "join") {
        await database.insert(memberships).values({ user_id: user.id, organization_id: organizationId, role: decision.role }).onConflictDoNothing();
      }
      // The provider vouched for the e-mail: a pending account is activated, an unverified one verified.
      if (decision.activate || user.email_verified_at === null) {
        await database
          .update(users)
          .set({ status: "active", email_verified_at: user.email_verified_at ?? now, updated_at: now })
          .where(eq(users.id, user.id));
      }
      return { ok: true, userId: user.id };
    }
  }
}
