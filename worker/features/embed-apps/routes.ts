import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

/**
 * The webcast's embed apps (/api/webcasts/{id}/embed-apps…): SPEC §7, mounted at /api (paths written in full here). Writes go through
 * the sync mutators with `pushMutations`, like worker/features/webcasts.
 */
export const embedAppRoutes = new Hono<AppEnv>();
