import { ALL_MUTATORS } from "../../../domain/sync/registry.ts";
import type { MutatorRegistry } from "../../../domain/sync/run.ts";

/** Every mutator the server replays (docs/sync.md), by name: domain/sync/registry.ts. */
export const SYNC_MUTATORS: MutatorRegistry = ALL_MUTATORS;
