import { hasFeature } from "../../../domain/organizations/features.ts";
import type { OrganizationRules } from "../../../domain/sync/types.ts";
import { GATED_SETTINGS } from "../../../domain/webcasts/mutators.ts";

/**
 * Whether the organization allows `value` for `field`, by the mutators' own feature gates
 * (GATED_SETTINGS); true when its rules are unknown on this device (the server judges).
 */
export function isAllowed(organization: OrganizationRules | null, field: string, value: unknown): boolean {
  if (!organization) return true;
  return GATED_SETTINGS.every((gate) => gate.field !== field || gate.value !== value || hasFeature(organization, gate.feature));
}
