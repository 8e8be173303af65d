import { z } from "zod";

/**
 * Organization feature flags (SPEC §3, in its order). A flag gates a feature for the whole
 * organization (SPEC §6); the route that offers the feature checks it after authorizing the user.
 */
export const FEATURE_FLAGS = [
  "allow_sms",
  "allow_replay_download",
  "allow_vmr_sources",
  "allow_streaming_channels",
  "allow_meetings",
  "allow_webcasts",
  "allow_premiere_webcasts",
  "allow_webcast_archive_cloning",
  "allow_rtmp_mode",
  "allow_rtmp_output",
  "allow_events",
  "allow_meeting_event_activities",
  "allow_webcast_event_activities",
  "allow_premiere_webcast_event_activities",
  "allow_external_event_activities",
  "allow_icastpro_event_activities",
  "allow_embed_event_activities",
  "allow_archive_transcript",
  "allow_video_content",
  "allow_video_archive_edit",
  "allow_1080_webcasts",
  "allow_embed_integration_in_webcasts",
  "allow_webcasts_analytics_export",
  "send_registration_email",
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type Features = Record<FeatureFlag, boolean>;

/** Flags whose screen shows a security warning (SPEC §3: embedded activities run third-party code). */
export const FEATURE_FLAGS_WITH_WARNING: ReadonlySet<FeatureFlag> = new Set<FeatureFlag>(["allow_embed_event_activities"]);

/**
 * Flags about webcasts (the core service): the demo organization turns them all on, and the
 * Features tab can group them.
 */
export const WEBCAST_FEATURE_FLAGS: readonly FeatureFlag[] = [
  "allow_webcasts",
  "allow_premiere_webcasts",
  "allow_replay_download",
  "allow_vmr_sources",
  "allow_webcast_archive_cloning",
  "allow_rtmp_mode",
  "allow_rtmp_output",
  "allow_archive_transcript",
  "allow_video_content",
  "allow_video_archive_edit",
  "allow_1080_webcasts",
  "allow_embed_integration_in_webcasts",
  "allow_webcasts_analytics_export",
];

/**
 * Defaults for either billing type: webcasts (with the video content they loop) and the
 * registration e-mail are on; every other service or option is switched on by sales/back office
 * (self-serve: by the plan).
 */
export const DEFAULT_FEATURES: Readonly<Features> = Object.fromEntries(
  FEATURE_FLAGS.map((flag) => [flag, flag === "allow_webcasts" || flag === "allow_video_content" || flag === "send_registration_email"]),
) as Record<FeatureFlag, boolean>;

/** The defaults of a billing type (identical today; kept per type so the reset rule has one entry point). */
export function defaultFeatures(_selfServe: boolean): Features {
  return { ...DEFAULT_FEATURES };
}

/** Every flag, as the Features tab edits them. */
export const featuresSchema = z.strictObject(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<FeatureFlag, z.ZodBoolean>,
);

/** Some flags (PATCH /features `{ features }`); unknown flags are refused, omitted ones are kept. */
export const featuresPatchSchema = featuresSchema.partial();

function isFeatureFlag(key: string): key is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(key);
}

/** The stored JSON merged over the defaults: absent or non-boolean entries take the default. */
export function featuresOf(org: { self_serve: boolean; features?: Readonly<Record<string, unknown>> | null }): Features {
  const features = defaultFeatures(org.self_serve);
  for (const [key, value] of Object.entries(org.features ?? {})) {
    if (isFeatureFlag(key) && typeof value === "boolean") features[key] = value;
  }
  return features;
}

/** Whether the organization has this feature. The caller has already authorized the user. */
export function hasFeature(org: { self_serve: boolean; features?: Readonly<Record<string, unknown>> | null }, flag: FeatureFlag): boolean {
  return featuresOf(org)[flag];
}

/** Body of PATCH /api/organizations/{id}/features. */
export const featuresBodySchema = z.strictObject({ features: featuresPatchSchema });
