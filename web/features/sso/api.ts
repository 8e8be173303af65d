import type { IdentityProviderSettings, SsoMode } from "../../../domain/sso/index.ts";
import { api } from "../../api/client.ts";
import { unwrap } from "../../api/errors.ts";

/**
 * Single sign-on calls (worker/features/sso). The start is public and its screen shows every
 * answer itself, so it skips the global SPEC §8 handler.
 */

/** POST /api/sso/start: the identity provider's authorization URL for this e-mail's organization; 422 when none. */
export async function startSso(email: string, redirectUrl?: string): Promise<string> {
  const json = redirectUrl ? { email, redirect_url: redirectUrl } : { email };
  return (await unwrap(api.api.sso.start.$post({ json }), { global: false })).redirect;
}

export type { IdentityProviderSettings, SsoMode };

/** What the settings form sends; an empty or missing client_secret keeps the stored one. */
export interface IdentityProviderPatch {
  mode: SsoMode;
  issuer: string | null;
  client_id: string | null;
  client_secret?: string;
  domains: string[];
}

const organizationSso = api.api.organizations[":id"].sso;
const param = (id: number) => ({ param: { id: String(id) } });

/** GET /api/organizations/{id}/sso (organizations.administer): the provider, never its secret. */
export async function getSsoSettings(organizationId: number, signal?: AbortSignal): Promise<IdentityProviderSettings> {
  return (await unwrap(organizationSso.$get(param(organizationId), signal ? { init: { signal } } : undefined))).data;
}

/** PATCH /api/organizations/{id}/sso (organizations.administer). */
export async function saveSsoSettings(organizationId: number, patch: IdentityProviderPatch): Promise<IdentityProviderSettings> {
  return (await unwrap(organizationSso.$patch({ ...param(organizationId), json: patch }))).data;
}
