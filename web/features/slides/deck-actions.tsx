import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { SlidesRow } from "../../../domain/slides/record.ts";
import { formatBytes } from "../../../domain/validation/form-rules.ts";
import { confirm } from "../../ui/confirm.ts";
import { currentLocale } from "../../i18n/i18n.ts";
import { OfflineChangesNote, RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import type { DeckFacts } from "./use-deck.ts";
import "./slides.css";

/** "Approved" or "Not approved yet: viewers see the slides once approved", with the file's name and pages. */
export function DeckStatus({ deck }: { deck: DeckFacts & Partial<Pick<SlidesRow, "size">> }) {
  const size = deck.size === undefined ? null : formatBytes(deck.size, currentLocale());
  return (
    <div className="deck-status">
      <p className="deck-status__file">
        <span className="deck-status__name">{deck.file_name}</span>{" "}
        <span className="muted">
          <Plural value={deck.page_count} one="# page" other="# pages" />
          {size ? ` · ${size}` : null}
        </span>
      </p>
      <p data-testid="deck-approval" data-approved={deck.approved}>
        {deck.approved ? (
          <span className="badge" data-tone="success">
            <Trans>Approved</Trans>
          </span>
        ) : (
          <>
            <span className="badge" data-tone="warning">
              <Trans>Not approved yet</Trans>
            </span>{" "}
            <span className="muted">
              <Trans>Viewers see the slides once approved.</Trans>
            </span>
          </>
        )}
      </p>
    </div>
  );
}

/**
 * Approving and deleting the deck (slides.manage): mutators applied on the device at once and sent
 * by the sync engine (offline too). Deleting asks first.
 */
export function DeckActions({ deck }: { deck: Pick<SlidesRow, "id" | "file_name" | "approved"> }) {
  const { t } = useLingui();
  const { run, refusal, busy } = usePartMutations();

  const approve = () => void run("approveSlides", { id: deck.id, now: new Date().toISOString() });
  const remove = async () => {
    const accepted = await confirm({
      title: t`Delete the slides?`,
      message: t`“${deck.file_name}” is removed from this webcast and viewers no longer see it. This cannot be undone.`,
      acceptLabel: t`Delete`,
      cancelLabel: t`Cancel`,
    });
    if (accepted) await run("deleteSlides", { id: deck.id });
  };

  return (
    <div className="deck-actions stack">
      <RefusalAlert refusal={refusal} />
      <div className="control-room__actions">
        {deck.approved ? null : (
          <button type="button" className="button button--primary" disabled={busy} onClick={approve} data-testid="deck-approve">
            <Trans>Approve the slides</Trans>
          </button>
        )}
        <button type="button" className="button" disabled={busy} onClick={() => void remove()} data-testid="deck-delete">
          <Trans>Delete the slides</Trans>
        </button>
      </div>
      <OfflineChangesNote />
    </div>
  );
}
