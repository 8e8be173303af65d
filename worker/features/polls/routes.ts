import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

/**
 * The webcast's polls and polling series (/api/webcasts/{id}/polls…, /api/polls/{id}, /api/webcasts/{id}/polling-series…): SPEC §7, mounted at /api (paths written in full here). Writes go through
 * the sync mutators with `pushMutations`, like worker/features/webcasts.
 */
export const pollRoutes = new Hono<AppEnv>();
