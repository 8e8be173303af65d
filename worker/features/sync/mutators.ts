import type { MutatorRegistry } from "../../../domain/sync/run.ts";
import { WEBCAST_MUTATORS } from "../../../domain/webcasts/mutators.ts";

/**
 * Every mutator the server replays (docs/sync.md), by name. A feature that becomes synced adds
 * its registry here; names must not collide.
 */
export const SYNC_MUTATORS: MutatorRegistry = { ...WEBCAST_MUTATORS };
