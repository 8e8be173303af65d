import type { ErrorCode } from "../../../domain/errors/index.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import type { z } from "zod";
import { type MutationCall, type MutationResult, type Mutator, mutationCall } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { pushMutations } from "./push.ts";

/*
 * REST routes write through the sync mutators (docs/sync.md "Plain REST routes"): one mutation
 * pushed like a browser's, so it is serialized per organization, logged and poked to devices.
 */

/**
 * How a mutator's refusal reads as an HTTP error (SPEC §8). `limit_reached` has no code of its own
 * in the catalogue: like Laravel's validation, it is a 422 carrying the mutator's message.
 */
const REJECTION_CODES: Readonly<Record<string, ErrorCode>> = {
  validation_failed: "validation_failed",
  invalid_mutation: "validation_failed",
  limit_reached: "validation_failed",
  forbidden: "forbidden",
  not_found: "not_found",
  conflict: "conflict",
  locked: "locked",
};

export function rejectionToApiError(error: Extract<MutationResult, { status: "rejected" }>["error"]): ApiError {
  const code = REJECTION_CODES[error.code] ?? "bad_request";
  return new ApiError(code, { message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
}

/**
 * Pushes one mutation as `user` (a fresh UUIDv7 mutation id) and waits for its verdict; a refusal
 * throws its SPEC §8 error in `locale`. Caller: a route that has authorized the user already (the
 * mutator checks its permission again, as the authority).
 */
export async function applyMutation<M extends Mutator>(env: Env, user: AuthUser, locale: UiLocale, mutator: M, args: z.input<M["args"]>): Promise<void> {
  await applyCall(env, user, locale, mutationCall(mutator, args));
}

/** `applyMutation` for a call made beforehand (`mutationCall`), e.g. one step of several. */
export async function applyCall(env: Env, user: AuthUser, locale: UiLocale, call: MutationCall): Promise<void> {
  const now = new Date().toISOString();
  const response = await pushMutations(env, user, locale, [{ id: uuidv7(), name: call.name, args: call.args, client_time: now }]);
  const [result] = response.results;
  if (response.error || !result) throw new ApiError("server_error");
  if (result.status === "rejected") throw rejectionToApiError(result.error);
}

