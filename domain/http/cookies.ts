import { isLoopbackUrl } from "./loopback.ts";

/**
 * The app's cookie names, shared by the worker (which sets them) and the web (which reads the
 * XSRF token). Over HTTPS they carry the `__Host-` prefix: the browser then only accepts them
 * Secure, for Path=/ and without a Domain, so a sibling subdomain or a plain-http page cannot plant
 * ("toss") one. On loopback http (local development, tests, e2e) a `__Host-` cookie could not be
 * set without Secure, so the plain names are used there.
 */
export const HOST_PREFIX = "__Host-";

/** The session cookie (HttpOnly). */
export const SESSION_COOKIE_NAME = "igo_session";
/** The CSRF token the page copies into X-XSRF-TOKEN (readable; Sanctum's name). */
export const XSRF_COOKIE_NAME = "XSRF-TOKEN";
/** The id an XSRF token is bound to before sign-in (HttpOnly; see worker/auth/csrf.ts). */
export const PRESESSION_COOKIE_NAME = "igo_presession";

export interface CookieNames {
  /** Secure attribute, and the `__Host-` names. */
  secure: boolean;
  session: string;
  xsrf: string;
  presession: string;
}

/** Secure cookies everywhere but on loopback http. */
export function usesSecureCookies(url: string | URL): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || !isLoopbackUrl(parsed);
  } catch {
    return true;
  }
}

/** The cookie names (and Secure flag) for a request to `url`. */
export function cookieNamesFor(url: string | URL): CookieNames {
  const secure = usesSecureCookies(url);
  const name = (base: string) => (secure ? `${HOST_PREFIX}${base}` : base);
  return { secure, session: name(SESSION_COOKIE_NAME), xsrf: name(XSRF_COOKIE_NAME), presession: name(PRESESSION_COOKIE_NAME) };
}

/**
 * The names the page looks for the XSRF token under, `__Host-` first: a stale plain-named cookie
 * left from before HTTPS must not win over the one the server now sets.
 */
export const XSRF_COOKIE_NAMES: readonly string[] = [`${HOST_PREFIX}${XSRF_COOKIE_NAME}`, XSRF_COOKIE_NAME];
