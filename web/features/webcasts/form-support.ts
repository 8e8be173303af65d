import { useLiveQuery } from "dexie-react-hooks";
import { messageLocale } from "../../../domain/i18n/locales.ts";
import { MutationRejected } from "../../../domain/sync/types.ts";
import { type WebcastDraft, type WebcastDraftDetails, type WebcastFormErrors, type WebcastFormField, draftFieldOf, webcastDraftErrors } from "../../../domain/webcasts/draft.ts";
import type { StoredRejected } from "../../local/db.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { currentLocale } from "../../i18n/i18n.ts";

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

/** A mutation's field errors (by row field) placed on the form's fields. */
export function formFieldErrors(errors: Record<string, string[]> | undefined): WebcastFormErrors {
  const placed: WebcastFormErrors = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const target = draftFieldOf(field);
    if (target) (placed[target] ??= []).push(...messages);
  }
  return placed;
}

/** The server's field errors of a refused change, placed on the form's fields. */
export function rejectedFieldErrors(entry: StoredRejected | null | undefined): WebcastFormErrors {
  return formFieldErrors(entry?.error.errors);
}

/** Both error sets, per field (the form's own first). */
export function mergeErrors(own: WebcastFormErrors, other: WebcastFormErrors): WebcastFormErrors {
  const merged: WebcastFormErrors = { ...own };
  for (const [field, messages] of Object.entries(other) as [WebcastFormField, string[]][]) {
    merged[field] = [...new Set([...(merged[field] ?? []), ...messages])];
  }
  return merged;
}

/**
 * Errors about the start instant (in the past, SPEC §5 datetime_after; the server's
 * `event_start_date_time`) show under the start date, the first field of the pair, and are linked
 * to it; the domain files them under `start_time` (webcastDraftErrors, draftFieldOf). The time
 * keeps its own errors (missing, not a time), found by judging the draft without "after now".
 */
export function placeStartErrors(details: WebcastDraftDetails, errors: WebcastFormErrors): WebcastFormErrors {
  const onTime = errors.start_time ?? [];
  if (onTime.length === 0) return errors;
  const own = new Set(webcastDraftErrors(details, formMessageLocale()).start_time ?? []);
  const instant = onTime.filter((message) => !own.has(message));
  if (instant.length === 0) return errors;
  return { ...errors, start_date: [...new Set([...(errors.start_date ?? []), ...instant])], start_time: onTime.filter((message) => own.has(message)) };
}

function valueOf(draft: WebcastDraft, field: WebcastFormField): unknown {
  return field in draft.details ? draft.details[field as keyof WebcastDraft["details"]] : draft.access[field as keyof WebcastDraft["access"]];
}

/** Same value; lists (the registration form) by value, as a draft read back from IndexedDB is a copy. */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (Array.isArray(a) && Array.isArray(b) && JSON.stringify(a) === JSON.stringify(b));
}

/** Refusal field errors stop showing on a field once its value changes (from the draft that was refused). */
export function withoutChanged(errors: WebcastFormErrors, from: WebcastDraft | undefined, to: WebcastDraft | undefined): WebcastFormErrors {
  if (!from || !to) return errors;
  const kept: WebcastFormErrors = {};
  for (const [field, messages] of Object.entries(errors) as [WebcastFormField, string[]][]) {
    const watched: WebcastFormField[] = field === "start_time" ? ["start_time", "start_date", "timezone"] : [field];
    if (watched.every((name) => sameValue(valueOf(from, name), valueOf(to, name)))) kept[field] = messages;
  }
  return kept;
}

/** What a save that the replica refused at once says (a permission the profile lacks, a deleted webcast…). */
export function refusalText(error: unknown): { message: string; errors: Record<string, string[]> } | null {
  if (!(error instanceof MutationRejected)) return null;
  return { message: error.messages[formMessageLocale()], errors: error.errors ?? {} };
}
