import type { UiLocale } from "../i18n/locales.ts";
import { SYNC_MESSAGES } from "./messages.ts";
import { CachedSource, OverlayTx } from "./overlay.ts";
import { type MutatorRegistry, rejectionError, runMutation } from "./run.ts";
import type { CommitInput, ServerStore } from "./server-store.ts";
import { SYNC_TABLES } from "./tables.ts";
import type { MutationActor, MutationResult, PendingMutation, PullResponse, PushResponse, SyncScope } from "./types.ts";
import { localized } from "../validation/localized.ts";

/** At most this many mutations per push (docs/sync.md: the client sends batches of ≤ 100). */
export const PUSH_BATCH_LIMIT = 100;
/** At most this many changed rows per pull page (docs/sync.md). */
export const PULL_PAGE_LIMIT = 1000;
/**
 * At most this many rows per page of a webcast's viewers pull (docs/sync.md "Viewers on demand"):
 * one table, small rows, written by the browser in one bulk put per page; bigger pages cost fewer
 * IndexedDB transactions and round trips.
 */
export const WEBCAST_PULL_PAGE_LIMIT = 2500;
/**
 * The first page of a webcast's viewers pull is smaller: the browser starts writing sooner while
 * the next (full) page is read, instead of waiting for a full page before any work overlaps. Not
 * too small: 250 rows were written before the next page had even arrived, and the database sat
 * idle in between (docs/sync.md "Viewers on demand", measured).
 */
export const WEBCAST_PULL_FIRST_PAGE_LIMIT = 1000;

/**
 * Replays a push against the authority, mutation by mutation, in order (docs/sync.md "Push").
 * The caller has authenticated `actor` and serializes pushes per organization; mutators check
 * permissions, limits and states themselves.
 *
 * - Already recorded → its stored answer (`already_applied` with its cursor, or the stored
 *   refusal), so a retried push applies each mutation once.
 * - Unknown name, invalid arguments or a rule's `MutationRejected` → the refusal is recorded
 *   (a retry gets the same answer) and nothing else is written.
 * - Success → its writes, change-log entries and record.
 * - Anything else (a bug, a storage failure) is NOT recorded: the push stops there and answers
 *   `error`, so the client keeps that mutation and the later ones queued and sends them again.
 *   Recording it would turn a transient failure into a permanent refusal of the user's edit.
 *
 * The whole push is one chunk: each mutation reads committed state (cached for the chunk) plus the
 * writes of the chunk's earlier applied mutations, and all their commits go to the store in one
 * `commitAll`, in order. When not all of them go through, the push answers those that did (a
 * prefix: none after a storage failure) and then `error`.
 */
export async function applyPush(
  store: ServerStore,
  registry: MutatorRegistry,
  actor: MutationActor,
  locale: UiLocale,
  mutations: readonly PendingMutation[],
  now: string,
): Promise<PushResponse> {
  const failed = (results: MutationResult[]): PushResponse => ({ results, error: { code: "server_error", message: localized(SYNC_MESSAGES.server_error, locale) } });
  const cache = new CachedSource(store.read);
  // Reads of the chunk: committed state plus the writes of its applied mutations so far.
  const chunk = new OverlayTx(cache);
  let recorded: Map<string, MutationResult>;
  try {
    recorded = await store.recordedMany(mutations.map((mutation) => mutation.id));
    await cache.prefetch(mutations.flatMap((mutation) => rowIdOf(mutation) ?? []), SYNC_TABLES);
  } catch {
    return failed([]);
  }

  const commits: CommitInput[] = [];
  /** Per mutation, in order: its stored answer, or its commit in `commits` (`again`: a duplicate in this push). */
  const answers: (MutationResult | { commit: number; again: boolean })[] = [];
  const inChunk = new Map<string, number>();
  let stopped = false;
  for (const mutation of mutations) {
    const stored = recorded.get(mutation.id);
    if (stored) {
      answers.push(stored.status === "rejected" ? stored : { id: mutation.id, status: "already_applied", cursor: stored.cursor });
      continue;
    }
    const earlier = inChunk.get(mutation.id);
    if (earlier !== undefined) {
      answers.push({ commit: earlier, again: true });
      continue;
    }
    let outcome: Awaited<ReturnType<typeof runMutation>>;
    try {
      outcome = await runMutation(registry, mutation, chunk, { location: "server", actor, locale, now });
    } catch {
      stopped = true;
      break;
    }
    if (outcome.ok) chunk.absorb(outcome.writes);
    const result = outcome.ok ? { id: mutation.id, status: "applied" as const } : { id: mutation.id, status: "rejected" as const, error: rejectionError(outcome.rejection, locale) };
    inChunk.set(mutation.id, commits.length);
    answers.push({ commit: commits.length, again: false });
    commits.push({ userId: actor.id, name: mutation.name, writes: outcome.ok ? outcome.writes : [], result });
  }

  const cursors = await commitInOrder(store, commits);
  const results: MutationResult[] = [];
  for (const answer of answers) {
    if (!("commit" in answer)) {
      results.push(answer);
      continue;
    }
    const cursor = cursors[answer.commit];
    const result = commits[answer.commit]?.result;
    // Not committed: answer the prefix before it; the client sends it and the rest again.
    if (cursor === undefined || !result) return failed(results);
    if (result.status === "rejected") results.push(result);
    else results.push({ id: result.id, status: answer.again ? "already_applied" : "applied", cursor });
  }
  return stopped ? failed(results) : { results };
}

/** The cursors of the commits that went through: a prefix of `commits` (none when the store failed). */
async function commitInOrder(store: ServerStore, commits: readonly CommitInput[]): Promise<number[]> {
  if (commits.length === 0) return [];
  try {
    return await store.commitAll(commits);
  } catch {
    return [];
  }
}

/** The row a mutation names (`args.id`, as every mutator does): prefetched for the chunk. */
function rowIdOf(mutation: PendingMutation): string | undefined {
  const { args } = mutation;
  const id: unknown = typeof args === "object" && args !== null && "id" in args ? args.id : undefined;
  return typeof id === "string" && id.length <= 100 ? id : undefined;
}


/**
 * A short key of a scope (SHA-256 of its canonical form, hex): equal scopes, equal keys, whatever
 * the order of their ids.
 */
export async function scopeKey(scope: SyncScope): Promise<string> {
  const canonical = JSON.stringify([
    SYNC_TABLES.map((table) => [table, [...scope[table]].sort((a, b) => a - b)]),
    SYNC_TABLES.map((table) => [table, [...(scope.byWebcast?.[table] ?? [])].sort((a, b) => a.organizationId - b.organizationId).map((grant) => [grant.organizationId, [...grant.webcastIds].sort()])]),
  ]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface PullOptions {
  /** The user pulling: their devices start over when their scope changed (`ServerStore.markScope`). */
  userId?: number;
  /**
   * The next page of a pull the device is paging through (a reset perhaps): its cursor is a middle
   * page's, which may lie below the compaction cut or the scope's reset point by nature, so it is
   * never reset for them (it would start over at every page).
   */
  continuing?: boolean;
}

/**
 * Whether a pull from `cursor` starts over (`reset`, see `pull`): a first pull; unless `continuing`,
 * a cursor older than the compacted log or than `floor` (the user's scope's reset point).
 */
export async function startsOver(store: Pick<ServerStore, "oldestCursor">, cursor: number, continuing: boolean, floor = 0): Promise<boolean> {
  return cursor <= 0 || (!continuing && (cursor < (await store.oldestCursor()) || cursor < floor));
}

/**
 * One page of changes after `cursor` in the scope the caller may see (the caller decides it with
 * `readScope`, domain/permissions/read-rule.ts, after authenticating). A first pull (cursor 0) and, unless `continuing`, a cursor
 * older than the compacted log or — with `userId` — from before the user's scope last changed
 * (rows pulled under another role may no longer be theirs to hold; rows newly in scope were logged
 * before the cursor) start over from 0 with `reset: true`: the client drops its rows before
 * applying the page. The last page's cursor is at least the scope's reset point, so a device that
 * started over is not reset again; a scope that changes while a device pages through a pull is
 * taken at its next pull.
 */
export async function pull(store: ServerStore, scope: SyncScope, cursor: number, limit: number = PULL_PAGE_LIMIT, options: PullOptions = {}): Promise<PullResponse> {
  const { userId, continuing = false } = options;
  let floor = 0;
  if (userId !== undefined) {
    const key = await scopeKey(scope);
    if (!continuing) floor = await store.markScope(userId, key);
    else {
      const known = await store.scopeOf(userId);
      if (known?.key === key) floor = known.resetBelow;
    }
  }
  const reset = await startsOver(store, cursor, continuing, floor);
  const page = await store.changesSince(reset ? 0 : cursor, scope, limit);
  return { cursor: page.more ? page.cursor : Math.max(page.cursor, floor), changes: page.changes, more: page.more, reset };
}
