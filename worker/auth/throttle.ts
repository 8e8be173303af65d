import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/api-error.ts";

/**
 * Growing delays between attempts (OWASP ASVS v4 2.2.1: anti-automation without a hard lockout).
 * Each key counts failures in the `rate_limits` table; after `free` of them every further attempt
 * must wait 1 s, 2 s, 4 s… (doubling, capped at `maxDelayMs`) after the previous one. An attempt
 * before its time is refused with 429 and Retry-After, and is not counted, so hammering a blocked
 * key never makes the wait longer than the cap. Counts are forgotten `memoryMs` after the last one.
 */
export interface Throttle {
  /** Failures allowed without any wait. */
  free: number;
  /** The longest wait between two attempts. */
  maxDelayMs: number;
  /** Failures are forgotten this long after the last counted attempt. */
  memoryMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The sign-in throttles (recorded in docs/decisions.md). */
export const LOGIN_THROTTLES = {
  /**
   * One e-mail from one address: 3 failures free, then 1 s, 2 s, 4 s… up to 15 min. The password
   * guesser's own budget; the owner elsewhere is not affected.
   */
  pair: { free: 3, maxDelayMs: 15 * MINUTE, memoryMs: 24 * HOUR },
  /**
   * One e-mail from every address (a botnet on one account): 10 failures free, then up to 1 min
   * between attempts (at most ~70 failed guesses an hour, ASVS asks ≤ 100). The owner waits at
   * most a minute behind a stranger, and not at all from an address they signed in from before.
   */
  account: { free: 10, maxDelayMs: MINUTE, memoryMs: HOUR },
  /** One address across e-mails (credential stuffing): 20 failures free, then up to 15 min. */
  address: { free: 20, maxDelayMs: 15 * MINUTE, memoryMs: HOUR },
} as const satisfies Record<string, Throttle>;

/** How long an address that signed in to an account stays "known" (exempt from the account-wide throttle). */
export const KNOWN_ADDRESS_MS = 30 * 24 * HOUR;

/** The wait after the `failures`-th counted attempt, as SQL over the bound `failures` expression. */
const delaySql = (failures: string, free: string, max: string) =>
  `CASE WHEN ${failures} <= ${free} THEN 0 ELSE MIN(${max}, ${SECOND} << MIN(${failures} - ${free} - 1, 40)) END`;

export type ThrottleCheck = { key: string; rule: Throttle };

/**
 * Counts one attempt against every key at once, or none: when any key is still waiting, nothing is
 * counted and the answer is the time until all are free. One D1 batch (a transaction); each
 * statement first checks that no key is waiting, ignoring the keys this very attempt has just
 * counted, so parallel attempts cannot slip past a delay.
 */
export async function claimAttempt(database: D1Database, checks: readonly ThrottleCheck[], now = Date.now()): Promise<{ ok: true } | { ok: false; retryAfterMs: number }> {
  if (checks.length === 0) return { ok: true };
  const claim = crypto.randomUUID();
  const keys = JSON.stringify(checks.map(({ key }) => key));
  const newFailures = "CASE WHEN rate_limits.window_ends_at <= ?2 THEN 1 ELSE rate_limits.count + 1 END";
  const statements = checks.map(({ key, rule }) =>
    database
      .prepare(
        `INSERT INTO rate_limits (key, count, window_ends_at, next_at, claim)
         SELECT ?1, 1, ?2 + ?6, ?2 + ${delaySql("1", "?4", "?5")}, ?3
         WHERE NOT EXISTS (
           SELECT 1 FROM rate_limits WHERE key IN (SELECT value FROM json_each(?7))
             AND next_at > ?2 AND window_ends_at > ?2 AND claim IS NOT ?3
         )
         ON CONFLICT(key) DO UPDATE SET
           count = ${newFailures},
           next_at = ?2 + ${delaySql(`(${newFailures})`, "?4", "?5")},
           window_ends_at = ?2 + ?6,
           claim = ?3
         RETURNING count`,
      )
      .bind(key, now, claim, rule.free, rule.maxDelayMs, rule.memoryMs, keys),
  );
  const results = await database.batch<{ count: number }>(statements);
  if (results.every((result) => result.results.length > 0)) return { ok: true };
  const row = await database
    .prepare("SELECT MAX(next_at) AS next_at FROM rate_limits WHERE key IN (SELECT value FROM json_each(?1)) AND window_ends_at > ?2")
    .bind(keys, now)
    .first<{ next_at: number | null }>();
  return { ok: false, retryAfterMs: Math.max(1, (row?.next_at ?? now) - now) };
}

/** `claimAttempt`, or 429 `too_many_attempts` (SPEC §8, in the request's language) with Retry-After in seconds. */
export async function throttle(c: Context<AppEnv>, checks: readonly ThrottleCheck[]): Promise<void> {
  const result = await claimAttempt(c.env.DB, checks);
  if (result.ok) return;
  c.header("Retry-After", String(Math.max(1, Math.ceil(result.retryAfterMs / SECOND))));
  throw new ApiError("too_many_attempts");
}

/**
 * Takes back an attempt that turned out not to be a failure (a successful sign-in): one failure
 * less, and no wait caused by it (the attempt was made at or after the key's time, so "now" is
 * the wait that was in force before it).
 */
export async function forgiveAttempt(database: D1Database, key: string, now = Date.now()): Promise<void> {
  await database
    .prepare("UPDATE rate_limits SET count = MAX(count - 1, 0), next_at = MIN(next_at, ?2) WHERE key = ?1")
    .bind(key, now)
    .run();
}

/** Remembers `key` until `now + ttlMs` (e.g. an address an account signed in from). */
export async function remember(database: D1Database, key: string, ttlMs: number, now = Date.now()): Promise<void> {
  await database
    .prepare(
      `INSERT INTO rate_limits (key, count, window_ends_at, next_at) VALUES (?1, 0, ?2, 0)
       ON CONFLICT(key) DO UPDATE SET window_ends_at = excluded.window_ends_at`,
    )
    .bind(key, now + ttlMs)
    .run();
}

/** Whether `key` is remembered and not expired. */
export async function isRemembered(database: D1Database, key: string, now = Date.now()): Promise<boolean> {
  const row = await database.prepare("SELECT 1 AS found FROM rate_limits WHERE key = ?1 AND window_ends_at > ?2").bind(key, now).first();
  return row !== null;
}
