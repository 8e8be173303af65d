import { type PermissionSubject, can } from "../permissions/can.ts";
import type { Permission } from "../permissions/permissions.ts";

/**
 * The SPEC §2 route guard as one pure decision. The web gathers the inputs (target, public flag,
 * current user, `redirect_url`) and applies the answer; no authorization beyond this is implied:
 * the worker authorizes every call again.
 */
export const LOGIN_PATH = "/login";
export const HOME_PATH = "/home";
export const ONBOARDING_PATH = "/onboarding";
export const FORBIDDEN_PATH = "/errors/403";
export const REDIRECT_PARAM = "redirect_url";

/** Public screens (SPEC §2 "public and authentication routes" + the local mailbox). */
export const PUBLIC_PATHS: readonly string[] = ["/login", "/login/sso", "/password/request", "/users/signup", "/dev/mailbox"];
/** Public screens with a parameter or a family of pages. */
export const PUBLIC_PREFIXES: readonly string[] = ["/users/activation/", "/password/reset/", "/errors/"];

/** SPEC §2: what a signed-in user without any account (and not super admin) may open. */
export const NO_ACCOUNT_PATHS: readonly string[] = [HOME_PATH, "/profile", "/settings/password"];

/** What the guard reads of the user (ProfileUser satisfies it). */
export interface GuardUser extends PermissionSubject {
  accounts: readonly unknown[];
  onboarding_required: boolean;
}

export interface GuardInput {
  /** Target pathname. */
  path: string;
  /** Target path with its query, kept as `redirect_url` when sending to login; defaults to `path`. */
  href?: string;
  /** The matched route declares itself public (besides the SPEC list above). */
  isPublic?: boolean;
  /** null when signed out. */
  user: GuardUser | null;
  /** The `redirect_url` query value of the target (read on /login). */
  redirectUrl?: string | null;
  /** Permissions the matched routes require (`staticData.permission`); every one must be held. */
  permissions?: readonly Permission[];
}

export type GuardDecision = { action: "allow" } | { action: "redirect"; to: string };

const ALLOW: GuardDecision = { action: "allow" };
const redirectTo = (to: string): GuardDecision => ({ action: "redirect", to });

/** "/profile/" → "/profile" (the root stays "/"). */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
}

export function isPublicPath(path: string): boolean {
  const normalized = normalizePath(path);
  return PUBLIC_PATHS.includes(normalized) || PUBLIC_PREFIXES.some((prefix) => normalized.startsWith(prefix));
}

/**
 * A `redirect_url` we may follow: a path on this origin (never "//host", "/\host" or a full URL),
 * and not the login page itself. Returns the path with its query and hash, or null.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Control characters (tab, newline) are dropped by URL parsers and could smuggle a "//".
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const base = "http://guard.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (normalizePath(url.pathname) === LOGIN_PATH) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login?redirect_url=<href> (without the parameter when the target is the root or login). */
export function loginUrl(href: string | undefined): string {
  const target = href ? safeRedirectPath(href) : null;
  if (!target || target === "/") return LOGIN_PATH;
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}

/** SPEC §2: where a signed-in user goes from login: redirect_url, else onboarding, else home. */
export function afterLoginTarget(user: Pick<GuardUser, "onboarding_required">, redirectUrl?: string | null): string {
  const target = safeRedirectPath(redirectUrl);
  if (target) return target;
  return user.onboarding_required ? ONBOARDING_PATH : HOME_PATH;
}

/** SPEC §2: a user who is not super admin and has no account is held to home, profile and password. */
export function isHeldToBasics(user: GuardUser): boolean {
  return !user.is_super_admin && user.accounts.length === 0;
}

/**
 * The sign-up setup step (SPEC §2 onboarding, §5 "Organization name is required at setup"): a user
 * who must finish it is sent there from every private screen, and nobody else may open it.
 * Null when the onboarding rule has nothing to say about `path`.
 */
function onboardingRedirect(path: string, user: GuardUser): GuardDecision | null {
  if (user.onboarding_required) return path === ONBOARDING_PATH ? ALLOW : redirectTo(ONBOARDING_PATH);
  return path === ONBOARDING_PATH ? redirectTo(HOME_PATH) : null;
}

/**
 * SPEC §2, in order: a signed-in user opening login goes on (redirect_url → onboarding → home);
 * public routes pass; the signed-out go to login with the target as redirect_url; a user who must
 * finish the sign-up setup is held to /onboarding (and only they may open it, others go home); a
 * user without accounts is held to home/profile/password; a screen's permissions must be held
 * (else 403).
 */
export function guardDecision(input: GuardInput): GuardDecision {
  const path = normalizePath(input.path);
  const { user } = input;
  if (path === LOGIN_PATH) return user ? redirectTo(afterLoginTarget(user, input.redirectUrl)) : ALLOW;
  if (input.isPublic || isPublicPath(path)) return ALLOW;
  if (!user) return redirectTo(loginUrl(input.href ?? path));
  const onboarding = onboardingRedirect(path, user);
  if (onboarding) return onboarding;
  if (isHeldToBasics(user) && !NO_ACCOUNT_PATHS.includes(path)) return redirectTo(HOME_PATH);
  if (input.permissions?.some((permission) => !can(user, permission))) return redirectTo(FORBIDDEN_PATH);
  return ALLOW;
}
