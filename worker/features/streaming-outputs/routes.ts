import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

/**
 * The webcast's streaming outputs (/api/webcasts/{id}/streaming-outputs, /api/streaming-outputs/{id}): SPEC §7, mounted at /api (paths written in full here). Writes go through
 * the sync mutators with `pushMutations`, like worker/features/webcasts.
 */
export const streamingOutputRoutes = new Hono<AppEnv>();
