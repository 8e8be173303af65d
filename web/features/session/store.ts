import { proxy, useSnapshot } from "valtio";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { STORAGE_PREFIX } from "../../../domain/i18n/locales.ts";
import { abilitiesOf } from "../../../domain/permissions/can.ts";
import { readStored, writeStored } from "../../lib/storage.ts";
import { clearLoggedInFlag, isLoggedInFlagSet, setLoggedInFlag } from "./logged-in-flag.ts";

/**
 * The signed-in user (SPEC §3/§4). `status` is "unknown" until the first GET /api/profile answer
 * (the route guard fetches it when missing), then "ready" with `user` set or null.
 */
export interface SessionState {
  user: ProfileUser | null;
  status: "unknown" | "loading" | "ready";
}

export const session = proxy<SessionState>({ user: null, status: "unknown" });

/**
 * The last user the server confirmed, kept so the installed app opens offline (the guard uses it
 * when GET /api/profile cannot be reached). Removed on logout and on any sign-out answer.
 */
export const PROFILE_CACHE_KEY = `${STORAGE_PREFIX}.profile` as const;

/** Permission names the user holds somewhere ("*" for a super admin): what the menu filters on. */
export function sessionAbilities(state: { user: ProfileUser | null }): string[] {
  return abilitiesOf(state.user);
}

/** A user confirmed by the server (login, profile fetch or update); null is the same as reset. */
export function setSessionUser(user: ProfileUser | null): void {
  if (!user) {
    resetSession();
    return;
  }
  session.user = user;
  session.status = "ready";
  if (!isLoggedInFlagSet()) setLoggedInFlag();
  writeStored(PROFILE_CACHE_KEY, JSON.stringify(user));
}

/**
 * Forgets the user (SPEC §4 logout/failure, §8 401): the user, the logged-in flag and the offline
 * copy. Called by the global API error handler.
 */
export function resetSession(): void {
  session.user = null;
  session.status = "ready";
  clearLoggedInFlag();
  writeStored(PROFILE_CACHE_KEY, null);
}

/** The offline copy of the last confirmed user, if it looks like one. */
export function cachedProfileUser(): ProfileUser | null {
  const raw = readStored(PROFILE_CACHE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isProfileUser(value) ? value : null;
  } catch {
    return null;
  }
}

function isProfileUser(value: unknown): value is ProfileUser {
  if (typeof value !== "object" || value === null) return false;
  const record: Record<string, unknown> = { ...value };
  return (
    typeof record.id === "number" &&
    typeof record.email === "string" &&
    typeof record.is_super_admin === "boolean" &&
    Array.isArray(record.accounts) &&
    typeof record.permissions === "object" &&
    record.permissions !== null
  );
}

/** React: the current user (null when signed out or not yet known). */
export function useCurrentUser(): ProfileUser | null {
  return useSnapshot(session).user;
}
