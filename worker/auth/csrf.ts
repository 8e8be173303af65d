import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/api-error.ts";
import { hmac, randomToken, safeEqual } from "./tokens.ts";
import { isLoopbackUrl } from "../../domain/http/loopback.ts";

/**
 * Sanctum-style CSRF (SPEC §7): GET /sanctum/csrf-cookie sets a readable XSRF-TOKEN cookie and
 * every mutating request must echo it in X-XSRF-TOKEN. The token is signed with APP_KEY, so a
 * cookie planted from elsewhere (cookie tossing) is refused too.
 */
export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "X-XSRF-TOKEN";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

async function sign(secret: string, nonce: string): Promise<string> {
  return `${nonce}.${await hmac(secret, `csrf:${nonce}`)}`;
}

async function isValid(secret: string, token: string): Promise<boolean> {
  const [nonce, signature] = token.split(".");
  if (!nonce || !signature) return false;
  return safeEqual(await sign(secret, nonce), token);
}

/** A new signed CSRF token. */
export function newCsrfToken(secret: string): Promise<string> {
  return sign(secret, randomToken());
}

/** Sets a fresh XSRF-TOKEN cookie (readable by the page, which copies it into the header). */
export async function issueCsrfCookie(c: Context<AppEnv>): Promise<void> {
  const secure = !isLoopbackUrl(c.req.url);
  setCookie(c, CSRF_COOKIE, await newCsrfToken(c.env.APP_KEY), { path: "/", sameSite: "Lax", secure, maxAge: 2 * 60 * 60 });
}

/** Refuses a mutating request whose X-XSRF-TOKEN is missing, differs from the cookie or is forged (419). */
export const csrf = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const cookie = getCookie(c, CSRF_COOKIE);
    const header = c.req.header(CSRF_HEADER);
    if (!cookie || !header || !safeEqual(cookie, header) || !(await isValid(c.env.APP_KEY, header))) {
      throw new ApiError("csrf_mismatch");
    }
  }
  await next();
});
