import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useMemo, useState } from "react";
import { canForWebcast } from "../../../domain/permissions/can.ts";
import { type WebcastDraft, type WebcastFormErrors, draftFromMutationArgs, draftFromWebcast, onAirLockedDraftFields, updateArgsFromDraft, webcastDraftErrors } from "../../../domain/webcasts/draft.ts";
import { isOnAir } from "../../../domain/webcasts/status.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { useWebcastDraft } from "../../local/use-draft.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import { useReportDirty } from "../organizations/form-state.ts";
import { useCurrentUser } from "../session/store.ts";
import { DetailsSettingsFields } from "./details-settings-fields.tsx";
import type { WebcastTabProps } from "./edit-tabs.ts";
import { formFieldErrors, formMessageLocale, mergeErrors, refusalText, rejectedFieldErrors, withoutChanged } from "./form-support.ts";
import { useOrganizationRules } from "./use-local-webcasts.ts";
import { WebcastFields } from "./webcast-fields.tsx";

/** Draft fields an on-air webcast keeps (domain ON_AIR_LOCKED_FIELDS, as form fields). */
const ON_AIR_LOCKED = onAirLockedDraftFields();

/**
 * Details tab: the webcast's core fields and broadcast settings as an autosaved draft
 * (`webcast:<uid>`, the key drafts had before there were tabs), saved through `updateWebcast`
 * with only the changed fields (concurrent edits of other fields merge), deleted through
 * `deleteWebcast`. Works offline.
 */
export function DetailsTab({ row, editable, fix, onDirtyChange, onFixDone, onLeaving }: WebcastTabProps & { onLeaving(): void }) {
  const { t } = useLingui();
  const engine = useSyncEngine();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const baseline = useMemo((): WebcastDraft => {
    const current = draftFromWebcast(row);
    return fix ? draftFromMutationArgs(current, (fix.entry.mutation.args ?? {}) as Parameters<typeof draftFromMutationArgs>[1]) : current;
    // The row as first read seeds the form; later pulls must not wipe what is being typed.
  }, [fix]);
  const { draft, dirty, restored, update, clear } = useWebcastDraft(fix ? `rejected:${fix.id}` : `webcast:${row.id}`, baseline);
  const [showErrors, setShowErrors] = useState(fix !== null);
  const [refusal, setRefusal] = useState<{ message: string; errors: WebcastFormErrors; draft: WebcastDraft } | null>(null);
  const [busy, setBusy] = useState(false);
  useReportDirty(editable && dirty && !busy, onDirtyChange);

  // Not a producer permission (SPEC §6): the organization's permission decides, speakers play no part.
  const deletable = canForWebcast(user, "webcasts.delete", { organization_id: row.organization_id, speakers: [] });
  const locked = isOnAir(row) ? ON_AIR_LOCKED : undefined;
  const organization = useOrganizationRules(row.organization_id);

  if (!draft) {
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  }

  const locale = formMessageLocale();
  const refused = mergeErrors(withoutChanged(rejectedFieldErrors(fix?.entry), baseline, draft), refusal ? withoutChanged(refusal.errors, refusal.draft, draft) : {});
  const errors = mergeErrors(webcastDraftErrors(draft.details, locale), refused);
  const hasErrors = Object.keys(errors).length > 0;
  const shown = showErrors ? errors : refused;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    setRefusal(null);
    if (hasErrors || !engine) return;
    const args = updateArgsFromDraft(draft, row, new Date().toISOString());
    setBusy(true);
    try {
      if (args) await engine.mutate("updateWebcast", args);
    } catch (error) {
      const text = refusalText(error);
      setBusy(false);
      if (!text) throw error;
      setRefusal({ message: text.message, errors: formFieldErrors(text.errors), draft });
      return;
    }
    const savedRow = await engine.db.view_webcasts.get(row.id);
    await clear(savedRow ? draftFromWebcast(savedRow) : undefined);
    if (fix) {
      await engine.discardRejected(fix.id);
      await onFixDone();
    }
    setBusy(false);
    setShowErrors(false);
    toast.success(navigator.onLine ? t`Changes saved.` : t`Changes saved on this device. They will be sent when you are back online.`);
  };

  const discard = async () => {
    const accepted = await confirm({ title: t`Discard your changes?`, message: t`The draft of this webcast will be emptied and the saved values shown again.`, acceptLabel: t`Discard`, cancelLabel: t`Cancel` });
    if (!accepted) return;
    setRefusal(null);
    await clear(draftFromWebcast(row));
    if (fix && engine) {
      await engine.discardRejected(fix.id);
      await onFixDone();
    }
    setShowErrors(false);
  };

  const remove = async () => {
    if (!engine) return;
    const accepted = await confirm({ title: t`Delete this webcast?`, message: t`The webcast and everything in it will be deleted. This cannot be undone.`, acceptLabel: t`Delete`, cancelLabel: t`Cancel` });
    if (!accepted) return;
    try {
      await engine.mutate("deleteWebcast", { id: row.id });
    } catch (error) {
      const text = refusalText(error);
      if (!text) throw error;
      toast.error(text.message);
      return;
    }
    onLeaving();
    await clear();
    // Every tab's draft of the deleted webcast goes too (`webcast:<uid>:<tab>`).
    await engine.db.drafts.where("key").startsWith(`webcast:${row.id}:`).delete();
    toast.success(t`Webcast deleted.`);
    await navigate({ to: "/sessions" });
  };

  const onChange = (patch: Partial<WebcastDraft["details"]>) => update((current) => ({ ...current, details: { ...current.details, ...patch } }));
  return (
    <form className="form" noValidate onSubmit={(event) => void save(event)} data-testid="webcast-details-form" aria-label={t`Details`}>
      {fix ? (
        <FormAlert>
          <Trans>The server refused this change: {fix.entry.error.message}</Trans>
        </FormAlert>
      ) : null}
      {restored && !fix ? (
        <FormAlert tone="info">
          <Trans>Your unsaved changes were restored.</Trans>
        </FormAlert>
      ) : null}
      {refusal ? <FormAlert>{refusal.message}</FormAlert> : null}
      {locked ? (
        <FormAlert tone="info">
          <Trans>This webcast is on air: its schedule, type and source can no longer change.</Trans>
        </FormAlert>
      ) : null}
      {!editable ? (
        <FormAlert tone="info">
          <Trans>You may view this webcast but not change it.</Trans>
        </FormAlert>
      ) : null}
      {(["general", "schedule"] as const).map((step) => (
        <WebcastFields key={step} step={step} details={draft.details} errors={shown} locked={locked} disabled={busy || !editable} onChange={onChange} />
      ))}
      <DetailsSettingsFields details={draft.details} saved={row} organization={organization} errors={shown} locked={locked} disabled={busy || !editable} onChange={onChange} />
      {editable ? (
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={busy || (!dirty && !fix)} aria-busy={busy || undefined} data-testid="webcast-save">
            <Trans>Save changes</Trans>
          </button>
          <button type="button" className="button" disabled={busy || (!dirty && !fix)} onClick={() => void discard()} data-testid="webcast-discard">
            <Trans>Discard changes</Trans>
          </button>
          {deletable ? (
            <button type="button" className="button button--danger" disabled={busy || isOnAir(row)} onClick={() => void remove()} data-testid="webcast-delete">
              <Trans>Delete the webcast</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
