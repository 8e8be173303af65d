import { proxy } from "valtio";

/**
 * PLACEHOLDER SESSION until the Identity issue: there is no signed-in user yet, so `abilities`
 * stays empty and the menu shows only entries open to everyone ("*"). Identity fills this store
 * from GET /api/profile (permissions → ability names) and extends `resetSession`.
 */
export interface SessionState {
  /** Permission names the user holds in at least one organization (SPEC §6). */
  abilities: string[];
}

export const session = proxy<SessionState>({ abilities: [] });

/** Forgets the user (SPEC §8, 401). Called by the global API error handler. */
export function resetSession(): void {
  session.abilities = [];
}
