import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

/** CSV imports of viewers (docs/viewers-api.md) */
export const viewerImportRoutes = new Hono<AppEnv>();
