import { z } from "zod";

/**
 * Organization limits (SPEC §3). `null` = unlimited. Counting limits are compared with the number
 * of things that already exist; `max_duration` (minutes) and `inactivity_timeout` (seconds) are
 * values. What each counts:
 * - max_organizers: members who can organize (owners, admins and organizers — see people.ts);
 * - max_speakers: speakers of one webcast (the Plan grid's "speakers per webcast");
 * - max_viewers: viewers of one webcast (a test webcast: at most 50 too, webcasts/rules.ts
 *   `participantLimitOf`); max_webcasts: webcasts per calendar month (the Plan grid's "webcasts
 *   per month"; test webcasts have their own quota); max_simultaneous_webcasts: webcasts live at
 *   the same time, judged when scheduling (a webcast's span may overlap fewer than this many
 *   other spans of webcasts neither test nor over);
 * - max_media: media per webcast: its resources carrying an uploaded file plus its premiere videos,
 *   counted by one rule (domain/media/limits.ts); max_people_per_table: seats of one virtual table;
 * - inactivity_timeout: a webcast with no activity for this long is auto-stopped (SPEC §4).
 * Pure; whoever enforces a limit has already authorized the action it guards.
 */
export const LIMIT_KEYS = [
  "max_organizers",
  "max_speakers",
  "max_viewers",
  "max_webcasts",
  "max_simultaneous_webcasts",
  "max_duration",
  "max_media",
  "max_people_per_table",
  "inactivity_timeout",
] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];
export type Limits = Record<LimitKey, number | null>;

/**
 * Sales-managed organizations (self_serve false): terms are negotiated, so nothing is capped by
 * default except the inactivity auto-stop (one hour), which protects everyone's bill.
 */
export const DEFAULT_LIMITS: Readonly<Limits> = {
  max_organizers: null,
  max_speakers: null,
  max_viewers: null,
  max_webcasts: null,
  max_simultaneous_webcasts: null,
  max_duration: null,
  max_media: null,
  max_people_per_table: null,
  inactivity_timeout: 3600,
};

/**
 * Self-serve organizations before a paid plan sets its own limits: a small starter allowance
 * (the billing feature replaces these with the chosen plan's values).
 */
export const SELF_SERVE_DEFAULT_LIMITS: Readonly<Limits> = {
  max_organizers: 3,
  max_speakers: 10,
  max_viewers: 100,
  max_webcasts: 5,
  max_simultaneous_webcasts: 1,
  max_duration: 120,
  max_media: 5,
  max_people_per_table: 8,
  inactivity_timeout: 1800,
};

/** The defaults of a billing type (SPEC §4 "changing billing type resets settings"). */
export function defaultLimits(selfServe: boolean): Limits {
  return { ...(selfServe ? SELF_SERVE_DEFAULT_LIMITS : DEFAULT_LIMITS) };
}

/** Smallest accepted value per limit (0 = "none allowed" for counts; durations need at least 1 minute / 60 s). */
const MINIMUM: Record<LimitKey, number> = {
  max_organizers: 0,
  max_speakers: 0,
  max_viewers: 0,
  max_webcasts: 0,
  max_simultaneous_webcasts: 0,
  max_duration: 1,
  max_media: 0,
  max_people_per_table: 0,
  inactivity_timeout: 60,
};

const limitValue = (key: LimitKey) => z.int().min(MINIMUM[key]).max(1_000_000_000).nullable();

/** Every limit, as the Constraints tab edits them (null = unlimited). */
export const limitsSchema = z.strictObject(
  Object.fromEntries(LIMIT_KEYS.map((key) => [key, limitValue(key)])) as Record<LimitKey, ReturnType<typeof limitValue>>,
);

/** Some limits (PATCH /constraints `{ limits }`); unknown keys are refused, omitted ones are kept. */
export const limitsPatchSchema = limitsSchema.partial();

function isLimitKey(key: string): key is LimitKey {
  return (LIMIT_KEYS as readonly string[]).includes(key);
}

/**
 * The stored JSON merged over the defaults of the organization's billing type: a key absent from
 * storage (or holding something that is not a valid limit) takes the default; an explicit null
 * stays null (unlimited).
 */
export function limitsOf(org: { self_serve: boolean; limits?: Readonly<Record<string, unknown>> | null }): Limits {
  const limits = defaultLimits(org.self_serve);
  for (const [key, value] of Object.entries(org.limits ?? {})) {
    if (!isLimitKey(key)) continue;
    if (value === null) limits[key] = null;
    else if (typeof value === "number" && Number.isInteger(value) && value >= 0) limits[key] = value;
  }
  return limits;
}

export type LimitCheck = { ok: true } | { ok: false; limit: number };

/**
 * Whether `adding` more (default 1) fit under a counting limit, given how many exist now.
 * Use `allowsValue` for max_duration.
 */
export function withinLimit(
  org: { self_serve: boolean; limits?: Readonly<Record<string, unknown>> | null },
  key: LimitKey,
  currentCount: number,
  adding = 1,
): LimitCheck {
  const limit = limitsOf(org)[key];
  if (limit === null || currentCount + adding <= limit) return { ok: true };
  return { ok: false, limit };
}

/** Whether a value (e.g. a webcast's duration in minutes for max_duration) is at most the limit. */
export function allowsValue(org: { self_serve: boolean; limits?: Readonly<Record<string, unknown>> | null }, key: LimitKey, value: number): LimitCheck {
  const limit = limitsOf(org)[key];
  if (limit === null || value <= limit) return { ok: true };
  return { ok: false, limit };
}

/** Body of PATCH /api/organizations/{id}/constraints. */
export const constraintsBodySchema = z.strictObject({ limits: limitsPatchSchema });
