import { eq } from "drizzle-orm";
import type { DialInNumber, DialInSettings } from "../../../domain/dial-in/settings.ts";
import type { Db } from "../../db/client.ts";
import { webcastDialIn } from "../../db/schema/index.ts";
import { ApiError } from "../../http/api-error.ts";

/**
 * Webcast dial-in reservations (`webcast_dial_in`, server only; docs/webcasts-api.md "Dial-in").
 * Callers have authorized the webcast: `webcasts.update` to reserve, `webcasts.view` to read.
 */

/** Digits of a conference PIN: a billion PINs, so a random one rarely meets a taken one. */
export const DIAL_IN_PIN_DIGITS = 9;
/** Fresh PINs tried before giving up (each try that collides is one in millions at most). */
const PIN_ATTEMPTS = 5;

const PIN_SPACE = 10 ** DIAL_IN_PIN_DIGITS;
// The largest multiple of PIN_SPACE below 2^32: values above it are drawn again, so every PIN is as likely.
const UNBIASED_LIMIT = Math.floor(2 ** 32 / PIN_SPACE) * PIN_SPACE;

/** A uniformly random PIN of DIAL_IN_PIN_DIGITS digits (leading zeros kept), from the platform's CSPRNG. */
export function newDialInPin(): string {
  const draw = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(draw);
    const value = draw[0] ?? UNBIASED_LIMIT;
    if (value < UNBIASED_LIMIT) return String(value % PIN_SPACE).padStart(DIAL_IN_PIN_DIGITS, "0");
  }
}

/** The webcast's PIN, or undefined when it has no reservation. */
export async function dialInPin(database: Db, webcastId: string): Promise<string | undefined> {
  const [row] = await database.select({ pin: webcastDialIn.pin }).from(webcastDialIn).where(eq(webcastDialIn.webcast_id, webcastId));
  return row?.pin;
}

/**
 * Reserves dial-in for the webcast, once: a webcast that has a reservation keeps it (`created`
 * false), so the call can be repeated and two concurrent calls end with one PIN. A new PIN is
 * drawn until it is free (the unique index decides, inside the insert); `ON CONFLICT DO NOTHING`
 * covers both the PIN and the webcast, and reading back tells which one it was.
 */
export async function reserveDialIn(database: Db, webcastId: string, userId: number, now: string): Promise<{ pin: string; created: boolean }> {
  const existing = await dialInPin(database, webcastId);
  if (existing !== undefined) return { pin: existing, created: false };
  for (let attempt = 0; attempt < PIN_ATTEMPTS; attempt++) {
    const pin = newDialInPin();
    const inserted = await database.insert(webcastDialIn).values({ webcast_id: webcastId, pin, reserved_at: now, reserved_by: userId }).onConflictDoNothing().returning({ pin: webcastDialIn.pin });
    if (inserted.length > 0) return { pin, created: true };
    const concurrent = await dialInPin(database, webcastId);
    if (concurrent !== undefined) return { pin: concurrent, created: false };
  }
  throw new ApiError("server_error");
}

/** What the dial-in calls answer: on with the numbers and the PIN when both exist, else off. */
export function dialInSettings(numbers: readonly DialInNumber[], pin: string | undefined): DialInSettings {
  if (pin === undefined || numbers.length === 0) return { enabled: false, numbers: [] };
  return { enabled: true, numbers: numbers.map((entry) => ({ ...entry })), pin };
}
