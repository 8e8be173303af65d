import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/api-error.ts";

/**
 * Brute-force protection for the e-mailing and reset calls: fixed-window counters in the D1
 * `rate_limits` table. Each attempt is counted *before* the expensive or sensitive work, with one
 * atomic upsert, so parallel requests cannot slip past the limit; the request over the limit gets
 * 429 `too_many_attempts`. Sign-in is not limited by windows but slowed by growing delays
 * (./throttle.ts), so nobody can lock an account by failing on purpose.
 */
export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** The limits in force (recorded in docs/decisions.md). */
export const RATE_LIMITS = {
  /** POST /api/password/email and /api/users/register/resend, per e-mail: 3 per 15 min (no mail bombing). */
  mailAccount: { limit: 3, windowMs: FIFTEEN_MINUTES },
  /** The same calls (and sign-up), per client address: 10 per 15 min. Sign-up also counts per e-mail (mailAccount). */
  mailAddress: { limit: 10, windowMs: FIFTEEN_MINUTES },
  /** POST /api/password/reset, per e-mail: 5 per 15 min. */
  resetAccount: { limit: 5, windowMs: FIFTEEN_MINUTES },
  /** POST /api/password/reset, per client address: 20 per 15 min. */
  resetAddress: { limit: 20, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, RateLimit>;

/** The caller's address as Cloudflare reports it ("local" under tests and `npm start`). */
export function clientAddress(c: Context<AppEnv>): string {
  return c.req.header("CF-Connecting-IP") ?? "local";
}

/**
 * Counts one attempt under `key` and returns the count in the current window (a window that has
 * ended starts again at 1).
 */
export async function countAttempt(database: D1Database, key: string, windowMs: number, now = Date.now()): Promise<{ count: number; windowEndsAt: number }> {
  const row = await database
    .prepare(
      `INSERT INTO rate_limits (key, count, window_ends_at) VALUES (?1, 1, ?2)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_ends_at <= ?3 THEN 1 ELSE rate_limits.count + 1 END,
         window_ends_at = CASE WHEN rate_limits.window_ends_at <= ?3 THEN excluded.window_ends_at ELSE rate_limits.window_ends_at END
       RETURNING count, window_ends_at`,
    )
    .bind(key, now + windowMs, now)
    .first<{ count: number; window_ends_at: number }>();
  return { count: row?.count ?? 1, windowEndsAt: row?.window_ends_at ?? now + windowMs };
}

/**
 * Counts one attempt against every given key and throws 429 (with Retry-After) when any is over
 * its limit. All keys are counted even when one is over, so an attacker cannot probe one key
 * while another blocks.
 */
export async function enforceRateLimits(c: Context<AppEnv>, checks: readonly { key: string; rule: RateLimit }[]): Promise<void> {
  const now = Date.now();
  const results = await Promise.all(checks.map(({ key, rule }) => countAttempt(c.env.DB, key, rule.windowMs, now)));
  let retryAfterMs = 0;
  results.forEach((result, index) => {
    const rule = checks[index]?.rule;
    if (rule && result.count > rule.limit) retryAfterMs = Math.max(retryAfterMs, result.windowEndsAt - now);
  });
  if (retryAfterMs > 0) {
    c.header("Retry-After", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
    throw new ApiError("too_many_attempts");
  }
}

/** Forgets a key (e.g. a sign-in pair's failures after a successful sign-in). */
export async function clearAttempts(database: D1Database, key: string): Promise<void> {
  await database.prepare("DELETE FROM rate_limits WHERE key = ?").bind(key).run();
}
