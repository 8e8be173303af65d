import type { Context } from "hono";
import { Hono } from "hono";
import { safeRedirectPath } from "../../../domain/navigation/guard.ts";
import { watchPageWebcastId } from "../../../domain/pwa/manifest.ts";
import { type SsoLoginError, ssoMessage, ssoStartSchema } from "../../../domain/sso/index.ts";
import { type RateLimit, clientAddress, enforceRateLimits } from "../../auth/rate-limit.ts";
import { startSession } from "../../auth/session.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { appOrigin } from "../../mail/mailer.ts";
import { jsonBody } from "../../http/validators.ts";
import { OidcError, type ProviderMetadata, authorizationUrl, completeClaims, discover, exchangeCode, loginSecrets, verifyIdToken } from "./oidc.ts";
import { activeProvider, consumeLoginState, providerForEmail, saveLoginState, signInWithProvider } from "./service.ts";
import { decryptSecret } from "./secret.ts";

/** Each start writes a row in sso_states: 30 per client address per 15 minutes. */
const START_LIMIT: RateLimit = { limit: 30, windowMs: 15 * 60 * 1000 };

/** The screen that explains a refused or failed SSO login (SPEC §2 /login/sso, §8 message). */
export type SsoError = SsoLoginError;
/**
 * Where a refused or failed login goes: the viewer's webcast page it started from (`/w/{id}`) with
 * `?sso_error=` (the page says why over its access panel: issue #19), else /login/sso?error=.
 */
function failureLocation(error: SsoError, returnTo: string | null): string {
  const url = returnTo ? new URL(returnTo, "http://return.invalid") : null;
  if (url && watchPageWebcastId(url.pathname) !== null) {
    url.searchParams.set("sso_error", error);
    return `${url.pathname}${url.search}`;
  }
  return `/login/sso?error=${error}`;
}

const callbackUri = (c: Context<AppEnv>) => `${appOrigin(c.env, c.req.url)}/api/sso/callback`;

/**
 * /api/sso: OpenID Connect login through the organization that owns the e-mail's domain
 * (authorization code + PKCE, client_secret_basic). Public routes.
 * - POST /start `{ email, redirect_url? }` → `{ redirect }`, the provider's authorization URL;
 *   422 `errors.email` when no provider (mode not off) lists the domain.
 * - GET /callback `?code&state` → always a redirect: redirect_url (same-origin path) or /home
 *   with a session, else /login/sso?error=invalid_user (refused by the SSO mode, unverified or
 *   foreign e-mail) or ?error=failed (expired/replayed state, provider error, bad token); a login
 *   started from a viewer's webcast page goes back to it with `?sso_error=` instead.
 */
export const ssoRoutes = new Hono<AppEnv>()
  .post("/start", jsonBody(() => ssoStartSchema), async (c) => {
    await enforceRateLimits(c, [{ key: `sso:ip:${clientAddress(c)}`, rule: START_LIMIT }]);
    const { email, redirect_url } = c.req.valid("json");
    const found = await providerForEmail(c.env.DB, email);
    if (!found) {
      const message = ssoMessage("unknown_domain", c.var.locale);
      throw new ApiError("validation_failed", { message, errors: { email: [message] } });
    }
    let metadata: ProviderMetadata;
    try {
      metadata = await discover(found.provider.issuer);
    } catch (error) {
      if (!(error instanceof OidcError)) throw error;
      console.warn(`[${c.var.requestId}] SSO discovery failed for organization ${found.organizationId}: ${error.message}`);
      throw new ApiError("server_error", { message: ssoMessage("provider_unreachable", c.var.locale) });
    }
    const secrets = loginSecrets();
    await saveLoginState(db(c.env.DB), { ...secrets, organizationId: found.organizationId, redirectUrl: safeRedirectPath(redirect_url) });
    const redirect = await authorizationUrl(metadata, { ...secrets, clientId: found.provider.client_id, redirectUri: callbackUri(c), loginHint: email });
    return c.json({ redirect }, 200);
  })
  .get("/callback", async (c) => {
    let returnTo: string | null = null;
    const fail = (error: SsoError, why: string) => {
      console.warn(`[${c.var.requestId}] SSO login ${error}: ${why}`);
      return c.redirect(failureLocation(error, returnTo), 302);
    };
    try {
      const state = c.req.query("state");
      const code = c.req.query("code");
      if (!state) return fail("failed", "no state");
      const database = db(c.env.DB);
      // Consumed first, whatever follows: a state serves one callback only.
      const login = await consumeLoginState(database, state);
      if (!login) return fail("failed", "unknown, used or expired state");
      returnTo = safeRedirectPath(login.redirect_url) ?? null;
      if (!code) return fail("failed", `provider answered ${c.req.query("error") ?? "without a code"}`);
      const provider = await activeProvider(database, login.organization_id);
      if (!provider) return fail("invalid_user", `SSO is off for organization ${login.organization_id}`);
      const metadata = await discover(provider.issuer);
      const tokens = await exchangeCode(metadata, {
        clientId: provider.client_id,
        clientSecret: await decryptSecret(c.env.APP_KEY, provider.client_secret),
        code,
        redirectUri: callbackUri(c),
        codeVerifier: login.code_verifier,
      });
      const verified = await verifyIdToken(metadata, tokens.id_token, { issuer: provider.issuer, clientId: provider.client_id, nonce: login.nonce });
      const claims = await completeClaims(metadata, verified, tokens.access_token);
      const result = await signInWithProvider(database, login.organization_id, provider, claims, c.var.locale);
      if (!result.ok) return fail("invalid_user", result.reason);
      await startSession(c, database, result.userId, false);
      return c.redirect(safeRedirectPath(login.redirect_url) ?? "/home", 302);
    } catch (error) {
      // Provider, network or storage trouble: the browser gets a screen, never a JSON body.
      return fail("failed", error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  });
