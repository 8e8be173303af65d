import { Hono } from "hono";
import type { AppEnv } from "../../env.ts";
import { BUNDLED_MIGRATIONS, pendingMigrations } from "./migrations.ts";

/** GET /api/health: version, D1 reachability and migration state. 503 when not ready. */
export const health = new Hono<AppEnv>().get("/", async (c) => {
  let d1 = false;
  let pending: string[] = [...BUNDLED_MIGRATIONS];
  try {
    await c.env.DB.prepare("SELECT 1").first();
    d1 = true;
    pending = await pendingMigrations(c.env.DB);
  } catch (error) {
    console.error("health: D1 check failed", error);
  }
  const ok = d1 && pending.length === 0;
  return c.json(
    {
      status: ok ? ("ok" as const) : ("degraded" as const),
      version: c.env.APP_VERSION,
      d1,
      migrations: { applied: BUNDLED_MIGRATIONS.length - pending.length, total: BUNDLED_MIGRATIONS.length, pending, ok: pending.length === 0 },
    },
    ok ? 200 : 503,
  );
});
