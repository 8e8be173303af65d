import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

// Filled in by the SSO work of the Identity issue.
export const ssoRoutes = new Hono<AppEnv>();
