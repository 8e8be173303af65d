import { deleteCookie, readCookie, writeCookie } from "../../api/cookies.ts";

/**
 * SPEC §4: "Logged-in status is kept in a cookie." A readable flag (the session cookie itself is
 * HttpOnly): set on login and on a successful user fetch, cleared on failure and logout. The route
 * guard reads it to skip GET /api/profile when the visitor is clearly signed out. It says nothing
 * about rights: the server checks the real session on every call.
 */
export const LOGGED_IN_COOKIE = "igo_logged_in";
/** Same lifetime as a "remember me" session (worker/auth/session.ts). */
export const REMEMBER_MAX_AGE_S = 30 * 24 * 60 * 60;

export function isLoggedInFlagSet(): boolean {
  return readCookie(LOGGED_IN_COOKIE) === "1";
}

/** Without `remember` the flag lasts the browser session, like the session cookie. */
export function setLoggedInFlag(options: { remember?: boolean } = {}): void {
  writeCookie(LOGGED_IN_COOKIE, "1", options.remember ? { maxAge: REMEMBER_MAX_AGE_S } : {});
}

export function clearLoggedInFlag(): void {
  deleteCookie(LOGGED_IN_COOKIE);
}
