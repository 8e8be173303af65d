import type { UiLocale } from "../i18n/locales.ts";
import { validate } from "../validation/parse.ts";
import { SYNC_MESSAGES } from "./messages.ts";
import { type MutationSource, OverlayTx } from "./overlay.ts";
import type { Write } from "./server-store.ts";
import { type MutationContext, MutationRejected, type Mutator, type PendingMutation } from "./types.ts";
import { localized } from "../validation/localized.ts";

/** Mutators by name: what a client may send and the server replays (e.g. WEBCAST_MUTATORS). */
export type MutatorRegistry = Readonly<Record<string, Mutator>>;

/** The code of a mutation the server cannot even run: unknown name or arguments that fail the schema. */
export const INVALID_MUTATION = "invalid_mutation";

export function findMutator(registry: MutatorRegistry, name: string): Mutator | undefined {
  return Object.hasOwn(registry, name) ? registry[name] : undefined;
}

/** The mutator and its parsed arguments, or the `invalid_mutation` refusal (localized). */
export function resolveMutation(registry: MutatorRegistry, mutation: Pick<PendingMutation, "name" | "args">, locale: UiLocale): { mutator: Mutator; args: unknown } {
  const mutator = findMutator(registry, mutation.name);
  if (!mutator) throw new MutationRejected(INVALID_MUTATION, SYNC_MESSAGES.unknown_mutator, { _: [localized(SYNC_MESSAGES.unknown_mutator, locale)] });
  const parsed = validate(mutator.args, mutation.args, locale);
  if (!parsed.ok) throw new MutationRejected(INVALID_MUTATION, SYNC_MESSAGES.invalid_args, parsed.errors);
  return { mutator, args: parsed.data };
}

export type MutationOutcome = { ok: true; writes: Write[] } | { ok: false; rejection: MutationRejected };

/**
 * Runs one mutation against `source` without touching it: its writes on success, its refusal
 * (a `MutationRejected`, from the schema or a rule) otherwise. Any other error propagates.
 */
export async function runMutation(registry: MutatorRegistry, mutation: Pick<PendingMutation, "name" | "args">, source: MutationSource, ctx: MutationContext): Promise<MutationOutcome> {
  try {
    const { mutator, args } = resolveMutation(registry, mutation, ctx.locale);
    const tx = new OverlayTx(source);
    await mutator.run(tx, args, ctx);
    return { ok: true, writes: tx.writes() };
  } catch (error) {
    if (error instanceof MutationRejected) return { ok: false, rejection: error };
    throw error;
  }
}

/** A refusal as a push answer carries it: one message, in the request's language. */
export function rejectionError(rejection: MutationRejected, locale: UiLocale): { code: string; message: string; errors?: Record<string, string[]> } {
  return { code: rejection.code, message: rejection.messages[locale], ...(rejection.errors ? { errors: rejection.errors } : {}) };
}
