import { Trans, useLingui } from "@lingui/react/macro";
import type { KeyboardEvent } from "react";
import type { WebcastSpeakerRow } from "../../../domain/speakers/record.ts";
import { PendingBadge } from "../webcasts/webcast-status.tsx";

export interface SpeakerRowProps {
  speaker: WebcastSpeakerRow;
  /** The producer radios' group (one per webcast). */
  groupName: string;
  first: boolean;
  last: boolean;
  editable: boolean;
  /** A change is being applied: controls wait. */
  busy: boolean;
  /** Made on this device, not pulled back yet: the server cannot invite them yet. */
  unsynced: boolean;
  invitedAt: string | null;
  invite: { disabled: boolean; sending: boolean; offline: boolean };
  onMove(delta: -1 | 1): void;
  onChange(patch: { is_producer: true } | { shown_in_lobby: boolean }): void;
  onInvite(): void;
  onRemove(): void;
}

/**
 * One speaker of the speakers tab: name (producer and "not synced yet" badges), e-mail, the
 * producer radio, the lobby switch, the invitation, and the actions. Alt + ↑ / ↓ anywhere in the
 * row moves the speaker (the arrow buttons do the same).
 */
export function SpeakerRow({ speaker, groupName, first, last, editable, busy, unsynced, invitedAt, invite, onMove, onChange, onInvite, onRemove }: SpeakerRowProps) {
  const { t, i18n } = useLingui();
  const onKeyDown = (event: KeyboardEvent) => {
    if (!editable || busy || !event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    const delta = event.key === "ArrowUp" ? -1 : 1;
    if ((delta < 0 && first) || (delta > 0 && last)) return;
    event.preventDefault();
    onMove(delta);
  };
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" });

  return (
    <tr data-testid="speaker-row" data-speaker-id={speaker.id} onKeyDown={onKeyDown}>
      <td>
        <span className="speaker-table__name">{speaker.name}</span>{" "}
        {speaker.is_producer ? (
          <span className="badge" data-tone="success" data-testid="producer-badge">
            <Trans>Producer</Trans>
          </span>
        ) : null}{" "}
        {unsynced ? (
          <PendingBadge testId="unsynced-badge" />
        ) : null}
      </td>
      <td>{speaker.email}</td>
      <td>
        {editable ? (
          <input
            type="radio"
            name={groupName}
            checked={speaker.is_producer}
            disabled={busy}
            aria-label={t`${speaker.name} is the producer`}
            data-testid="speaker-producer"
            onChange={() => onChange({ is_producer: true })}
          />
        ) : speaker.is_producer ? (
          <Trans>Yes</Trans>
        ) : (
          <Trans>No</Trans>
        )}
      </td>
      <td>
        {editable ? (
          <input
            type="checkbox"
            role="switch"
            className="switch-field__input"
            checked={speaker.shown_in_lobby}
            disabled={busy}
            aria-label={t`Show ${speaker.name} in the lobby`}
            data-testid="speaker-lobby"
            onChange={(event) => onChange({ shown_in_lobby: event.target.checked })}
          />
        ) : speaker.shown_in_lobby ? (
          <Trans>Shown</Trans>
        ) : (
          <Trans>Hidden</Trans>
        )}
      </td>
      <td data-testid="speaker-invited">{invitedAt ? <Trans>Invited {date.format(new Date(invitedAt))}</Trans> : <Trans>Not invited</Trans>}</td>
      {editable ? (
        <td>
          <div className="row-actions">
            <button type="button" className="button button--small" data-speaker={speaker.id} data-move="up" data-testid="speaker-up" disabled={busy || first} aria-label={t`Move ${speaker.name} up`} onClick={() => onMove(-1)}>
              <span aria-hidden="true">↑</span>
            </button>
            <button type="button" className="button button--small" data-speaker={speaker.id} data-move="down" data-testid="speaker-down" disabled={busy || last} aria-label={t`Move ${speaker.name} down`} onClick={() => onMove(1)}>
              <span aria-hidden="true">↓</span>
            </button>
            <button
              type="button"
              className="button button--small"
              data-testid="speaker-invite"
              disabled={invite.disabled || unsynced}
              aria-busy={invite.sending || undefined}
              title={invite.offline ? t`Sending an invitation needs a connection.` : unsynced ? t`This speaker can be invited once synced.` : undefined}
              onClick={onInvite}
            >
              {invitedAt ? <Trans>Invite again</Trans> : <Trans>Invite</Trans>}
            </button>
            <button type="button" className="button button--small button--danger" data-testid="speaker-remove" disabled={busy} aria-label={t`Remove ${speaker.name}`} onClick={onRemove}>
              <Trans>Remove</Trans>
            </button>
          </div>
        </td>
      ) : null}
    </tr>
  );
}
