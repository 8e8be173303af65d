import { XSRF_COOKIE_NAME, XSRF_COOKIE_NAMES } from "../../domain/http/cookies.ts";
import { readCookie } from "./cookies.ts";
import { requestHeaders } from "./headers.ts";

/**
 * Sanctum-style CSRF (SPEC §7, docs/identity-api.md): GET /sanctum/csrf-cookie sets the readable
 * XSRF-TOKEN cookie (`__Host-XSRF-TOKEN` over HTTPS); every mutating request echoes it
 * (URL-decoded) in X-XSRF-TOKEN. The cookie is fetched before the first mutating call that finds
 * none, and again after a 419 (then the call is sent once more). The token is bound to the
 * session: a login or logout response sets a new cookie, which the next call reads; a call racing
 * it gets a 419 and is retried with a fresh token.
 */
export const CSRF_COOKIE = XSRF_COOKIE_NAME;
export const CSRF_HEADER = "X-XSRF-TOKEN";
export const CSRF_COOKIE_PATH = "/sanctum/csrf-cookie";
export const CSRF_MISMATCH_STATUS = 419;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

let refreshing: Promise<void> | null = null;

/** Asks the server for a fresh XSRF-TOKEN cookie; concurrent callers share one request. */
export function refreshCsrfCookie(): Promise<void> {
  refreshing ??= globalThis
    .fetch(CSRF_COOKIE_PATH, { method: "GET", credentials: "include", headers: requestHeaders() })
    .then(() => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The XSRF token under the `__Host-` name (HTTPS) first, else under the plain one (loopback http). */
export function readCsrfToken(): string | null {
  for (const name of XSRF_COOKIE_NAMES) {
    const token = readCookie(name);
    if (token) return token;
  }
  return null;
}

/** The X-XSRF-TOKEN header for a mutating request, fetching the cookie first when there is none. */
export async function csrfHeaders(): Promise<Record<string, string>> {
  if (!readCsrfToken()) await refreshCsrfCookie();
  const token = readCsrfToken();
  return token ? { [CSRF_HEADER]: token } : {};
}

export function isMutating(method: string | undefined): boolean {
  return !SAFE_METHODS.has((method ?? "GET").toUpperCase());
}

async function withCsrf(init: RequestInit): Promise<RequestInit> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(await csrfHeaders())) headers.set(name, value);
  return { ...init, headers };
}

/**
 * `fetch` with the CSRF dance for POST/PATCH/PUT/DELETE; safe methods go straight through. Used by
 * the `hc` client and the plain JSON helper. Bodies are strings or FormData, so a retry can resend.
 */
export async function csrfFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? (input instanceof Request ? input.method : "GET");
  if (!isMutating(method)) return globalThis.fetch(input, init);
  const response = await globalThis.fetch(input, await withCsrf(init));
  if (response.status !== CSRF_MISMATCH_STATUS) return response;
  await refreshCsrfCookie();
  return globalThis.fetch(input, await withCsrf(init));
}
