import type { WebcastSettings } from "../webcasts/record.ts";
import type { SignInMethod } from "./api.ts";

/**
 * Who may enter a webcast's page and how (docs/viewer-page.md "Access API", SPEC §2 "sign-in by
 * magic link, PIN, control number, SSO or guest", §6 "Viewers can be restricted by segment,
 * control number or password"). Pure: the worker decides with it (GET /api/watch/{id} lists the
 * methods, POST …/sign-in refuses the others) and the page can show the same choices offline.
 */

export interface AccessFacts {
  settings: Pick<WebcastSettings, "privacy" | "registration_required" | "control_number_required" | "sso_required">;
  /** The webcast has segments (only viewers tagged with one of their names get in). */
  segmented: boolean;
  /** The webcast's organization has an identity provider in use (SSO mode not off). */
  ssoAvailable: boolean;
}

/**
 * The methods the page offers, in its order:
 * - SSO required: `sso` only;
 * - control number required: `control_number`, and `sso` when the organization has a provider
 *   (the e-mailed methods would let in a viewer without the number);
 * - otherwise `magic_link`, `pin`, `invite`, `password` (the viewer's own, set by the organizer),
 *   `sso` when available, and `guest` for a public webcast without registration and segments.
 */
export function accessMethods(facts: AccessFacts): SignInMethod[] {
  const { settings, segmented, ssoAvailable } = facts;
  if (settings.sso_required) return ["sso"];
  const sso: SignInMethod[] = ssoAvailable ? ["sso"] : [];
  if (settings.control_number_required) return ["control_number", ...sso];
  const guest: SignInMethod[] = settings.privacy === "public" && !settings.registration_required && !segmented ? ["guest"] : [];
  return ["magic_link", "pin", "invite", "password", ...sso, ...guest];
}

/** Whether the page takes registrations (POST …/register): a webcast whose viewers sign in by e-mailed link. */
export function registrationOpen(facts: AccessFacts): boolean {
  return accessMethods(facts).includes("magic_link");
}

/** SPEC §6 segments: a viewer of a segmented webcast gets in when one of their tags is a segment's name (case-insensitive, trimmed). */
export function segmentAllows(tags: readonly string[], segmentNames: readonly string[]): boolean {
  if (segmentNames.length === 0) return true;
  const names = new Set(segmentNames.map((name) => name.trim().toLocaleLowerCase()));
  return tags.some((tag) => names.has(tag.trim().toLocaleLowerCase()));
}
