import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

/**
 * The webcast's speakers (PATCH /api/webcasts/{id}/speakers, POST …/speakers/{speakerId}/invite): SPEC §7, mounted at /api (paths written in full here). Writes go through
 * the sync mutators with `pushMutations`, like worker/features/webcasts.
 */
export const speakerRoutes = new Hono<AppEnv>();
