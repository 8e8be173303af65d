import { eq } from "drizzle-orm";
import { errorMessage } from "../../../domain/errors/index.ts";
import { SYNC_MESSAGES } from "../../../domain/sync/messages.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { rejectionError, resolveMutation } from "../../../domain/sync/run.ts";
import { type MutationActor, MutationRejected, type MutationResult, type MutationScope, type PendingMutation, type PushResponse } from "../../../domain/sync/types.ts";
import { mutationExpired } from "../../../domain/sync/retention.ts";
import { SYNC_CONTRACT, type SyncContract, upgradeMutation } from "../../../domain/sync/contract.ts";
import { organizationSyncStub } from "../../../durable/stubs.ts";
import { db } from "../../db/client.ts";
import { organizations } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { D1ServerStore } from "./d1-server-store.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { inTenant } from "../../../domain/permissions/tenancy.ts";
import { SYNC_MUTATORS } from "./mutators.ts";

type MutationResultError = Extract<MutationResult, { status: "rejected" }>["error"];
/**
 * A pushed mutation: already processed (its stored result); new, upgraded to the server's contract,
 * with its scope; or written by a newer app than the server runs (`ahead`).
 */
type Planned =
  | { mutation: PendingMutation; stored: MutationResult }
  | { mutation: PendingMutation; scope: MutationScope | { rejection: MutationResultError } }
  | { mutation: PendingMutation; ahead: true };

/**
 * POST /api/sync/push behind the route: sends each mutation to its organization's OrganizationSync
 * object, consecutive mutations of one organization in one call, in the order pushed.
 *
 * A mutation's organization is what its mutator's `scope` says from the parsed arguments: the
 * organization it names, or that of the existing row it names (in any synced table, perhaps
 * created earlier in the same push). A mutation no mutator takes (unknown name, arguments that
 * fail the schema) is refused with `invalid_mutation` without a trip to an object; one made before
 * the retention period (its UUIDv7 says when) with `expired`, since its record may be compacted.
 * A mutation whose organization cannot be found, or that the user does not belong to (super
 * admins belong everywhere), is rejected with `not_found` and recorded
 * like any rejection: the client moves on instead of retrying a push forever, and "another
 * tenant's row" reads exactly like "no such row". Already processed ids get their stored result
 * without a trip to the object.
 *
 * A mutation queued by an older app (its `contract_version`) is upgraded to the server's contract
 * first and runs as upgraded; one whose upgrade is no longer kept is refused `outdated`. One
 * written by a newer app than the server (a deployment rolled back) stops the push there with
 * `contract_ahead`, unrecorded: the client keeps it queued and sends it again later.
 *
 * Caller: the route, after `requireUser`. Permissions are the mutators' business (they run with
 * `actor`).
 */
export async function pushMutations(
  env: Env,
  user: AuthUser,
  locale: UiLocale,
  mutations: readonly PendingMutation[],
  contract: SyncContract = SYNC_CONTRACT,
): Promise<PushResponse> {
  const store = new D1ServerStore(env.DB);
  const recorded = await store.recordedMany(mutations.map((mutation) => mutation.id));
  const now = new Date();
  // Each new mutation upgraded, with its scope (parsed once here; the organization's object parses again to run it).
  const planned = mutations.map((mutation): Planned => {
    const stored = recorded.get(mutation.id);
    if (stored) return { mutation, stored };
    const upgraded = upgradeMutation(mutation, contract);
    if (upgraded.ok) return { mutation: upgraded.mutation, scope: scopeOf(upgraded.mutation, locale) };
    if (upgraded.reason === "ahead") return { mutation, ahead: true };
    return { mutation, scope: { rejection: { code: "outdated", message: localized(SYNC_MESSAGES.outdated, locale) } } };
  });
  const rowOrganizations = await store.organizationsOfRows(planned.flatMap((item) => ("scope" in item && "rowId" in item.scope ? [item.scope.rowId] : [])));
  const allowed = membership(env, user);
  const actor: MutationActor = { id: user.id, is_super_admin: user.is_super_admin, permissions: user.permissions };

  const results: (MutationResult | undefined)[] = [];
  let failure: PushResponse["error"];
  let run: { organizationId: number; indexes: number[] } | null = null;
  const flush = async () => {
    if (!run) return;
    const { organizationId, indexes } = run;
    run = null;
    const batch = indexes.map((index) => planned[index]?.mutation).filter((mutation) => mutation !== undefined);
    let response: PushResponse;
    try {
      response = await organizationSyncStub(env, organizationId).push(organizationId, actor, locale, batch);
    } catch (error) {
      // The object failed (reset, overload): what it applied is recorded, a retry answers it.
      console.error("sync: push to organization failed", organizationId, error);
      response = { results: [], error: { code: "server_error", message: localized(SYNC_MESSAGES.server_error, locale) } };
    }
    indexes.forEach((index, position) => {
      results[index] = response.results[position];
    });
    failure ??= response.error;
  };

  for (const [index, item] of planned.entries()) {
    const { mutation } = item;
    if ("stored" in item) {
      const { stored } = item;
      results[index] = stored.status === "applied" ? { ...stored, status: "already_applied" } : stored;
      continue;
    }
    if ("ahead" in item) {
      await flush();
      failure ??= { code: "contract_ahead", message: localized(SYNC_MESSAGES.contract_ahead, locale) };
      break;
    }
    const { scope } = item;
    if (mutationExpired(mutation.id, now)) {
      results[index] = await reject(store, user.id, mutation, { code: "expired", message: localized(SYNC_MESSAGES.expired, locale) });
      continue;
    }
    if ("rejection" in scope) {
      results[index] = await reject(store, user.id, mutation, scope.rejection);
      continue;
    }
    let organizationId = "organizationId" in scope ? scope.organizationId : rowOrganizations.get(scope.rowId);
    if (organizationId === undefined && "rowId" in scope && run) {
      // Perhaps created earlier in this push: apply what is queued, then look again.
      await flush();
      if (failure) break;
      for (const [id, organization] of await store.organizationsOfRows([scope.rowId])) rowOrganizations.set(id, organization);
      organizationId = rowOrganizations.get(scope.rowId);
    }
    if (organizationId === undefined || !(await allowed(organizationId))) {
      results[index] = await reject(store, user.id, mutation, { code: "not_found", message: errorMessage("not_found", locale) });
      continue;
    }
    if (run && run.organizationId !== organizationId) {
      await flush();
      if (failure) break;
    }
    run ??= { organizationId, indexes: [] };
    run.indexes.push(index);
  }
  if (!failure) await flush();
  return answer(mutations, results, failure);
}

/**
 * The answers in the order sent. After a failure, only the answered prefix (the engine's
 * contract): the client keeps the rest queued and pushes it again.
 */
function answer(mutations: readonly PendingMutation[], results: readonly (MutationResult | undefined)[], failure: PushResponse["error"]): PushResponse {
  const answered: MutationResult[] = [];
  for (const [index, mutation] of mutations.entries()) {
    const result = results[index];
    if (!result) break;
    if (result.id !== mutation.id) throw new Error(`sync: answer ${result.id} for mutation ${mutation.id}`);
    answered.push(result);
  }
  if (failure) return { results: answered, error: failure };
  if (answered.length !== mutations.length) throw new Error("sync: a mutation was left unanswered");
  return { results: answered };
}

/** The mutation's scope from its mutator, or the refusal of a mutation no mutator takes. */
function scopeOf(mutation: PendingMutation, locale: UiLocale): MutationScope | { rejection: MutationResultError } {
  try {
    const { mutator, args } = resolveMutation(SYNC_MUTATORS, mutation, locale);
    return mutator.scope(args);
  } catch (error) {
    if (error instanceof MutationRejected) return { rejection: rejectionError(error, locale) };
    throw error;
  }
}

/** Membership decides (the mutators check permissions); a super admin may push to any existing organization. */
function membership(env: Env, user: AuthUser): (organizationId: number) => Promise<boolean> {
  const exists = new Map<number, Promise<boolean>>();
  return (organizationId) => {
    if (!inTenant(user, organizationId)) return Promise.resolve(false);
    if (!user.is_super_admin) return Promise.resolve(true);
    let known = exists.get(organizationId);
    if (!known) {
      known = db(env.DB)
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId))
        .then((rows) => rows.length > 0);
      exists.set(organizationId, known);
    }
    return known;
  };
}

/** Records and answers a refusal decided before any object is reached. */
async function reject(store: D1ServerStore, userId: number, mutation: PendingMutation, error: MutationResultError): Promise<MutationResult> {
  const result = { id: mutation.id, status: "rejected", error } as const;
  await store.commit({ userId, name: mutation.name, writes: [], result });
  return result;
}
