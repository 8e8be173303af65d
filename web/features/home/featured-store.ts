import { proxy } from "valtio";
import type { ProfileUser } from "../../../domain/auth/profile-user.ts";
import { FEATURED_WEBCASTS } from "../../../domain/ui/constants.ts";
import type { Featured } from "../../../domain/webcasts/featured.ts";
import { api } from "../../api/client.ts";
import { ApiRequestError, handleApiError, unwrap } from "../../api/errors.ts";
import type { LocalDatabase } from "../../local/db.ts";
import { readFeatured } from "./home-queries.ts";
import { type WebcastJson, webcastJson } from "../../../domain/webcasts/webcast-json.ts";

/**
 * The featured-webcast loader (SPEC §4): idle → pending → fulfilled. A server answer is fresh for
 * one minute (SPEC §9); a load after that resets the loader and asks again. Offline, or when the
 * server cannot answer, the same rule (domain/webcasts/featured.ts) runs over the webcasts in
 * IndexedDB, so home works without a network; such an answer is never "fresh" (the next load asks
 * the server again).
 *
 * "Reset" puts the loader back to idle and forgets when it loaded, but keeps the cards on screen
 * until the new answer replaces them, so a refetch on focus does not flash the home screen.
 */
export type FeaturedStatus = "idle" | "pending" | "fulfilled";

export interface FeaturedState extends Featured<WebcastJson> {
  status: FeaturedStatus;
  /** "server", or "local" when computed from this device's copy. */
  source: "server" | "local" | null;
  /** When the server's answer arrived (epoch ms); null while not fresh-able. */
  fetchedAt: number | null;
  /** Whose data this is: another user signing in starts over. */
  userId: number | null;
  /** Why neither the server nor the device could answer (rare: no local database yet). */
  failed: boolean;
}

const initial = (): FeaturedState => ({ status: "idle", next: null, last: null, source: null, fetchedAt: null, userId: null, failed: false });

export const featuredStore = proxy<FeaturedState>(initial());

/** Fresh: a server answer younger than a minute. */
export function isFeaturedFresh(state: Pick<FeaturedState, "status" | "source" | "fetchedAt">, now: number): boolean {
  return state.status === "fulfilled" && state.source === "server" && state.fetchedAt !== null && now - state.fetchedAt < FEATURED_WEBCASTS.freshMs;
}

/** Back to idle (the cards stay until replaced); everything is forgotten when `clear`. */
export function resetFeatured(clear = false): void {
  if (clear) {
    Object.assign(featuredStore, initial());
    return;
  }
  featuredStore.status = "idle";
  featuredStore.fetchedAt = null;
}

/** GET /api/webcasts/featured. Its 403/404/503 are not the page's: only a 401 goes to the global handler. */
async function fetchFeatured(): Promise<Featured<WebcastJson>> {
  try {
    return (await unwrap(api.api.webcasts.featured.$get(), { global: false })).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) handleApiError(error);
    throw error;
  }
}

/** The same selection over this device's copy (the view: server rows plus unsent changes), by its indexes. */
export async function localFeatured(database: LocalDatabase, user: ProfileUser, now: number): Promise<Featured<WebcastJson>> {
  const { next, last } = await readFeatured(database, user, now);
  const nameOf = (organizationId: number) => user.accounts.find((account) => account.id === organizationId)?.name ?? null;
  return {
    next: next ? webcastJson(next, nameOf(next.organization_id)) : null,
    last: last ? webcastJson(last, nameOf(last.organization_id)) : null,
  };
}

let running: { userId: number; promise: Promise<void> } | null = null;

/**
 * Loads the featured webcasts for `user` unless they are fresh (`force` asks anyway). Concurrent
 * calls share one request. `database` is the user's replica (null before it exists).
 */
export function loadFeatured(user: ProfileUser, database: LocalDatabase | null, options: { force?: boolean } = {}): Promise<void> {
  if (featuredStore.userId !== null && featuredStore.userId !== user.id) resetFeatured(true);
  if (running?.userId === user.id) return running.promise;
  if (!options.force && isFeaturedFresh(featuredStore, Date.now())) return Promise.resolve();
  if (featuredStore.status === "fulfilled") resetFeatured();
  const promise = run(user, database).finally(() => {
    if (running?.promise === promise) running = null;
  });
  running = { userId: user.id, promise };
  return promise;
}

async function run(user: ProfileUser, database: LocalDatabase | null): Promise<void> {
  featuredStore.status = "pending";
  featuredStore.userId = user.id;
  let answer: Featured<WebcastJson> | null = null;
  let source: FeaturedState["source"] = null;
  if (navigator.onLine) {
    try {
      answer = await fetchFeatured();
      source = "server";
    } catch (error) {
      // Signed out (401): the global handler took over; nothing to show.
      if (error instanceof ApiRequestError && error.status === 401) {
        resetFeatured(true);
        return;
      }
    }
  }
  if (!answer && database) {
    try {
      answer = await localFeatured(database, user, Date.now());
      source = "local";
    } catch {
      answer = null;
    }
  }
  if (featuredStore.userId !== user.id) return;
  Object.assign(featuredStore, {
    status: "fulfilled",
    // Nothing could answer: keep what was shown (if anything) rather than blank it.
    next: answer ? answer.next : featuredStore.next,
    last: answer ? answer.last : featuredStore.last,
    source,
    fetchedAt: source === "server" ? Date.now() : null,
    failed: answer === null,
  });
}
