import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

/** the webcast's viewers (docs/viewers-api.md) */
export const viewerRoutes = new Hono<AppEnv>();
