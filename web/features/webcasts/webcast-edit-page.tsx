import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { canForWebcast } from "../../../domain/permissions/can.ts";
import { type WebcastDraft, type WebcastDraftField, draftFromMutationArgs, draftFromWebcast, updateArgsFromDraft, webcastDraftErrors } from "../../../domain/webcasts/draft.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { isOnAir } from "../../../domain/webcasts/rules.ts";
import { displayedState } from "../../../domain/webcasts/status.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { useWebcastDraft } from "../../local/use-draft.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert } from "../../ui/form.tsx";
import { PageTitle } from "../../ui/page-title.tsx";
import { toast } from "../../ui/toast.ts";
import { useLeaveConfirmation } from "../../ui/use-leave-confirmation.ts";
import { useCurrentUser } from "../session/store.ts";
import { formMessageLocale, mergeErrors, refusalText, rejectedFieldErrors, useRejectedEntry, withoutChanged } from "./form-support.ts";
import { STATE_LABELS } from "./labels.ts";
import { usePendingRowIds, useLocalWebcast } from "./use-local-webcasts.ts";
import { WebcastFields } from "./webcast-fields.tsx";
import "../organizations/management.css";
import "./webcasts.css";

/** Draft fields an on-air webcast keeps (domain ON_AIR_LOCKED_FIELDS, as form fields). */
const ON_AIR_LOCKED: ReadonlySet<WebcastDraftField> = new Set<WebcastDraftField>(["start_date", "start_time", "timezone", "duration", "kind"]);

/**
 * /webcasts/{uid}/edit, Details tab (SPEC §2): the webcast as this device holds it, edited as an
 * autosaved draft (`webcast:<uid>`), saved through the `updateWebcast` mutator (only the changed
 * fields: concurrent edits of other fields merge) and deleted through `deleteWebcast`. Works
 * offline. `fix` reopens an update the server refused, laid over the webcast as it is now.
 *
 * The other tabs of SPEC §2 (access, content, branding, polls…) come with issue #5.
 */
export function WebcastEditPage({ uid, fix }: { uid: string; fix?: string }) {
  const row = useLocalWebcast(uid);
  const rejected = useRejectedEntry(fix);
  const pending = usePendingRowIds();
  const { t, i18n } = useLingui();

  if (row === undefined || rejected === undefined) {
    return (
      <div className="page">
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      </div>
    );
  }
  if (row === null) {
    return (
      <div className="page" data-testid="webcast-missing">
        <PageTitle>
          <Trans>Webcast not found</Trans>
        </PageTitle>
        <p>
          <Trans>This webcast is not on this device: it was deleted, you may not see it, or it has not been synced yet.</Trans>
        </p>
        <p>
          <Link to="/sessions">
            <Trans>All sessions</Trans>
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page webcast-edit" data-testid="webcast-edit">
      <p className="back-link">
        <Link to="/sessions">
          <Trans>All sessions</Trans>
        </Link>
      </p>
      <PageTitle>{row.event_title}</PageTitle>
      <p className="webcast-edit__meta">
        <span className="badge" data-state={row.state} data-testid="webcast-state">
          {i18n._(STATE_LABELS[displayedState(row)])}
        </span>
        {pending.has(row.id) ? (
          <span className="badge badge--pending" data-testid="webcast-pending">
            <Trans>Not synced yet</Trans>
          </span>
        ) : null}
      </p>
      <nav className="tabs" aria-label={t`Webcast sections`}>
        <span className="tabs__tab" aria-current="page">
          <Trans>Details</Trans>
        </span>
      </nav>
      <DetailsForm key={`${row.id}:${fix ?? ""}`} row={row} fixId={fix} rejected={rejected} />
    </div>
  );
}

function DetailsForm({ row, fixId, rejected }: { row: WebcastRow; fixId: string | undefined; rejected: ReturnType<typeof useRejectedEntry> }) {
  const { t } = useLingui();
  const engine = useSyncEngine();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const baseline = useMemo((): WebcastDraft => {
    const current = draftFromWebcast(row);
    return rejected ? draftFromMutationArgs(current, (rejected.mutation.args ?? {}) as Parameters<typeof draftFromMutationArgs>[1]) : current;
    // The row as first read seeds the form; later pulls must not wipe what is being typed.
  }, [rejected]);
  const { draft, dirty, restored, update, clear } = useWebcastDraft(fixId ? `rejected:${fixId}` : `webcast:${row.id}`, baseline);
  const [showErrors, setShowErrors] = useState(fixId !== undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const leaving = useRef(false);
  useLeaveConfirmation(dirty && !busy && !leaving.current, { message: t`Your draft stays on this device and will be here when you come back, but these changes are not saved to the webcast yet.` });

  // Speakers are not synced yet (issue #5): producers get their rights when they are.
  const permissionWebcast = { organization_id: row.organization_id, speakers: [] };
  const editable = canForWebcast(user, "webcasts.update", permissionWebcast);
  const deletable = canForWebcast(user, "webcasts.delete", permissionWebcast);
  const locked = isOnAir(row) ? ON_AIR_LOCKED : undefined;

  if (!draft) {
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  }

  const locale = formMessageLocale();
  const serverShown = withoutChanged(rejectedFieldErrors(rejected), baseline.details, draft.details);
  const errors = mergeErrors(webcastDraftErrors(draft.details, locale), serverShown);
  const hasErrors = Object.keys(errors).length > 0;

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
      const refused = refusalText(error);
      setBusy(false);
      if (!refused) throw error;
      setRefusal(refused.message);
      return;
    }
    const savedRow = await engine.db.view_webcasts.get(row.id);
    await clear(savedRow ? draftFromWebcast(savedRow) : undefined);
    if (fixId) {
      await engine.discardRejected(fixId);
      leaving.current = true;
      await navigate({ to: "/webcasts/$uid/edit", params: { uid: row.id }, search: {} });
    }
    setBusy(false);
    setShowErrors(false);
    toast.success(navigator.onLine ? t`Changes saved.` : t`Changes saved on this device. They will be sent when you are back online.`);
  };

  const discard = async () => {
    const accepted = await confirm({ title: t`Discard your changes?`, message: t`The draft of this webcast will be emptied and the saved values shown again.`, acceptLabel: t`Discard`, cancelLabel: t`Cancel` });
    if (!accepted) return;
    await clear(draftFromWebcast(row));
    if (fixId && engine) {
      await engine.discardRejected(fixId);
      leaving.current = true;
      await navigate({ to: "/webcasts/$uid/edit", params: { uid: row.id }, search: {} });
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
      const refused = refusalText(error);
      if (!refused) throw error;
      toast.error(refused.message);
      return;
    }
    leaving.current = true;
    await clear();
    toast.success(t`Webcast deleted.`);
    await navigate({ to: "/sessions" });
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void save(event)} data-testid="webcast-details-form">
      {rejected ? (
        <FormAlert>
          <Trans>The server refused this change: {rejected.error.message}</Trans>
        </FormAlert>
      ) : null}
      {restored && !rejected ? (
        <FormAlert tone="info">
          <Trans>Your unsaved changes were restored.</Trans>
        </FormAlert>
      ) : null}
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      {locked ? (
        <FormAlert tone="info">
          <Trans>This webcast is on air: its schedule and type can no longer change.</Trans>
        </FormAlert>
      ) : null}
      {!editable ? (
        <FormAlert tone="info">
          <Trans>You may view this webcast but not change it.</Trans>
        </FormAlert>
      ) : null}
      {(["general", "schedule"] as const).map((step) => (
        <WebcastFields
          key={step}
          step={step}
          details={draft.details}
          errors={showErrors ? errors : {}}
          locked={locked}
          disabled={busy || !editable}
          onChange={(patch) => update((current) => ({ ...current, details: { ...current.details, ...patch } }))}
        />
      ))}
      {editable ? (
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={busy || (!dirty && !fixId)} aria-busy={busy || undefined} data-testid="webcast-save">
            <Trans>Save changes</Trans>
          </button>
          <button type="button" className="button" disabled={busy || (!dirty && !fixId)} onClick={() => void discard()} data-testid="webcast-discard">
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
