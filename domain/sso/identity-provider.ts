import { z } from "zod";
import type { UiLocale } from "../i18n/locales.ts";
import { SSO_MODES, type SsoMode } from "../organizations/organization.ts";
import type { Validated } from "../validation/parse.ts";
import { SSO_MESSAGES } from "./messages.ts";
import { isLoopbackHost } from "../http/loopback.ts";
import { localized } from "../validation/localized.ts";

export { SSO_MODES, type SsoMode };

/** What an organization's `identity_provider` column holds (SPEC §3). The secret never leaves the worker. */
export interface IdentityProvider {
  mode: SsoMode;
  /** OpenID Connect issuer; discovery is `${issuer}/.well-known/openid-configuration`. */
  issuer: string | null;
  client_id: string | null;
  /** Stored encrypted by the worker; null until one is set. */
  client_secret: string | null;
  /** E-mail domains (lower case) whose users sign in through this provider. */
  domains: string[];
}

/** GET/PATCH /api/organizations/{id}/sso answer: the provider without its secret. */
export interface IdentityProviderSettings {
  mode: SsoMode;
  issuer: string | null;
  client_id: string | null;
  has_client_secret: boolean;
  domains: string[];
}

/** Example shown in the domain message (SPEC §5 "Please use the syntax: {host}"). */
export const DOMAIN_EXAMPLE = "example.com";

/** SPEC §5 domain rule: up to 5 subdomain labels before the name, a 2–64 letter top-level domain. */
const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,6}[a-z]{2,64}$/;

export function isDomainName(value: string): boolean {
  return DOMAIN_PATTERN.test(value);
}

/** https, or plain http for a provider on this machine (local development and tests). No query or fragment. */
export function isIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
}

/** The e-mail's domain, lower-cased ("" when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : email.slice(at + 1).trim().toLowerCase();
}

const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/**
 * PATCH /api/organizations/{id}/sso body. `client_secret` omitted, null or "" keeps the stored one.
 * With a mode other than off, issuer, client id and at least one domain are required (the secret
 * too, checked by `applyIdentityProviderUpdate` since it may already be stored).
 */
export function identityProviderUpdateSchema(locale: UiLocale) {
  const required = localized(SSO_MESSAGES.required_when_enabled, locale);
  const domainInvalid = localized(SSO_MESSAGES.domain_invalid, locale).replace("{host}", DOMAIN_EXAMPLE);
  return z
    .strictObject({
      mode: z.enum(SSO_MODES),
      issuer: z.preprocess(emptyToNull, z.string().trim().max(500).refine(isIssuerUrl, localized(SSO_MESSAGES.issuer_invalid, locale)).nullable()).optional(),
      client_id: z.preprocess(emptyToNull, z.string().trim().max(255).nullable()).optional(),
      client_secret: z.preprocess(emptyToNull, z.string().max(1000).nullable()).optional(),
      domains: z
        .array(
          z
            .string()
            .trim()
            .toLowerCase()
            .refine(isDomainName, domainInvalid),
        )
        .max(50)
        .default([]),
    })
    .superRefine((value, context) => {
      value.domains.forEach((domain, index) => {
        if (value.domains.indexOf(domain) !== index) context.addIssue({ code: "custom", path: ["domains", index], message: localized(SSO_MESSAGES.domain_duplicate, locale) });
      });
      if (value.mode === "off") return;
      if (!value.issuer) context.addIssue({ code: "custom", path: ["issuer"], message: required });
      if (!value.client_id) context.addIssue({ code: "custom", path: ["client_id"], message: required });
      if (value.domains.length === 0) context.addIssue({ code: "custom", path: ["domains"], message: required });
    });
}
export type IdentityProviderUpdate = z.output<ReturnType<typeof identityProviderUpdateSchema>>;

/**
 * The provider after an update: the stored secret is kept unless a new one is sent (`newSecret`,
 * already encrypted by the caller). A mode other than off needs a secret. Who: organizations.administer.
 */
export function applyIdentityProviderUpdate(
  current: IdentityProvider | null,
  update: IdentityProviderUpdate,
  newSecret: string | null,
  locale: UiLocale,
): Validated<IdentityProvider> {
  const client_secret = newSecret ?? current?.client_secret ?? null;
  if (update.mode !== "off" && !client_secret) {
    return { ok: false, errors: { client_secret: [localized(SSO_MESSAGES.required_when_enabled, locale)] } };
  }
  return {
    ok: true,
    data: { mode: update.mode, issuer: update.issuer ?? null, client_id: update.client_id ?? null, client_secret, domains: update.domains },
  };
}

const storedSchema = z.object({
  mode: z.enum(SSO_MODES),
  issuer: z.string().nullable().optional(),
  client_id: z.string().nullable().optional(),
  client_secret: z.string().nullable().optional(),
  domains: z.array(z.string()).optional(),
});

/** Reads the `identity_provider` column (null when unset or unreadable). */
export function storedIdentityProvider(value: unknown): IdentityProvider | null {
  const result = storedSchema.safeParse(value);
  if (!result.success) return null;
  const { mode, issuer, client_id, client_secret, domains } = result.data;
  return { mode, issuer: issuer ?? null, client_id: client_id ?? null, client_secret: client_secret ?? null, domains: (domains ?? []).map((d) => d.toLowerCase()) };
}

/** What the API shows of a provider: everything but the secret. */
export function identityProviderSettings(provider: IdentityProvider | null): IdentityProviderSettings {
  if (!provider) return { mode: "off", issuer: null, client_id: null, has_client_secret: false, domains: [] };
  return { mode: provider.mode, issuer: provider.issuer, client_id: provider.client_id, has_client_secret: provider.client_secret !== null, domains: provider.domains };
}

/** POST /api/sso/start body. */
export const ssoStartSchema = z.strictObject({
  email: z.email().max(255).transform((value) => value.toLowerCase()),
  redirect_url: z.string().max(2000).optional(),
});
