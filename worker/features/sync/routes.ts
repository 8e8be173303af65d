import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

// Filled in by issue #4 (docs/sync.md): POST /push, GET /pull, GET /poke (websocket).
export const syncRoutes = new Hono<AppEnv>();
