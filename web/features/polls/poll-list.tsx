import { Trans, useLingui } from "@lingui/react/macro";
import type { PollRow, PollingSeriesRow } from "../../../domain/polls/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { LANGUAGE_LABELS } from "../webcasts/labels.ts";
import { PollEditor } from "./poll-editor.tsx";
import { POLL_DISPLAY_LABELS, POLL_STATUS_LABELS } from "./poll-labels.ts";
import { MoveButtons, moveKey } from "../webcasts/reorder-controls.tsx";
import { PendingBadge } from "../webcasts/webcast-status.tsx";

/** SPEC §4 poll badge (unpublished, open, closed, results). */
export function PollStatusBadge({ status }: { status: PollRow["status"] }) {
  const { i18n } = useLingui();
  return (
    <span className="badge poll-status" data-status={status} data-tone={status === "open" ? "success" : status === "results" ? "warning" : undefined} data-testid="poll-status">
      {i18n._(POLL_STATUS_LABELS[status])}
    </span>
  );
}

export interface PollListProps {
  webcast: Pick<WebcastRow, "id" | "organization_id" | "language">;
  /** One group's polls (a series' or the standalone ones), in order. */
  polls: readonly PollRow[];
  series: readonly PollingSeriesRow[];
  unsynced: ReadonlySet<string>;
  canManage: boolean;
  busy: boolean;
  /** The poll being edited (its editor replaces its row). */
  editing: string | null;
  onEdit(id: string | null): void;
  onMove(index: number, delta: -1 | 1): void;
  onDelete(poll: PollRow): void;
}

/**
 * One group of polls: each with its badge, options (the recommended one marked) and, for whoever
 * holds polls.manage, its arrows (Alt + ↑ / ↓ on the row too), Edit and Delete. An open poll
 * cannot be deleted and says why.
 */
export function PollList({ webcast, polls, series, unsynced, canManage, busy, editing, onEdit, onMove, onDelete }: PollListProps) {
  const { i18n } = useLingui();
  if (polls.length === 0) {
    return (
      <p className="empty-state">
        <Trans>No polls here.</Trans>
      </p>
    );
  }
  return (
    <ol className="poll-list">
      {polls.map((poll, index) =>
        editing === poll.id ? (
          <li key={poll.id} className="poll-list__item">
            <PollEditor webcast={webcast} poll={poll} series={series} onDone={() => onEdit(null)} />
          </li>
        ) : (
          <li
            key={poll.id}
            className="poll-list__item"
            data-testid="poll-row"
            data-poll-id={poll.id}
            onKeyDown={(event) => {
              const delta = canManage ? moveKey(event) : null;
              if (delta === null) return;
              event.preventDefault();
              onMove(index, delta);
            }}
          >
            <div className="poll-list__header">
              <strong className="poll-list__title">{poll.title}</strong> <PollStatusBadge status={poll.status} />{" "}
              {unsynced.has(poll.id) ? (
                <PendingBadge testId="unsynced-badge" />
              ) : null}
            </div>
            {poll.description ? <p className="poll-list__description">{poll.description}</p> : null}
            <p className="muted poll-list__meta">
              {poll.multiple_choice ? <Trans>Multiple choice</Trans> : <Trans>Single choice</Trans>} · {i18n._(POLL_DISPLAY_LABELS[poll.display].label)} · {i18n._(LANGUAGE_LABELS[poll.language])}
            </p>
            <ul className="poll-list__options">
              {poll.options.map((option) => (
                <li key={option.id} data-recommended={option.id === poll.recommended_option_id || undefined}>
                  {option.text}
                  {option.id === poll.recommended_option_id ? (
                    <>
                      {" "}
                      <span className="badge" data-tone="success">
                        <Trans>Recommended</Trans>
                      </span>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
            {canManage && poll.status === "open" ? (
              <p className="muted" data-testid="poll-open-note">
                <Trans>Open: viewers are voting. Close it in the control room before changing its options or deleting it.</Trans>
              </p>
            ) : null}
            {canManage ? (
              <div className="row-actions">
                <MoveButtons id={poll.id} name={poll.title} first={index === 0} last={index === polls.length - 1} disabled={busy} testId="poll" onMove={(delta) => onMove(index, delta)} />
                <button type="button" className="button button--small" disabled={busy || editing !== null} data-testid="poll-edit" onClick={() => onEdit(poll.id)}>
                  <Trans>Edit</Trans>
                </button>
                <button type="button" className="button button--small button--danger" disabled={busy || poll.status === "open"} data-testid="poll-delete" onClick={() => onDelete(poll)}>
                  <Trans>Delete</Trans>
                </button>
              </div>
            ) : null}
          </li>
        ),
      )}
    </ol>
  );
}
