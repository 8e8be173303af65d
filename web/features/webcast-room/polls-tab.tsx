import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { PollingAction } from "../../../domain/webcast-room/commands.ts";
import { POLLING_STATUS } from "../../../domain/webcast-room/live-state.ts";
import { byPosition, useWebcastParts } from "../webcasts/use-webcast-parts.ts";
import { POLLING_ACTION_LABELS, pollingStatusLabel } from "./labels.ts";
import type { RoomTabProps } from "./tabs.ts";

/** The actions that make sense from the poll's live status (SPEC §4 poll actions). */
function actionsFor(status: number | null): PollingAction[] {
  switch (status) {
    case POLLING_STATUS.open:
      return ["close", "dismiss"];
    case POLLING_STATUS.closed:
      return ["show_results", "republish", "dismiss"];
    case POLLING_STATUS.results:
      return ["republish", "dismiss"];
    default:
      return ["publish"];
  }
}

/**
 * Polls (SPEC §3 current_polling, §4 actions): the webcast's polls from this device, each with the
 * actions the room takes (`polling.set`); the one on screen now is marked. Polls are written in
 * the webcast's Polls tab.
 */
export function PollsTab({ webcast, live, may, send, pendingTypes }: RoomTabProps) {
  const { t, i18n } = useLingui();
  const polls = useWebcastParts("polls", webcast.id, byPosition);
  const current = live.current_polling;
  const currentPoll = current.type === "poll" ? polls?.rows.find((poll) => poll.id === current.id) : undefined;
  if (!polls) {
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  return (
    <section aria-labelledby="room-polls-title">
      <h2 id="room-polls-title" className="card__title">
        <Trans>Polls</Trans>
      </h2>
      <p data-testid="room-current-polling" aria-live="polite">
        {current.type === "none" ? (
          <Trans>No poll on screen.</Trans>
        ) : (
          <Trans>
            On screen: {currentPoll?.title ?? current.id} ({i18n._(pollingStatusLabel(current.status))})
          </Trans>
        )}
      </p>
      {polls.rows.length === 0 ? (
        <p className="muted" data-testid="room-no-polls">
          <Trans>This webcast has no polls yet.</Trans>
        </p>
      ) : (
        <ul className="control-room__list" data-testid="room-polls">
          {polls.rows.map((poll) => {
            const status = current.type === "poll" && current.id === poll.id ? current.status : null;
            return (
              <li key={poll.id} data-poll={poll.id} data-current={status !== null}>
                <span>{poll.title}</span>
                {status !== null ? <span className="badge" data-tone="success">{i18n._(pollingStatusLabel(status))}</span> : null}
                {may("polling.set") ? (
                  <span className="control-room__actions">
                    {actionsFor(status).map((action) => (
                      <button
                        key={action}
                        type="button"
                        className="button"
                        disabled={pendingTypes.has("polling.set")}
                        aria-label={t`${i18n._(POLLING_ACTION_LABELS[action])}: ${poll.title}`}
                        onClick={() => send({ type: "polling.set", kind: "poll", id: poll.id, action })}
                        data-action={action}
                      >
                        {i18n._(POLLING_ACTION_LABELS[action])}
                      </button>
                    ))}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <p className="muted">
        <Trans>Votes and live results come with the viewer issue.</Trans>{" "}
        <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} search={{ tab: "polls" }}>
          <Trans>Write and order the polls</Trans>
        </Link>
      </p>
    </section>
  );
}
