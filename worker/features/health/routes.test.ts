import { exports } from "cloudflare:workers";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BUNDLED_MIGRATIONS } from "./migrations.ts";

const request = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`http://localhost${path}`, init));

describe("GET /api/health", () => {
  it("reports version, a reachable D1 and every migration applied", async () => {
    const response = await request("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Request-Id")).toBeTruthy();
    const body = await response.json();
    expect(body).toEqual({
      status: "ok",
      version: env.APP_VERSION,
      d1: true,
      migrations: { applied: BUNDLED_MIGRATIONS.length, total: BUNDLED_MIGRATIONS.length, pending: [], ok: true },
    });
    expect(BUNDLED_MIGRATIONS).toContain("0000_init.sql");
  });

  it("answers 503 and names the pending migration when one is missing", async () => {
    await env.DB.prepare("DELETE FROM d1_migrations WHERE name = ?").bind("0000_init.sql").run();
    const response = await request("/api/health");
    expect(response.status).toBe(503);
    const body = await response.json<{ status: string; migrations: { pending: string[] } }>();
    expect(body.status).toBe("degraded");
    expect(body.migrations.pending).toEqual(["0000_init.sql"]);
    await env.DB.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind("0000_init.sql").run();
    expect((await request("/api/health")).status).toBe(200);
  });
});
