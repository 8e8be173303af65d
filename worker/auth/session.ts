import { and, eq, gt, inArray, ne } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema/index.ts";
import type { AppEnv } from "../env.ts";
import { type AuthUser, authUserOf, authUserReads } from "../features/auth/auth-user.ts";
import { hashToken, randomToken } from "./tokens.ts";
import { cookieNamesFor, SESSION_COOKIE_NAME } from "../../domain/http/cookies.ts";
import { rotateCsrfAfterLogout, rotateCsrfForSession } from "./csrf.ts";

/** The name on loopback http; over HTTPS it is `__Host-igo_session` (domain/http/cookies.ts). */
export const SESSION_COOKIE = SESSION_COOKIE_NAME;
/** Without "remember": the cookie lasts the browser session and the server forgets it after 12 h idle. */
const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** With "remember": 30 days, sliding. */
const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** HttpOnly, SameSite=Lax, Secure and `__Host-` outside loopback http (issue #3, issue #14). */
function cookieOptions(c: Context<AppEnv>, remember: boolean) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "Lax" as const,
    secure: cookieNamesFor(c.req.url).secure,
    ...(remember ? { maxAge: REMEMBER_TTL_MS / 1000 } : {}),
  };
}

const expiry = (remember: boolean, now = Date.now()) => new Date(now + (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS)).toISOString();

const sessionCookie = (c: Context<AppEnv>) => cookieNamesFor(c.req.url).session;

/**
 * Opens a session for `userId`, sets its cookie and returns the session id. A session the request
 * already carried is ended first, so a login always rotates the session (no fixation, no orphan);
 * the XSRF token rotates with it (a new one bound to the new session, worker/auth/csrf.ts).
 */
export async function startSession(c: Context<AppEnv>, database: Db, userId: number, remember: boolean): Promise<string> {
  const previous = getCookie(c, sessionCookie(c));
  if (previous) await database.delete(sessions).where(eq(sessions.id, await hashToken(previous)));
  const token = randomToken();
  const id = await hashToken(token);
  await database.insert(sessions).values({
    id,
    user_id: userId,
    remember,
    ip: c.req.header("CF-Connecting-IP") ?? null,
    user_agent: c.req.header("User-Agent")?.slice(0, 300) ?? null,
    expires_at: expiry(remember),
  });
  setCookie(c, sessionCookie(c), token, cookieOptions(c, remember));
  await rotateCsrfForSession(c, id);
  return id;
}

/**
 * The signed-in user behind the request's cookie (null without a live session, or for a missing or
 * disabled user). One round trip, as every API request runs it: the session, its user and their
 * memberships in one batch, the user read through the session (`authUserReads`). The session's
 * expiry is pushed forward at most once a minute (a second round trip then).
 */
export async function currentUser(c: Context<AppEnv>, database: Db): Promise<AuthUser | null> {
  const token = getCookie(c, sessionCookie(c));
  if (!token) return null;
  const id = await hashToken(token);
  const now = new Date().toISOString();
  const live = and(eq(sessions.id, id), gt(sessions.expires_at, now));
  const ofSession = database.select({ id: sessions.user_id }).from(sessions).where(live);
  const [[row], ...userRows] = await database.batch([
    database.select({ remember: sessions.remember, last_seen_at: sessions.last_seen_at }).from(sessions).where(live),
    ...authUserReads(database, (column) => inArray(column, ofSession)),
  ]);
  if (!row) return null;
  // Slide the expiry at most once a minute, to keep reads cheap.
  if (Date.now() - Date.parse(`${row.last_seen_at.replace(" ", "T")}${row.last_seen_at.endsWith("Z") ? "" : "Z"}`) > 60_000) {
    await database.update(sessions).set({ last_seen_at: now, expires_at: expiry(row.remember) }).where(eq(sessions.id, id));
  }
  return authUserOf(database, userRows, id);
}

/** Ends the request's session (if any, even expired), clears the cookie and rotates the XSRF token. */
export async function endSession(c: Context<AppEnv>, database: Db): Promise<void> {
  const names = cookieNamesFor(c.req.url);
  const token = getCookie(c, names.session);
  if (token) await database.delete(sessions).where(eq(sessions.id, await hashToken(token)));
  deleteCookie(c, names.session, { path: "/", secure: names.secure });
  await rotateCsrfAfterLogout(c);
}

/** Revokes every session of a user, except `keepSessionId` (e.g. the one changing the password). */
export async function revokeSessions(database: Db, userId: number, keepSessionId?: string): Promise<void> {
  await database
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId)) : eq(sessions.user_id, userId));
}
