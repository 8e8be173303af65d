import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

/** invitation templates and sending (docs/viewers-api.md) */
export const invitationRoutes = new Hono<AppEnv>();
