/**
 * Readers of address query parameters for the routes' `validateSearch` (TanStack Router parses
 * each value as JSON first: `?page=2` arrives as the number 2, `?q=abc` as a string). Route
 * definitions are in the app's entry chunk, so these stay plain functions (no zod there: it loads
 * with the screens and the sync engine). A missing or unusable value reads as `undefined`: a bad
 * address never breaks a screen, it just drops the parameter.
 */

/** A free text (a number-looking one, e.g. `?q=2026`, stays text). */
export function searchText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** One of `choices`. */
export function searchChoice<const T extends string>(choices: readonly T[], value: unknown): T | undefined {
  return typeof value === "string" && (choices as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A whole number ≥ 1 (a page). */
export function searchPositiveInteger(value: unknown): number | undefined {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= 1 ? number : undefined;
}

/** A calendar day, `YYYY-MM-DD`, that exists. */
export function searchDay(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}

/** The entries that have a value (an absent parameter stays out of the address). */
export function present<T extends Record<string, unknown>>(search: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
