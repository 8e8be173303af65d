import { type JWTPayload, createRemoteJWKSet, jwtVerify } from "jose";
import { z } from "zod";
import { base64url, randomToken } from "../../auth/tokens.ts";
import { isLoopbackHost } from "../../../domain/http/loopback.ts";

/**
 * The OpenID Connect relying party: discovery, authorization URL (code + PKCE S256), code
 * exchange (client_secret_basic) and ID token verification with jose. Every network or protocol
 * problem throws `OidcError`, which the callback turns into `/login/sso?error=failed`.
 */
export class OidcError extends Error {
  override name = "OidcError";
}

const TIMEOUT_MS = 10_000;

const endpoint = z.url().refine((value) => {
  const url = new URL(value);
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname));
});

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: endpoint,
  token_endpoint: endpoint,
  jwks_uri: endpoint,
  userinfo_endpoint: endpoint.optional(),
});
export type ProviderMetadata = z.output<typeof discoverySchema>;

async function fetchJson(url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new OidcError(`${url} unreachable: ${String(error)}`);
  }
  if (!response.ok) throw new OidcError(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  try {
    return await response.json();
  } catch {
    throw new OidcError(`${url} did not answer JSON`);
  }
}

/**
 * Reads `${issuer}/.well-known/openid-configuration`. The document must name the same issuer
 * (OpenID Connect Discovery §4.3), so a provider cannot speak for another.
 */
export async function discover(issuer: string): Promise<ProviderMetadata> {
  const result = discoverySchema.safeParse(await fetchJson(`${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`));
  if (!result.success) throw new OidcError(`discovery document of ${issuer} is incomplete`);
  if (result.data.issuer !== issuer) throw new OidcError(`discovery names issuer ${result.data.issuer}, expected ${issuer}`);
  return result.data;
}

/** A new login's secrets: state (the sso_states key), nonce and PKCE verifier. */
export function loginSecrets(): { state: string; nonce: string; codeVerifier: string } {
  return { state: randomToken(), nonce: randomToken(), codeVerifier: randomToken() };
}

export async function codeChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

export async function authorizationUrl(
  metadata: ProviderMetadata,
  input: { clientId: string; redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint?: string },
): Promise<string> {
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", input.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("state", input.state);
  url.searchParams.set("nonce", input.nonce);
  url.searchParams.set("code_challenge", await codeChallenge(input.codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  if (input.loginHint) url.searchParams.set("login_hint", input.loginHint);
  return url.toString();
}

const tokenResponseSchema = z.object({ id_token: z.string(), access_token: z.string().optional() });
export type TokenResponse = z.output<typeof tokenResponseSchema>;

/** RFC 6749 §2.3.1: id and secret are form-encoded, then joined and base64-encoded. */
function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replaceAll("%20", "+");
  return `Basic ${btoa(`${encode(clientId)}:${encode(clientSecret)}`)}`;
}

/** Exchanges the authorization code (with the PKCE verifier) for the ID token (and access token). */
export async function exchangeCode(
  metadata: ProviderMetadata,
  input: { clientId: string; clientSecret: string; code: string; redirectUri: string; codeVerifier: string },
): Promise<TokenResponse> {
  const body = new URLSearchParams({ grant_type: "authorization_code", code: input.code, redirect_uri: input.redirectUri, code_verifier: input.codeVerifier });
  const json = await fetchJson(metadata.token_endpoint, {
    method: "POST",
    headers: { Authorization: basicAuthorization(input.clientId, input.clientSecret), "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body,
  });
  const result = tokenResponseSchema.safeParse(json);
  if (!result.success) throw new OidcError("token response without id_token");
  return result.data;
}

/** The claims the app reads from a verified ID token. */
export interface IdentityClaims {
  sub: string;
  /** Lower-cased; undefined when the provider did not share it (the login is then refused). */
  email: string | undefined;
  emailVerified: boolean | undefined;
  name: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  locale: string | undefined;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);

/**
 * Verifies the ID token: signature against the provider's JWKS, issuer, audience = client id,
 * expiry, and the nonce of this login (so a token minted for another login is refused). `azp`
 * must be the client when the token has several audiences.
 */
export async function verifyIdToken(
  metadata: ProviderMetadata,
  idToken: string,
  input: { issuer: string; clientId: string; nonce: string },
): Promise<IdentityClaims> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: TIMEOUT_MS }), {
      issuer: input.issuer,
      audience: input.clientId,
      clockTolerance: 60,
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (error) {
    throw new OidcError(`ID token refused: ${String(error)}`);
  }
  if (payload.nonce !== input.nonce) throw new OidcError("ID token nonce does not match this login");
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== input.clientId) throw new OidcError("ID token azp is not this client");
  return claimsOf(payload);
}

function claimsOf(payload: Record<string, unknown>): IdentityClaims {
  const verified = payload.email_verified;
  return {
    sub: typeof payload.sub === "string" ? payload.sub : "",
    email: text(payload.email)?.toLowerCase(),
    emailVerified: typeof verified === "boolean" ? verified : verified === "true" ? true : verified === "false" ? false : undefined,
    name: text(payload.name),
    givenName: text(payload.given_name),
    familyName: text(payload.family_name),
    locale: text(payload.locale),
  };
}

/**
 * Providers that follow OpenID Connect Core §5.4 strictly put scope claims (email, names) in the
 * userinfo answer rather than the ID token of a code flow: read them there when the ID token has
 * no e-mail. The answer must be about the same subject (Core §5.3.2).
 */
export async function completeClaims(metadata: ProviderMetadata, claims: IdentityClaims, accessToken: string | undefined): Promise<IdentityClaims> {
  if (claims.email || !metadata.userinfo_endpoint || !accessToken) return claims;
  const json = await fetchJson(metadata.userinfo_endpoint, { headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" } });
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new OidcError("userinfo is not an object");
  const userinfo = claimsOf(Object.fromEntries(Object.entries(json)));
  if (userinfo.sub !== claims.sub) throw new OidcError("userinfo is about another subject");
  return {
    sub: claims.sub,
    email: userinfo.email,
    emailVerified: userinfo.emailVerified,
    name: claims.name ?? userinfo.name,
    givenName: claims.givenName ?? userinfo.givenName,
    familyName: claims.familyName ?? userinfo.familyName,
    locale: claims.locale ?? userinfo.locale,
  };
}
