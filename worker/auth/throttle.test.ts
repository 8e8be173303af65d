import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../env.ts";
import { onError } from "../http/error-handlers.ts";
import { locale, requestId } from "../http/middleware.ts";
import { type Throttle, claimAttempt, forgiveAttempt, isRemembered, remember, throttle } from "./throttle.ts";

const key = () => `test-throttle:${crypto.randomUUID()}`;
const RULE: Throttle = { free: 2, maxDelayMs: 4000, memoryMs: 60_000 };
const row = (k: string) => env.DB.prepare("SELECT count, next_at FROM rate_limits WHERE key = ?").bind(k).first<{ count: number; next_at: number }>();

describe("claimAttempt (growing delays in D1)", () => {
  it("lets `free` attempts through, then makes each further one wait 1 s, 2 s, 4 s… up to the cap", async () => {
    const k = key();
    const t = 1_000_000;
    const claim = (at: number) => claimAttempt(env.DB, [{ key: k, rule: RULE }], at);
    expect(await claim(t)).toEqual({ ok: true });
    expect(await claim(t)).toEqual({ ok: true });
    // The third failure is the first beyond `free`: it is counted, and the next must wait 1 s.
    expect(await claim(t)).toEqual({ ok: true });
    expect(await claim(t + 400)).toEqual({ ok: false, retryAfterMs: 600 });
    expect(await claim(t + 1000)).toEqual({ ok: true });
    expect(await claim(t + 2999)).toEqual({ ok: false, retryAfterMs: 1 });
    expect(await claim(t + 3000)).toEqual({ ok: true });
    expect(await claim(t + 6999)).toMatchObject({ ok: false });
    expect(await claim(t + 7000)).toEqual({ ok: true });
    // Capped at 4 s (it would be 8 s).
    expect(await claim(t + 11_000)).toEqual({ ok: true });
    expect(await row(k)).toEqual({ count: 7, next_at: t + 15_000 });
  });

  it("does not count refused attempts: hammering never lengthens the wait", async () => {
    const k = key();
    const t = 2_000_000;
    for (let i = 0; i < 3; i++) await claimAttempt(env.DB, [{ key: k, rule: RULE }], t);
    for (let i = 0; i < 10; i++) expect((await claimAttempt(env.DB, [{ key: k, rule: RULE }], t + 10)).ok).toBe(false);
    expect(await row(k)).toEqual({ count: 3, next_at: t + 1000 });
  });

  it("forgets the failures `memoryMs` after the last attempt", async () => {
    const k = key();
    const t = 3_000_000;
    for (let i = 0; i < 5; i++) await claimAttempt(env.DB, [{ key: k, rule: RULE }], t + i * 5000);
    expect((await row(k))?.count).toBe(5);
    expect(await claimAttempt(env.DB, [{ key: k, rule: RULE }], t + 20_000 + 60_000)).toEqual({ ok: true });
    expect(await row(k)).toEqual({ count: 1, next_at: t + 80_000 });
  });

  it("counts all keys or none: a waiting key blocks the attempt without counting it on the others", async () => {
    const waiting = key();
    const other = key();
    const t = 4_000_000;
    for (let i = 0; i < 3; i++) await claimAttempt(env.DB, [{ key: waiting, rule: RULE }], t);
    const result = await claimAttempt(
      env.DB,
      [
        { key: other, rule: RULE },
        { key: waiting, rule: RULE },
      ],
      t + 100,
    );
    expect(result).toEqual({ ok: false, retryAfterMs: 900 });
    expect(await row(other)).toBeNull();
    // Both free: both counted, and the attempt's own new delays do not refuse it.
    expect(await claimAttempt(env.DB, [{ key: other, rule: { ...RULE, free: 0 } }, { key: waiting, rule: RULE }], t + 1000)).toEqual({ ok: true });
    expect((await row(other))?.count).toBe(1);
    expect((await row(waiting))?.count).toBe(4);
  });

  it("lets exactly free + 1 parallel attempts through", async () => {
    const k = key();
    const results = await Promise.all(Array.from({ length: 12 }, () => claimAttempt(env.DB, [{ key: k, rule: RULE }])));
    expect(results.filter((result) => result.ok)).toHaveLength(RULE.free + 1);
    expect((await row(k))?.count).toBe(RULE.free + 1);
  });

  it("forgives an attempt: one failure less and no wait caused by it", async () => {
    const k = key();
    const t = 5_000_000;
    for (let i = 0; i < 3; i++) await claimAttempt(env.DB, [{ key: k, rule: RULE }], t);
    await forgiveAttempt(env.DB, k, t + 5);
    expect(await row(k)).toEqual({ count: 2, next_at: t + 5 });
    expect(await claimAttempt(env.DB, [{ key: k, rule: RULE }], t + 5)).toEqual({ ok: true });
  });

  it("remembers a key until it expires", async () => {
    const k = key();
    expect(await isRemembered(env.DB, k)).toBe(false);
    await remember(env.DB, k, 60_000, 6_000_000);
    expect(await isRemembered(env.DB, k, 6_059_999)).toBe(true);
    expect(await isRemembered(env.DB, k, 6_060_000)).toBe(false);
  });
});

describe("throttle", () => {
  const k = key();
  const app = new Hono<AppEnv>()
    .use(requestId)
    .use(locale)
    .post("/try", async (c) => {
      await throttle(c, [{ key: k, rule: { free: 1, maxDelayMs: 60_000, memoryMs: 60_000 } }]);
      return c.json({ ok: true });
    });
  app.onError(onError);

  it("answers 429 too_many_attempts in the request's language with Retry-After in seconds", async () => {
    const attempt = (language: string) => app.request("/try", { method: "POST", headers: { "Accept-Language": language } }, env);
    expect((await attempt("en")).status).toBe(200);
    expect((await attempt("en")).status).toBe(200);
    const fr = await attempt("fr");
    expect(fr.status).toBe(429);
    expect(await fr.json()).toMatchObject({ code: "too_many_attempts", message: "Trop de tentatives. Veuillez réessayer plus tard." });
    expect(fr.headers.get("Retry-After")).toBe("1");
    const de = await attempt("de");
    expect(await de.json()).toMatchObject({ code: "too_many_attempts", message: "Zu viele Versuche. Bitte versuchen Sie es später erneut." });
  });
});
