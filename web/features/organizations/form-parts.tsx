import { Trans } from "@lingui/react/macro";
import { FormAlert } from "../../ui/form.tsx";

/** The form-level message of the last failed save, if any. */
export function SaveError({ message }: { message: string | null }) {
  return message ? <FormAlert>{message}</FormAlert> : null;
}

export function SaveBar({ dirty, saving }: { dirty: boolean; saving: boolean }) {
  return (
    <div className="form-actions">
      {dirty ? (
        <span className="muted" data-testid="unsaved">
          <Trans>Unsaved changes</Trans>
        </span>
      ) : null}
      <button type="submit" className="button button--primary" disabled={saving || !dirty} aria-busy={saving || undefined}>
        {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
      </button>
    </div>
  );
}
