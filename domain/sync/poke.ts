import { z } from "zod";
import type { MutationResult } from "./types.ts";

/**
 * The poke channel's one server → client message: "the organization's data changed up to
 * `cursor`, pull". Clients treat any message as a reason to pull (docs/sync.md); `cursor` lets
 * them skip the pull when they already hold it.
 */
export const pokeMessageSchema = z.object({ type: z.literal("poke"), cursor: z.number().int().nonnegative() });
export type PokeMessage = z.infer<typeof pokeMessageSchema>;

/** The cursor to announce after a push: the furthest applied result; null when nothing was written. */
export function pokeCursor(results: readonly MutationResult[]): number | null {
  let cursor: number | null = null;
  for (const result of results) {
    if (result.status === "applied" && (cursor === null || result.cursor > cursor)) cursor = result.cursor;
  }
  return cursor;
}

export function pokeFrame(cursor: number): string {
  return JSON.stringify({ type: "poke", cursor } satisfies PokeMessage);
}

/** The cursor of a received poke frame; null for anything else (still a reason to pull). */
export function parsePokeFrame(data: unknown): number | null {
  if (typeof data !== "string") return null;
  try {
    const parsed = pokeMessageSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data.cursor : null;
  } catch {
    return null;
  }
}
