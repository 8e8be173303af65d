import type { OrganizationRole } from "../permissions/permissions.ts";
import type { SsoMode } from "./identity-provider.ts";

/** The role given to people who arrive through an open provider (SPEC §4 "open"). */
export const SSO_JOIN_ROLE: OrganizationRole = "viewer";

export type SsoDecision =
  /** A member signs in as they are (a pending account is activated: the provider vouched for the e-mail). */
  | { kind: "sign_in"; activate: boolean }
  /** An existing user, not yet a member, signs in and joins the organization. */
  | { kind: "join"; role: OrganizationRole; activate: boolean }
  /** Nobody has this e-mail yet: create the user (active, e-mail verified) as a member. */
  | { kind: "create"; role: OrganizationRole }
  | { kind: "refuse"; reason: "sso_off" | "not_a_member" | "disabled" };

/**
 * What a verified provider login of the organization leads to (SPEC §4 SSO modes):
 * - off: refused;
 * - open: an existing user signs in (joining the organization as viewer if not a member); a new
 *   user is created active, e-mail verified, viewer;
 * - restricted: only an existing member signs in.
 * A disabled account is always refused. Pure; the callback route calls it after verifying the
 * ID token, with the user and membership it found for the token's e-mail.
 */
export function ssoDecision(
  mode: SsoMode,
  existingUser: { status: "pending" | "active" | "disabled" } | null,
  membership: { role: OrganizationRole } | null,
): SsoDecision {
  if (mode === "off") return { kind: "refuse", reason: "sso_off" };
  if (existingUser?.status === "disabled") return { kind: "refuse", reason: "disabled" };
  const activate = existingUser?.status === "pending";
  if (existingUser && membership) return { kind: "sign_in", activate };
  if (mode === "restricted") return { kind: "refuse", reason: "not_a_member" };
  if (existingUser) return { kind: "join", role: SSO_JOIN_ROLE, activate };
  return { kind: "create", role: SSO_JOIN_ROLE };
}
