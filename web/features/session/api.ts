import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { api } from "../../api/client.ts";
import { ApiRequestError, unwrap } from "../../api/errors.ts";
import { isLoggedInFlagSet, setLoggedInFlag } from "./logged-in-flag.ts";
import { cachedProfileUser, resetSession, session, setSessionUser } from "./store.ts";

/** SPEC §3 "Session payload". */
export interface Credentials {
  email: string;
  password: string;
  remember?: boolean;
}

/**
 * GET /api/profile. 200 → the user (stored, flag set); 401 or another refusal → signed out
 * (user and flag cleared). Unreachable server (offline, 5xx) → the offline copy of the last
 * confirmed user when the flag says we are signed in, so the installed app opens offline.
 * A browser that knows it is offline (`navigator.onLine` false) does not ask: the request could
 * only fail, and the first screen would wait for it (issue #4: offline home render).
 */
export async function fetchProfile(): Promise<ProfileUser | null> {
  if (!navigator.onLine) return offlineCopy();
  if (!session.user) session.status = "loading";
  try {
    const { data } = await unwrap(api.api.profile.$get(), { global: false });
    setSessionUser(data);
    return data;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.isNetworkError || error.status >= 500)) return offlineCopy();
    resetSession();
    return null;
  }
}

/** The server cannot be asked: the last confirmed user, if the logged-in flag is still set. */
function offlineCopy(): ProfileUser | null {
  const cached = isLoggedInFlagSet() ? cachedProfileUser() : null;
  session.user = cached;
  session.status = "ready";
  return cached;
}

let inflight: Promise<ProfileUser | null> | null = null;

/**
 * The current user for the route guard: the one in memory, else none without a fetch when the
 * logged-in flag is absent, else GET /api/profile (concurrent callers share one request).
 */
export function ensureSessionUser(): Promise<ProfileUser | null> {
  if (session.user) return Promise.resolve(session.user);
  if (!isLoggedInFlagSet()) {
    session.status = "ready";
    return Promise.resolve(null);
  }
  inflight ??= fetchProfile().finally(() => {
    inflight = null;
  });
  return inflight;
}

/**
 * POST /login (CSRF cookie first, see web/api/csrf.ts). Success: the user is stored and the flag
 * set (for 30 days with "remember me"). Failure clears both (SPEC §4) and throws ApiRequestError
 * (422 "Failed to log in!", 429 too many attempts).
 */
export async function login(credentials: Credentials): Promise<ProfileUser> {
  try {
    const json = { email: credentials.email, password: credentials.password, remember: credentials.remember === true };
    const { data } = await unwrap(api.login.$post({ json }), { global: false });
    setLoggedInFlag({ remember: credentials.remember === true });
    setSessionUser(data);
    return data;
  } catch (error) {
    resetSession();
    throw error;
  }
}

type SignOutHook = () => void | Promise<void>;
const signOutHooks = new Set<SignOutHook>();

/**
 * Runs on logout, after the user is forgotten: the place to clear local data (the Dexie database
 * of a later issue) and close the realtime channel (SPEC §7). Returns an unsubscribe function.
 */
export function onSignOut(hook: SignOutHook): () => void {
  signOutHooks.add(hook);
  return () => signOutHooks.delete(hook);
}

/**
 * POST /logout, then forget the user whatever the answer: someone who asked to leave is signed
 * out on this device even offline (the server session then ends at its expiry or next logout).
 */
export async function logout(): Promise<void> {
  try {
    await unwrap(api.logout.$post(), { global: false });
  } catch {
    // Signed out locally anyway.
  } finally {
    resetSession();
    for (const hook of signOutHooks) {
      try {
        await hook();
      } catch {
        // One failing cleanup must not keep the others from running.
      }
    }
  }
}
