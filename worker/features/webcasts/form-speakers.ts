import type { MutationCall } from "../../../domain/sync/types.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { OverlayTx } from "../../../domain/sync/overlay.ts";
import { rejectionError, runMutation } from "../../../domain/sync/run.ts";
import type { MutationActor } from "../../../domain/sync/types.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import type { WebcastFormSpeaker } from "../../../domain/webcasts/rest.ts";
import type { SetWebcastSpeakersArgs } from "../../../domain/speakers/mutators.ts";
import type { Db } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import type { AuthUser } from "../auth/auth-user.ts";
import { speakerListArgs } from "../speakers/service.ts";
import { rejectionToApiError } from "../sync/apply-mutation.ts";
import { D1ServerStore } from "../sync/d1-server-store.ts";
import { SYNC_MUTATORS } from "../sync/mutators.ts";
import { pushMutations } from "../sync/push.ts";

/**
 * The webcast forms' `speakers` (POST /api/webcasts, POST /api/webcasts/{uid} with
 * `_method=PATCH`): the list replaces the webcast's speakers through PATCH …/speakers' own path —
 * `speakerListArgs` (who may speak, names and e-mails copied from D1) and the `setWebcastSpeakers`
 * mutator — pushed together with the webcast's own change (`applyTogether`).
 */

/**
 * The `setWebcastSpeakers` arguments for a form's list (the webcast may not exist yet: a
 * creation). Field errors are keyed as the forms name the entries: `speakers.<index>.id`.
 */
export async function formSpeakerArgs(database: Db, webcast: Pick<WebcastRow, "id" | "organization_id">, speakers: readonly WebcastFormSpeaker[], locale: UiLocale): Promise<SetWebcastSpeakersArgs> {
  const body = { webcast_speakers: speakers.map((entry) => ({ id: entry.id, ...(entry.is_producer === undefined ? {} : { is_producer: entry.is_producer }) })) };
  try {
    return await speakerListArgs(database, webcast, body, locale);
  } catch (error) {
    throw formFieldErrors(error);
  }
}

/**
 * A speaker refusal's field errors under the forms' names: the speakers route's
 * `webcast_speakers.<i>.user_id` and the mutator's `speakers.<i>.user_id` name the person, which
 * the forms send as `speakers.<i>.id`; the mutator's other keys (`speakers.<i>.is_producer`, the
 * limit's `speakers`) already are the forms'.
 */
export function formFieldErrors(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.options.errors) return error;
  const rename = (field: string) => field.replace(/^webcast_speakers(?=\.|$)/, "speakers").replace(/^(speakers\.\d+)\.user_id$/, "$1.id");
  const errors = Object.fromEntries(Object.entries(error.options.errors).map(([field, messages]) => [rename(field), messages]));
  return new ApiError(error.code, { ...error.options, errors });
}

/** One mutation of a change made of several (`mutationCall(mutator, args)`). */
export type Step = MutationCall;

/**
 * Applies `steps` (mutations of `organizationId`, in order) as one change, as far as the sync
 * allows: there is no transaction across mutations, so they are first run against D1 without
 * writing (the same mutators, each seeing the earlier ones' writes) and the first refusal is
 * answered with nothing applied; then they are pushed in one `pushMutations` call, committed in
 * one D1 batch and poked once. Only a change landing between the check and the push (or a
 * failure of the organization's object midway) can still stop a later step: `undo` then gets to
 * take back the applied ones (a creation deletes its webcast) before the refusal is answered.
 * Caller: a route that has authorized the user; the mutators check permissions again.
 */
export async function applyTogether(env: Env, user: AuthUser, locale: UiLocale, organizationId: number, steps: readonly Step[], undo?: () => Promise<void>): Promise<void> {
  const now = new Date().toISOString();
  const actor: MutationActor = { id: user.id, is_super_admin: user.is_super_admin, permissions: user.permissions };
  const check = new OverlayTx(new D1ServerStore(env.DB, organizationId).read);
  for (const step of steps) {
    const outcome = await runMutation(SYNC_MUTATORS, step, check, { location: "server", actor, locale, now });
    if (!outcome.ok) throw formFieldErrors(rejectionToApiError(rejectionError(outcome.rejection, locale)));
    check.absorb(outcome.writes);
  }

  const response = await pushMutations(
    env,
    user,
    locale,
    steps.map((step) => ({ id: uuidv7(), name: step.name, args: step.args, client_time: now })),
  );
  const refusal = response.results.find((result) => result.status === "rejected");
  const complete = !response.error && response.results.length === steps.length;
  if (complete && !refusal) return;
  if (undo && response.results.some((result) => result.status === "applied")) await undo();
  throw refusal?.status === "rejected" ? formFieldErrors(rejectionToApiError(refusal.error)) : new ApiError("server_error");
}
