import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { cookieNamesFor, XSRF_COOKIE_NAME } from "../../domain/http/cookies.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/api-error.ts";
import { isSafeMethod } from "../http/origin.ts";
import { hashToken, hmac, randomToken, safeEqual } from "./tokens.ts";

/**
 * Sanctum-style CSRF (SPEC §7): GET /sanctum/csrf-cookie sets a readable XSRF-TOKEN cookie and
 * every mutating request must echo it in X-XSRF-TOKEN (419 otherwise). Two more locks than
 * Sanctum's cookie/header equality:
 *
 * - the token is `nonce.HMAC(APP_KEY, binding + nonce)`, bound to the browser's session (its id,
 *   the hash of the session cookie) or, before sign-in, to an anonymous pre-session id held in an
 *   HttpOnly cookie. A token minted for another session or another browser, or planted by a
 *   sibling subdomain, does not verify. Login, register and password reset run before a session
 *   exists, hence the pre-session; it is HttpOnly, so a script that can read the XSRF cookie still
 *   cannot mint a token for another binding. The token rotates at login (`startSession`) and at
 *   logout (`endSession`, which also starts a new pre-session);
 * - state-changing requests and websocket upgrades must come from the app's origin
 *   (worker/http/origin.ts `sameOrigin`, 403), checked before this middleware (worker/app.ts).
 */
export const CSRF_COOKIE = XSRF_COOKIE_NAME;
export const CSRF_HEADER = "X-XSRF-TOKEN";
/** The XSRF and pre-session cookies last 2 hours; a 419 makes the web fetch new ones. */
const CSRF_MAX_AGE_SECONDS = 2 * 60 * 60;

/** What a token is bound to: a session (its stored id) or, before sign-in, a pre-session id. */
export type CsrfBinding = { kind: "session" | "anonymous"; id: string };

async function sign(secret: string, binding: CsrfBinding, nonce: string): Promise<string> {
  return `${nonce}.${await hmac(secret, `csrf:${binding.kind}:${binding.id}:${nonce}`)}`;
}

async function isValid(secret: string, binding: CsrfBinding, token: string): Promise<boolean> {
  const [nonce, signature, extra] = token.split(".");
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(await sign(secret, binding, nonce), token);
}

/** A new token bound to `binding`. */
export function newCsrfToken(secret: string, binding: CsrfBinding): Promise<string> {
  return sign(secret, binding, randomToken());
}

/** The session id of a session cookie's value (what the sessions table stores). */
export const sessionBinding = async (sessionToken: string): Promise<CsrfBinding> => ({ kind: "session", id: await hashToken(sessionToken) });

/** What the request's token must be bound to: its session cookie, else its pre-session cookie. */
async function requestBinding(c: Context<AppEnv>): Promise<CsrfBinding | null> {
  const names = cookieNamesFor(c.req.url);
  const session = getCookie(c, names.session);
  if (session) return sessionBinding(session);
  const presession = getCookie(c, names.presession);
  return presession ? { kind: "anonymous", id: presession } : null;
}

function setXsrfCookie(c: Context<AppEnv>, token: string): void {
  const names = cookieNamesFor(c.req.url);
  setCookie(c, names.xsrf, token, { path: "/", sameSite: "Lax", secure: names.secure, maxAge: CSRF_MAX_AGE_SECONDS });
}

/** Starts a new pre-session (or renews the request's) and sets a token bound to it. */
async function issueAnonymousCsrfCookie(c: Context<AppEnv>, fresh: boolean): Promise<void> {
  const names = cookieNamesFor(c.req.url);
  const id = (!fresh && getCookie(c, names.presession)) || randomToken();
  setCookie(c, names.presession, id, { path: "/", httpOnly: true, sameSite: "Lax", secure: names.secure, maxAge: CSRF_MAX_AGE_SECONDS });
  setXsrfCookie(c, await newCsrfToken(c.env.APP_KEY, { kind: "anonymous", id }));
}

/**
 * GET /sanctum/csrf-cookie: a fresh token for the request's session; without one, for its
 * pre-session (kept, so tabs of one browser share it; started when missing).
 */
export async function issueCsrfCookie(c: Context<AppEnv>): Promise<void> {
  const session = getCookie(c, cookieNamesFor(c.req.url).session);
  if (session) setXsrfCookie(c, await newCsrfToken(c.env.APP_KEY, await sessionBinding(session)));
  else await issueAnonymousCsrfCookie(c, false);
}

/** At login: a token bound to the new session; the pre-session ends. */
export async function rotateCsrfForSession(c: Context<AppEnv>, sessionId: string): Promise<void> {
  const names = cookieNamesFor(c.req.url);
  setXsrfCookie(c, await newCsrfToken(c.env.APP_KEY, { kind: "session", id: sessionId }));
  if (getCookie(c, names.presession)) deleteCookie(c, names.presession, { path: "/", secure: names.secure });
}

/** At logout: a new pre-session and a token bound to it, so the login screen needs no extra round trip. */
export function rotateCsrfAfterLogout(c: Context<AppEnv>): Promise<void> {
  return issueAnonymousCsrfCookie(c, true);
}

/**
 * Refuses a mutating request whose X-XSRF-TOKEN is missing, differs from the cookie, is forged or
 * is bound to another session or browser (419).
 */
export const csrf = createMiddleware<AppEnv>(async (c, next) => {
  if (!isSafeMethod(c.req.method)) {
    const cookie = getCookie(c, cookieNamesFor(c.req.url).xsrf);
    const header = c.req.header(CSRF_HEADER);
    const binding = await requestBinding(c);
    if (!cookie || !header || !binding || !safeEqual(cookie, header) || !(await isValid(c.env.APP_KEY, binding, header))) {
      throw new ApiError("csrf_mismatch");
    }
  }
  await next();
});
