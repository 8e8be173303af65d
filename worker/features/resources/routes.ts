import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

/**
 * The webcast's resources (/api/webcasts/{id}/resources…, /api/resources/{id}): SPEC §7, mounted at /api (paths written in full here). Writes go through
 * the sync mutators with `pushMutations`, like worker/features/webcasts.
 */
export const resourceRoutes = new Hono<AppEnv>();
