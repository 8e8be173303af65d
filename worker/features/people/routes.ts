import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

// Filled in by the Identity issue (see docs/identity-api.md).
export const peopleRoutes = new Hono<AppEnv>();
