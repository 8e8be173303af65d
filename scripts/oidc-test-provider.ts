import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Account, type Configuration, type KoaContextWithOIDC } from "oidc-provider";

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a free localhost port, for the SSO
 * tests (workerd and e2e). One confidential client (client_secret_basic, PKCE S256 required), a
 * few accounts sharing one password, and a minimal login screen of its own: e-mail + password,
 * consent granted automatically (a first-party provider). Never used outside tests.
 */

export const OIDC_TEST_PASSWORD = "Sso-test-pass-1!";
export const OIDC_TEST_CLIENT_ID = "igo-events";

export interface OidcTestAccount {
  email: string;
  given_name: string;
  family_name: string;
  email_verified: boolean;
}

/** sso.test people for the modes; the last two check what a provider may not vouch for. */
export const OIDC_TEST_ACCOUNTS: readonly OidcTestAccount[] = [
  { email: "sso-member@sso.test", given_name: "Mia", family_name: "Member", email_verified: true },
  { email: "sso-stranger@sso.test", given_name: "Sam", family_name: "Stranger", email_verified: true },
  { email: "sso-newcomer@sso.test", given_name: "Nina", family_name: "Newcomer", email_verified: true },
  { email: "sso-existing@sso.test", given_name: "Eli", family_name: "Existing", email_verified: true },
  { email: "sso-outsider@sso.test", given_name: "Otis", family_name: "Outsider", email_verified: true },
  { email: "sso-pending@sso.test", given_name: "Pia", family_name: "Pending", email_verified: true },
  { email: "sso-disabled@sso.test", given_name: "Dan", family_name: "Disabled", email_verified: true },
  { email: "sso-userinfo@sso.test", given_name: "Ulla", family_name: "Userinfo", email_verified: true },
  { email: "sso-e2e@sso.test", given_name: "Eve", family_name: "Endtoend", email_verified: true },
  { email: "sso-unverified@sso.test", given_name: "Uma", family_name: "Unverified", email_verified: false },
  // Another domain: a provider configured for sso.test must not sign anyone in as this address.
  { email: "owner@demo.test", given_name: "Not", family_name: "Theowner", email_verified: true },
];

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop: () => Promise<void>;
}

export interface OidcTestProviderOptions {
  /** The app's callback URL(s), e.g. `http://localhost/api/sso/callback`. */
  redirectUris: string[];
  /**
   * true (default): scope claims (email, names) are in the ID token. false: oidc-provider's strict
   * default, where they are only served by the userinfo endpoint.
   */
  claimsInIdToken?: boolean;
  accounts?: readonly OidcTestAccount[];
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

function loginPage(uid: string, loginHint: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body>
  <h1>Test identity provider</h1>
  ${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
  <form method="post" action="/interaction/${escapeHtml(uid)}/login">
    <label>E-mail <input type="email" name="login" value="${escapeHtml(loginHint)}" required autofocus></label>
    <label>Password <input type="password" name="password" required></label>
    <button type="submit">Sign in</button>
  </form>
  <p><a href="/interaction/${escapeHtml(uid)}/abort">Cancel</a></p>
</body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function sendHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(html);
}

/** Starts the provider; `stop()` closes it. */
export async function startOidcProvider(options: OidcTestProviderOptions): Promise<OidcTestProvider> {
  const accounts = new Map((options.accounts ?? OIDC_TEST_ACCOUNTS).map((account) => [account.email, account]));
  const clientSecret = randomBytes(24).toString("base64url");

  // The port is needed for the issuer, so the server starts first and is handed the provider after.
  let handle: http.RequestListener = (_req, res) => sendHtml(res, 503, "starting");
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // 127.0.0.1 rather than "localhost": workerd and browsers may resolve localhost to ::1 first.
  const issuer = `http://127.0.0.1:${port}`;

  const findAccount = (_ctx: KoaContextWithOIDC, sub: string): Account | undefined => {
    const account = accounts.get(sub);
    if (!account) return undefined;
    return {
      accountId: sub,
      claims: () => ({
        sub,
        email: account.email,
        email_verified: account.email_verified,
        name: `${account.given_name} ${account.family_name}`,
        given_name: account.given_name,
        family_name: account.family_name,
      }),
    };
  };

  const configuration: Configuration = {
    clients: [
      {
        client_id: OIDC_TEST_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    conformIdTokenClaims: options.claimsInIdToken === false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    findAccount,
    // First-party provider: the consent is implied, so the flow is login → back to the app.
    loadExistingGrant: async (ctx) => {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (existing) {
        const grant = await provider.Grant.find(existing);
        if (grant) return grant;
      }
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = "html";
      ctx.body = `<!doctype html><title>Error</title><pre>${escapeHtml(JSON.stringify(out, null, 2))}</pre>`;
    },
  };

  const provider = new Provider(issuer, configuration);
  const oidc = provider.callback();

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, uid: string, action: string | undefined): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return sendHtml(res, 400, "interaction mismatch");
    if (action === "abort") {
      return provider.interactionFinished(req, res, { error: "access_denied", error_description: "End-User aborted interaction" }, { mergeWithLastSubmission: false });
    }
    const hint = typeof details.params.login_hint === "string" ? details.params.login_hint : "";
    if (action === "login" && req.method === "POST") {
      const form = await readForm(req);
      const login = form.get("login")?.trim().toLowerCase() ?? "";
      if (!accounts.has(login) || form.get("password") !== OIDC_TEST_PASSWORD) {
        return sendHtml(res, 200, loginPage(uid, login, "Wrong e-mail or password."));
      }
      return provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === "login") return sendHtml(res, 200, loginPage(uid, hint));
    // Consent (should not happen with loadExistingGrant above): grant what is asked.
    const grant = new provider.Grant({ clientId: String(details.params.client_id), accountId: details.session?.accountId ?? "" });
    grant.addOIDCScope("openid email profile");
    return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }

  handle = (req, res) => {
    const match = /^\/interaction\/([^/?]+)(?:\/(login|abort))?(?:\?|$)/.exec(req.url ?? "");
    if (!match?.[1]) return void oidc(req, res);
    interaction(req, res, match[1], match[2]).catch((error: unknown) => {
      if (!res.headersSent) sendHtml(res, 400, escapeHtml(String(error)));
    });
  };

  return {
    issuer,
    clientId: OIDC_TEST_CLIENT_ID,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
