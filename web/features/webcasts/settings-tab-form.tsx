import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import {
  WEBCAST_SETTINGS_TABS,
  type WebcastAccessValues,
  type WebcastDraft,
  type WebcastFormErrors,
  type WebcastSettingsTab,
  accessValuesOf,
  draftFromMutationArgs,
  pickAccess,
  settingsTabDraft,
  updateArgsFromSettings,
} from "../../../domain/webcasts/draft.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { useWebcastDraft } from "../../local/use-draft.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import type { WebcastTabProps } from "./edit-tabs.ts";
import { formFieldErrors, mergeErrors, refusalText, rejectedFieldErrors, withoutChanged } from "./form-support.ts";
import { useReportDirty } from "../organizations/form-state.ts";

export interface SettingsFieldsArgs {
  values: WebcastAccessValues;
  errors: WebcastFormErrors;
  disabled: boolean;
  onChange(patch: Partial<WebcastAccessValues>): void;
}

/**
 * A settings tab of the edit screen (access, content, Q&A, branding): its own autosaved draft
 * (`webcast:<uid>:<tab>`, or `rejected:<id>` while fixing a refused change), saved through
 * `updateWebcast` with only this tab's changed fields (attendee options as a partial object), so
 * it works offline and concurrent edits of other fields merge. A refusal shows its message and
 * field errors; Discard goes back to the saved values. `after` is shown under the form (parts
 * that save online on their own, like the password or the images).
 */
export function SettingsTabForm(props: WebcastTabProps & { tab: WebcastSettingsTab; label: string; children(args: SettingsFieldsArgs): ReactNode; after?: ReactNode }) {
  const { row, tab, editable, fix, onDirtyChange, onFixDone, label, children, after } = props;
  const { t } = useLingui();
  const engine = useSyncEngine();
  const baseline = useMemo((): WebcastDraft => {
    const current = settingsTabDraft(row, tab);
    if (!fix) return current;
    const fixed = draftFromMutationArgs(current, (fix.entry.mutation.args ?? {}) as Parameters<typeof draftFromMutationArgs>[1]);
    return { details: current.details, access: pickAccess({ ...accessValuesOf(row), ...fixed.access }, WEBCAST_SETTINGS_TABS[tab]) };
    // The row as first read seeds the form; later pulls must not wipe what is being typed.
  }, [fix]);
  const { draft, dirty, restored, update, clear } = useWebcastDraft(fix ? `rejected:${fix.id}` : `webcast:${row.id}:${tab}`, baseline);
  const [refusal, setRefusal] = useState<{ message: string; errors: WebcastFormErrors; draft: WebcastDraft } | null>(null);
  const [busy, setBusy] = useState(false);
  useReportDirty(editable && dirty && !busy, onDirtyChange);

  if (!draft) {
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  }

  const fields: readonly string[] = WEBCAST_SETTINGS_TABS[tab];
  const errors = Object.fromEntries(
    Object.entries(mergeErrors(withoutChanged(rejectedFieldErrors(fix?.entry), baseline, draft), refusal ? withoutChanged(refusal.errors, refusal.draft, draft) : {})).filter(([field]) => fields.includes(field)),
  ) as WebcastFormErrors;
  const values: WebcastAccessValues = { ...accessValuesOf(row), ...draft.access };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!engine) return;
    setRefusal(null);
    const args = updateArgsFromSettings(draft.access, row, new Date().toISOString());
    setBusy(true);
    try {
      if (args) await engine.mutate("updateWebcast", args);
    } catch (error) {
      const refused = refusalText(error);
      setBusy(false);
      if (!refused) throw error;
      setRefusal({ message: refused.message, errors: formFieldErrors(refused.errors), draft });
      return;
    }
    const saved = await engine.db.view_webcasts.get(row.id);
    await clear(saved ? settingsTabDraft(saved, tab) : undefined);
    if (fix) {
      await engine.discardRejected(fix.id);
      await onFixDone();
    }
    setBusy(false);
    toast.success(navigator.onLine ? t`Changes saved.` : t`Changes saved on this device. They will be sent when you are back online.`);
  };

  const discard = async () => {
    const accepted = await confirm({ title: t`Discard your changes?`, message: t`The draft of this tab will be emptied and the saved values shown again.`, acceptLabel: t`Discard`, cancelLabel: t`Cancel` });
    if (!accepted) return;
    setRefusal(null);
    await clear(settingsTabDraft(row, tab));
    if (fix && engine) {
      await engine.discardRejected(fix.id);
      await onFixDone();
    }
  };

  return (
    <>
      <form className="form" noValidate aria-label={label} onSubmit={(event) => void save(event)} data-testid={`webcast-${tab}-form`}>
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
        {!editable ? (
          <FormAlert tone="info">
            <Trans>You may view this webcast but not change it.</Trans>
          </FormAlert>
        ) : null}
        {children({ values, errors, disabled: busy || !editable, onChange: (patch) => update((current) => ({ ...current, access: { ...current.access, ...patch } })) })}
        {editable ? (
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={busy || (!dirty && !fix)} aria-busy={busy || undefined} data-testid={`webcast-save-${tab}`}>
              <Trans>Save changes</Trans>
            </button>
            <button type="button" className="button" disabled={busy || (!dirty && !fix)} onClick={() => void discard()} data-testid={`webcast-discard-${tab}`}>
              <Trans>Discard changes</Trans>
            </button>
          </div>
        ) : null}
      </form>
      {/* Parts with their own online save (password, images) sit outside the draft's form. */}
      {after}
    </>
  );
}
