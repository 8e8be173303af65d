import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { expect, inject } from "vitest";
import type { SsoMode } from "../../../domain/sso/index.ts";
import type { OrganizationRole } from "../../../domain/permissions/permissions.ts";
import { db } from "../../db/client.ts";
import { memberships, organizations, users } from "../../db/schema/index.ts";
import { TestClient } from "../../test/client.ts";
import { saveIdentityProvider } from "./settings.ts";

/** Same as scripts/oidc-global-setup.ts (the Node side that starts the provider and provides these). */
export interface OidcTestClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}
declare module "vitest" {
  export interface ProvidedContext {
    oidc: OidcTestClient;
    oidcUserinfo: OidcTestClient;
  }
}

/** scripts/oidc-test-provider.ts OIDC_TEST_PASSWORD (that file is Node-only, so not imported here). */
export const PROVIDER_PASSWORD = "Sso-test-pass-1!";

let sequence = 0;

/** A throw-away organization (storage is shared by the tests of a file). */
export async function createOrganization(): Promise<number> {
  const [row] = await db(env.DB)
    .insert(organizations)
    .values({ name: `SSO ${Date.now().toString(36)}-${++sequence}` })
    .returning({ id: organizations.id });
  if (!row) throw new Error("no organization");
  return row.id;
}

export async function createUser(email: string, options: { status?: "active" | "pending" | "disabled"; organizationId?: number; role?: OrganizationRole } = {}) {
  const [user] = await db(env.DB)
    .insert(users)
    .values({ email, name: email, status: options.status ?? "active", email_verified_at: options.status === "pending" ? null : new Date().toISOString() })
    .returning();
  if (!user) throw new Error("no user");
  if (options.organizationId !== undefined) {
    await db(env.DB).insert(memberships).values({ user_id: user.id, organization_id: options.organizationId, role: options.role ?? "organizer" });
  }
  return user;
}

export async function userByEmail(email: string) {
  const [row] = await db(env.DB).select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function roleIn(organizationId: number, userId: number): Promise<OrganizationRole | null> {
  const [row] = await db(env.DB)
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organization_id, organizationId), eq(memberships.user_id, userId)));
  return row?.role ?? null;
}

/**
 * Sets an organization's provider with the service behind PATCH /api/organizations/{id}/sso (the
 * route itself is tested in organization-routes.test.ts), the secret encrypted as in production.
 */
export async function configureSso(
  organizationId: number,
  mode: SsoMode,
  options: { domains?: string[]; provider?: OidcTestClient; clientSecret?: string; issuer?: string } = {},
): Promise<void> {
  const provider = options.provider ?? inject("oidc");
  await saveIdentityProvider(db(env.DB), env.DB, env.APP_KEY, organizationId, {
    mode,
    issuer: options.issuer ?? provider.issuer,
    client_id: provider.clientId,
    client_secret: options.clientSecret ?? provider.clientSecret,
    domains: options.domains ?? ["sso.test"],
  }, "en");
}

/** A cookie jar for the provider's own cookies (its interaction and session cookies). */
class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getAll("Set-Cookie")) {
      const pair = cookie.split(";")[0] ?? "";
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

export interface SsoLoginOptions {
  password?: string;
  /** The account typed at the provider, when not the e-mail given to the app. */
  providerLogin?: string;
  redirectUrl?: string;
  /** Changes the authorization URL before the "browser" opens it (e.g. another nonce). */
  tamperAuthorization?: (url: URL) => void;
  /** Changes the callback URL before it reaches the app (e.g. another state). */
  tamperCallback?: (url: URL) => void;
  /** Runs while the "browser" is back from the provider, before the callback reaches the app. */
  beforeCallback?: () => Promise<void>;
}

export interface SsoLoginResult {
  /** The app's answer to the callback. */
  response: Response;
  /** Where the app sends the browser. */
  location: string | null;
  /** The callback URL as the provider sent it (before any tampering), to replay it. */
  callbackUrl: string;
}

/**
 * The whole browser journey, driven with fetch: POST /api/sso/start on the app → the provider's
 * authorization URL → its login form (e-mail, password) → back to the app's callback.
 */
export async function ssoLogin(client: TestClient, email: string, options: SsoLoginOptions = {}): Promise<SsoLoginResult> {
  const start = await client.post("/api/sso/start", { email, ...(options.redirectUrl ? { redirect_url: options.redirectUrl } : {}) });
  expect(start.status, await start.clone().text()).toBe(200);
  const authorization = new URL((await start.json<{ redirect: string }>()).redirect);
  options.tamperAuthorization?.(authorization);

  const browser = new ProviderBrowser();
  let url = authorization.toString();
  let response = await browser.fetch(url);
  for (let hop = 0; hop < 10; hop++) {
    const location = response.headers.get("Location");
    if (location) {
      url = new URL(location, url).toString();
      if (url.startsWith("http://localhost/")) break;
      response = await browser.fetch(url);
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action || /role="alert"/.test(html)) throw new Error(`provider stopped at ${url} (${response.status}): ${html.slice(0, 500)}`);
    url = new URL(action, url).toString();
    response = await browser.fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ login: options.providerLogin ?? email, password: options.password ?? PROVIDER_PASSWORD }),
    });
  }
  if (!url.startsWith("http://localhost/api/sso/callback")) throw new Error(`provider did not come back to the app: ${url}`);
  const callbackUrl = url;
  const callback = new URL(callbackUrl);
  options.tamperCallback?.(callback);
  await options.beforeCallback?.();
  const answer = await getCallback(client, `${callback.pathname}${callback.search}`);
  if (answer.status !== 302) throw new Error(`callback ${callbackUrl} answered ${answer.status}: ${await answer.text()}`);
  return { response: answer, location: answer.headers.get("Location"), callbackUrl };
}

/**
 * GET on the callback without following its redirect (a fetch through the worker's own binding
 * would follow it to the SPA screen, absent in workerd tests).
 */
export function getCallback(client: TestClient, pathAndQuery: string): Promise<Response> {
  return client.request(pathAndQuery, { redirect: "manual" });
}

/** GET /api/profile with the client's cookies: the signed-in e-mail, or null. */
export async function signedInEmail(client: TestClient): Promise<string | null> {
  const response = await client.get("/api/profile");
  if (response.status !== 200) return null;
  return (await response.json<{ data: { email: string } }>()).data.email;
}
