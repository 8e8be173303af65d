import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

/**
 * The webcast's segments (POST and DELETE /api/webcasts/{id}/segments): SPEC §7, mounted at /api (paths written in full here). Writes go through
 * the sync mutators with `pushMutations`, like worker/features/webcasts.
 */
export const segmentRoutes = new Hono<AppEnv>();
