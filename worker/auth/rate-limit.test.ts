import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../env.ts";
import { onError } from "../http/error-handlers.ts";
import { locale, requestId } from "../http/middleware.ts";
import { clearAttempts, countAttempt, enforceRateLimits } from "./rate-limit.ts";

const WINDOW = 60_000;
const key = () => `test:${crypto.randomUUID()}`;

describe("countAttempt (fixed window in D1)", () => {
  it("counts up within a window and starts again at 1 when it has ended", async () => {
    const k = key();
    const now = 1_000_000;
    expect(await countAttempt(env.DB, k, WINDOW, now)).toEqual({ count: 1, windowEndsAt: now + WINDOW });
    expect(await countAttempt(env.DB, k, WINDOW, now + 10)).toEqual({ count: 2, windowEndsAt: now + WINDOW });
    expect(await countAttempt(env.DB, k, WINDOW, now + WINDOW - 1)).toEqual({ count: 3, windowEndsAt: now + WINDOW });
    expect(await countAttempt(env.DB, k, WINDOW, now + WINDOW)).toEqual({ count: 1, windowEndsAt: now + 2 * WINDOW });
  });

  it("does not lose counts under concurrent attempts", async () => {
    const k = key();
    const counts = await Promise.all(Array.from({ length: 25 }, () => countAttempt(env.DB, k, WINDOW)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it("forgets a key", async () => {
    const k = key();
    await countAttempt(env.DB, k, WINDOW);
    expect((await countAttempt(env.DB, k, WINDOW)).count).toBe(2);
    await clearAttempts(env.DB, k);
    expect((await countAttempt(env.DB, k, WINDOW)).count).toBe(1);
  });
});

describe("enforceRateLimits", () => {
  const a = key();
  const b = key();
  const app = new Hono<AppEnv>()
    .use(requestId)
    .use(locale)
    .post("/try", async (c) => {
      await enforceRateLimits(c, [
        { key: a, rule: { limit: 2, windowMs: WINDOW } },
        { key: b, rule: { limit: 3, windowMs: WINDOW } },
      ]);
      return c.json({ ok: true });
    });
  app.onError(onError);

  it("answers 429 too_many_attempts with Retry-After once any key is over its limit", async () => {
    const attempt = () => app.request("/try", { method: "POST", headers: { "Accept-Language": "fr" } }, env);
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).status).toBe(200);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ code: "too_many_attempts", message: "Trop de tentatives. Veuillez réessayer plus tard." });
    const retryAfter = Number(blocked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Every key keeps counting, even the one still under its limit.
    expect((await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?").bind(b).first<{ count: number }>())?.count).toBe(3);
  });
});
