import { type ParsedLocation, type StaticDataRouteOption, redirect } from "@tanstack/react-router";
import { LOGIN_PATH, guardDecision, isPublicPath, normalizePath, REDIRECT_PARAM } from "../../../domain/navigation/guard.ts";
import type { Permission } from "../../../domain/permissions/permissions.ts";
import { autoInstallSessionSync } from "../../local/session-sync.ts";
import { ensureSessionUser } from "./api.ts";
import { isLoggedInFlagSet } from "./logged-in-flag.ts";
import { session } from "./store.ts";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** Reachable signed out (the public layout sets it for its screens). */
    public?: boolean;
    /** Permission(s) a screen needs, all of them, in some organization (SPEC §6 `can`); else /errors/403. */
    permission?: Permission | readonly Permission[];
  }
}

interface GuardMatch {
  routeId: unknown;
  staticData: StaticDataRouteOption;
}

function requiredPermissions(matches: readonly GuardMatch[]): Permission[] {
  return matches.flatMap(({ staticData }) => {
    const { permission } = staticData;
    if (!permission) return [];
    return typeof permission === "string" ? [permission] : [...permission];
  });
}

function redirectUrlOf(search: unknown): string | null {
  if (typeof search !== "object" || search === null) return null;
  const value: unknown = Object.entries(search).find(([key]) => key === REDIRECT_PARAM)?.[1];
  return typeof value === "string" ? value : null;
}

/**
 * Boot (web/main.tsx): starts what the first navigation's guard waits for while the catalog and the
 * route code load — the user (GET /api/profile, or at once the offline copy when the browser is
 * offline) and the sync engine that follows the user (its database starts opening). The guard
 * then finds them ready or shares the request in flight. Same calls as the guard's, only earlier.
 */
export function prepareSession(): void {
  autoInstallSessionSync();
  void ensureSessionUser();
}

/**
 * Root `beforeLoad`: gathers the inputs of the SPEC §2 guard (domain/navigation/guard.ts) and
 * applies its answer. Public screens skip the user fetch (a background refresh fills the header
 * when the logged-in flag is set); /login and private screens wait for the user.
 */
export async function guardRoute({
  location,
  matches,
}: {
  location: Pick<ParsedLocation, "pathname" | "href" | "search">;
  matches: readonly GuardMatch[];
}): Promise<void> {
  // Local-first sync follows the session from the first navigation on (idempotent).
  autoInstallSessionSync();
  const path = normalizePath(location.pathname);
  // The catch-all (unknown paths → /errors/404) is not public: the signed-out sign in first, and a
  // user without accounts is sent home from any other path, known or not (SPEC §2).
  const isPublic = matches.some((match) => match.staticData.public === true);
  const needsUser = path === LOGIN_PATH || !(isPublic || isPublicPath(path));
  let user = session.user;
  if (needsUser) user = await ensureSessionUser();
  else if (!user && session.status === "unknown" && isLoggedInFlagSet()) void ensureSessionUser();

  const decision = guardDecision({
    path,
    href: location.href,
    isPublic,
    user,
    redirectUrl: redirectUrlOf(location.search),
    permissions: requiredPermissions(matches),
  });
  if (decision.action === "redirect") throw redirect({ href: decision.to, replace: true });
}
