import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";

// Placeholder replaced by the Durable Object helper.
export const webcastRoom = new Hono<AppEnv>();
