import { useLiveQuery } from "dexie-react-hooks";
import { messageLocale } from "../../../domain/i18n/locales.ts";
import { MutationRejected } from "../../../domain/sync/types.ts";
import { type WebcastDraftDetails, type WebcastDraftField, draftFieldOf } from "../../../domain/webcasts/draft.ts";
import type { StoredRejected } from "../../local/db.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import type { DraftErrors } from "./webcast-fields.tsx";

/** The language of validation texts for the current interface language (en, else fr: SPEC §1). */
export function formMessageLocale() {
  return messageLocale(currentLocale());
}

/** The browser's IANA time zone (UTC when it has none). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * The refused change being fixed (`?fix=<mutation id>`): `undefined` while loading, `null` when
 * there is none (no id, or it was discarded meanwhile).
 */
export function useRejectedEntry(mutationId: string | undefined): StoredRejected | null | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => {
    if (!mutationId) return null;
    if (!engine) return undefined;
    return (await engine.db.rejected.where("mutation_id").equals(mutationId).first()) ?? null;
  }, [engine, mutationId]);
}

/** The server's field errors of a refused change, placed on the form's fields. */
export function rejectedFieldErrors(entry: StoredRejected | null | undefined): DraftErrors {
  const errors: DraftErrors = {};
  for (const [field, messages] of Object.entries(entry?.error.errors ?? {})) {
    const target = draftFieldOf(field);
    if (target) (errors[target] ??= []).push(...messages);
  }
  return errors;
}

/** Both error sets, per field (the form's own first). */
export function mergeErrors(own: DraftErrors, other: DraftErrors): DraftErrors {
  const merged: DraftErrors = { ...own };
  for (const [field, messages] of Object.entries(other) as [WebcastDraftField, string[]][]) {
    merged[field] = [...new Set([...(merged[field] ?? []), ...messages])];
  }
  return merged;
}

/** Server field errors stop showing on a field once its value changes. */
export function withoutChanged(errors: DraftErrors, from: WebcastDraftDetails | undefined, to: WebcastDraftDetails | undefined): DraftErrors {
  if (!from || !to) return errors;
  const kept: DraftErrors = {};
  for (const [field, messages] of Object.entries(errors) as [WebcastDraftField, string[]][]) {
    const unchanged = field === "start_time" ? from.start_time === to.start_time && from.start_date === to.start_date && from.timezone === to.timezone : from[field] === to[field];
    if (unchanged) kept[field] = messages;
  }
  return kept;
}

/** What a save that the replica refused at once says (a permission the profile lacks, a deleted webcast…). */
export function refusalText(error: unknown): { message: string; errors: Record<string, string[]> } | null {
  if (!(error instanceof MutationRejected)) return null;
  return { message: error.messages[formMessageLocale()], errors: error.errors ?? {} };
}
