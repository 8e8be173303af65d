import { proxy, useSnapshot } from "valtio";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { abilitiesOf } from "../../../domain/permissions/can.ts";

/**
 * The signed-in user (SPEC §3/§4). `status` is "unknown" until the first GET /api/profile answer
 * (the route guard fetches it when missing), then "ready" with `user` set or null.
 */
export interface SessionState {
  user: ProfileUser | null;
  status: "unknown" | "loading" | "ready";
}

export const session = proxy<SessionState>({ user: null, status: "unknown" });

/** Permission names the user holds somewhere ("*" for a super admin): what the menu filters on. */
export function sessionAbilities(state: { user: ProfileUser | null }): string[] {
  return abilitiesOf(state.user);
}

export function setSessionUser(user: ProfileUser | null): void {
  session.user = user;
  session.status = "ready";
}

/** Forgets the user (SPEC §4 logout/failure, §8 401). Called by the global API error handler. */
export function resetSession(): void {
  session.user = null;
  session.status = "ready";
}

/** React: the current user (null when signed out or not yet known). */
export function useCurrentUser(): ProfileUser | null {
  return useSnapshot(session).user;
}
