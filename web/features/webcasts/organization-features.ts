import { type FeatureFlag, hasFeature } from "../../../domain/organizations/features.ts";
import type { OrganizationRules } from "../../../domain/sync/types.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";

/**
 * Setting values an organization feature gates, as the webcast mutators check them (their
 * GATED_SETTINGS, domain/webcasts/mutators.ts): the forms leave out what the organization does not
 * allow when this device knows its features.
 */
const GATES: readonly { field: keyof WebcastRow; value: unknown; feature: FeatureFlag }[] = [
  { field: "source_type", value: "rtmp", feature: "allow_rtmp_mode" },
  { field: "source_type", value: "vmr", feature: "allow_vmr_sources" },
  { field: "quality", value: "1080p", feature: "allow_1080_webcasts" },
  { field: "vod_download", value: true, feature: "allow_replay_download" },
];

/** Whether the organization allows `value` for `field` (true when its rules are unknown: the server judges). */
export function isAllowed(organization: OrganizationRules | null, field: string, value: unknown): boolean {
  if (!organization) return true;
  return GATES.every((gate) => gate.field !== field || gate.value !== value || hasFeature(organization, gate.feature));
}
