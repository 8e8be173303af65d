import type { MessageLocale } from "../i18n/locales.ts";
import { SYNC_MESSAGES } from "./messages.ts";
import { type MutatorRegistry, rejectionError, runMutation } from "./run.ts";
import type { ServerStore } from "./server-store.ts";
import type { MutationActor, MutationResult, PendingMutation, PullResponse, PushResponse } from "./types.ts";

/** At most this many mutations per push (docs/sync.md: the client sends batches of ≤ 100). */
export const PUSH_BATCH_LIMIT = 100;
/** At most this many changed rows per pull page (docs/sync.md). */
export const PULL_PAGE_LIMIT = 1000;

/**
 * Replays a push against the authority, mutation by mutation, in order (docs/sync.md "Push").
 * The caller has authenticated `actor` and serializes pushes per organization; mutators check
 * permissions, limits and states themselves.
 *
 * - Already recorded → its stored answer (`already_applied` with its cursor, or the stored
 *   refusal), so a retried push applies each mutation once.
 * - Unknown name, invalid arguments or a rule's `MutationRejected` → the refusal is recorded
 *   (a retry gets the same answer) and nothing else is written.
 * - Success → its writes, change-log entries and record in one atomic `commit`.
 * - Anything else (a bug, a storage failure) is NOT recorded: the push stops there and answers
 *   `error`, so the client keeps that mutation and the later ones queued and sends them again.
 *   Recording it would turn a transient failure into a permanent refusal of the user's edit.
 */
export async function applyPush(
  store: ServerStore,
  registry: MutatorRegistry,
  actor: MutationActor,
  locale: MessageLocale,
  mutations: readonly PendingMutation[],
  now: string,
): Promise<PushResponse> {
  const results: MutationResult[] = [];
  for (const mutation of mutations) {
    try {
      results.push(await applyOne(store, registry, actor, locale, mutation, now));
    } catch {
      return { results, error: { code: "server_error", message: SYNC_MESSAGES.server_error[locale] } };
    }
  }
  return { results };
}

async function applyOne(store: ServerStore, registry: MutatorRegistry, actor: MutationActor, locale: MessageLocale, mutation: PendingMutation, now: string): Promise<MutationResult> {
  const recorded = await store.recorded(mutation.id);
  if (recorded) return recorded.status === "rejected" ? recorded : { id: mutation.id, status: "already_applied", cursor: recorded.cursor };

  const outcome = await runMutation(registry, mutation, store.read, { location: "server", actor, locale, now });
  if (!outcome.ok) {
    const result = { id: mutation.id, status: "rejected" as const, error: rejectionError(outcome.rejection, locale) };
    await store.commit({ userId: actor.id, name: mutation.name, writes: [], result });
    return result;
  }
  const cursor = await store.commit({ userId: actor.id, name: mutation.name, writes: outcome.writes, result: { id: mutation.id, status: "applied" } });
  return { id: mutation.id, status: "applied", cursor };
}

/**
 * One page of changes after `cursor` in the organizations the caller may see (the caller decides
 * which, after authenticating). A first pull (cursor 0) or a cursor older than the compacted log
 * starts over from 0 with `reset: true`: the client drops its rows before applying the page.
 */
export async function pull(store: ServerStore, organizationIds: readonly number[], cursor: number, limit: number = PULL_PAGE_LIMIT): Promise<PullResponse> {
  const reset = cursor <= 0 || cursor < (await store.oldestCursor());
  const page = await store.changesSince(reset ? 0 : cursor, organizationIds, limit);
  return { cursor: page.cursor, changes: page.changes, more: page.more, reset };
}
