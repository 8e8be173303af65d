import { EMBED_APP_MUTATORS } from "../embed-apps/mutators.ts";
import { SERVER_ONLY_WEBCAST_MUTATORS, WEBCAST_MUTATORS } from "../webcasts/mutators.ts";
import { POLL_MUTATORS } from "../polls/mutators.ts";
import { RESOURCE_MUTATORS } from "../resources/mutators.ts";
import { SEGMENT_MUTATORS } from "../segments/mutators.ts";
import { SERVER_ONLY_SPEAKER_MUTATORS, SPEAKER_MUTATORS } from "../speakers/mutators.ts";
import { STREAMING_OUTPUT_MUTATORS } from "../streaming-outputs/mutators.ts";
import { MEDIA_MUTATORS, SERVER_ONLY_MEDIA_MUTATORS } from "../media/mutators.ts";
import { SERVER_ONLY_SLIDES_MUTATORS, SLIDES_MUTATORS } from "../slides/mutators.ts";
import { PREMIERE_VIDEO_MUTATORS } from "../premiere-videos/mutators.ts";
import { SERVER_ONLY_VIEWER_MUTATORS, VIEWER_MUTATORS } from "../viewers/mutators.ts";

/**
 * Every synced mutator by name: the browser's replica runs them optimistically, the server
 * replays them (docs/sync.md). A feature that becomes synced adds its registry here; names must
 * not collide (the test checks).
 */
export const ALL_MUTATORS = {
  ...WEBCAST_MUTATORS,
  ...SPEAKER_MUTATORS,
  ...POLL_MUTATORS,
  ...RESOURCE_MUTATORS,
  ...EMBED_APP_MUTATORS,
  ...SEGMENT_MUTATORS,
  ...STREAMING_OUTPUT_MUTATORS,
  ...MEDIA_MUTATORS,
  ...SLIDES_MUTATORS,
  ...PREMIERE_VIDEO_MUTATORS,
  ...VIEWER_MUTATORS,
} as const;

/** The registries, for the collision check. */
export const MUTATOR_REGISTRIES = [
  WEBCAST_MUTATORS,
  SPEAKER_MUTATORS,
  POLL_MUTATORS,
  RESOURCE_MUTATORS,
  EMBED_APP_MUTATORS,
  SEGMENT_MUTATORS,
  STREAMING_OUTPUT_MUTATORS,
  MEDIA_MUTATORS,
  SLIDES_MUTATORS,
  PREMIERE_VIDEO_MUTATORS,
  VIEWER_MUTATORS,
] as const;

/**
 * Mutators only the server runs (their routes do work around them: e-mails, password hashes, R2
 * files). They refuse to run elsewhere, and /api/sync/push refuses their names.
 */
export const SERVER_ONLY_MUTATORS: ReadonlySet<string> = new Set([...SERVER_ONLY_WEBCAST_MUTATORS, ...SERVER_ONLY_SPEAKER_MUTATORS, ...SERVER_ONLY_MEDIA_MUTATORS, ...SERVER_ONLY_SLIDES_MUTATORS, ...SERVER_ONLY_VIEWER_MUTATORS]);

/**
 * Mutators that read or write the on-demand rows (viewers, domain/sync/tables.ts ON_DEMAND_TABLES):
 * a page of a webcast's viewers pull re-runs the outbox only while one of them is queued.
 */
export const ON_DEMAND_READERS: ReadonlySet<string> = new Set(Object.keys(VIEWER_MUTATORS));
