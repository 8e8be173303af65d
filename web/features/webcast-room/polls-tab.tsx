import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { type PollBadge, type PollStatus, type ProducerPollView, isOnScreen, pollActionsFor, seriesActionsFor } from "../../../domain/polls/live.ts";
import type { PollRow, PollingSeriesRow } from "../../../domain/polls/record.ts";
import type { PollingAction } from "../../../domain/webcast-room/commands.ts";
import type { CurrentPolling } from "../../../domain/webcast-room/live-state.ts";
import { LiveResults, PollBadgeView } from "../polls/live-results.tsx";
import { byPosition, useWebcastParts } from "../webcasts/use-webcast-parts.ts";
import { POLLING_ACTION_LABELS, pollingStatusLabel } from "./labels.ts";
import type { RoomTabProps } from "./tabs.ts";

type Send = RoomTabProps["send"];

/** The `polling.set` buttons of a poll or a series, each named with what it acts on. */
function PollingActionButtons({ actions, kind, id, title, busy, send }: { actions: readonly PollingAction[]; kind: "poll" | "series"; id: string; title: string; busy: boolean; send: Send }) {
  const { t, i18n } = useLingui();
  return (
    <span className="control-room__actions">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className="button"
          disabled={busy}
          aria-label={t`${i18n._(POLLING_ACTION_LABELS[action])}: ${title}`}
          onClick={() => send({ type: "polling.set", kind, id, action })}
          data-action={action}
        >
          {i18n._(POLLING_ACTION_LABELS[action])}
        </button>
      ))}
    </span>
  );
}

interface PollCardProps {
  poll: PollRow;
  tally: ProducerPollView | undefined;
  current: CurrentPolling;
  manage: boolean;
  busy: boolean;
  send: Send;
}

/** One poll: its live badge, its actions and its live tally. */
function PollCard({ poll, tally, current, manage, busy, send }: PollCardProps) {
  const { t } = useLingui();
  const status: PollStatus = tally?.status ?? poll.status;
  const badge: PollBadge = tally?.badge ?? poll.status;
  const onScreen = isOnScreen(current, poll);
  return (
    <li className="polls-room__poll" data-poll={poll.id} data-current={onScreen} data-testid="room-poll">
      <div className="polls-room__poll-head">
        <h3 className="polls-room__poll-title">{poll.title}</h3>
        <PollBadgeView badge={badge} />
        {onScreen ? (
          <span className="badge" data-tone="success">
            <Trans>On screen</Trans>
          </span>
        ) : null}
      </div>
      {manage ? (
        <PollingActionButtons actions={pollActionsFor(status, onScreen)} kind="poll" id={poll.id} title={poll.title} busy={busy} send={send} />
      ) : null}
      {tally ? <LiveResults tally={tally} caption={t`Live results: ${poll.title}`} /> : null}
    </li>
  );
}

interface SeriesCardProps extends Omit<PollCardProps, "poll" | "tally"> {
  series: PollingSeriesRow;
  polls: readonly PollRow[];
  tallies: ReadonlyMap<string, ProducerPollView>;
}

/** A polling series: its own actions (on all its polls), then one poll at a time, stepped through. */
function SeriesCard({ series, polls, tallies, current, manage, busy, send }: SeriesCardProps) {
  const { t } = useLingui();
  const [step, setStep] = useState(0);
  const onScreen = current.type === "series" && current.id === series.id;
  const statuses = polls.map((poll) => tallies.get(poll.id)?.status ?? poll.status);
  const index = Math.min(step, Math.max(0, polls.length - 1));
  const poll = polls[index];
  return (
    <section className="polls-room__series" aria-label={t`Polling series: ${series.title}`} data-series={series.id} data-testid="room-series">
      <div className="polls-room__poll-head">
        <h3 className="polls-room__poll-title">{series.title}</h3>
        {onScreen ? (
          <span className="badge" data-tone="success">
            <Trans>On screen</Trans>
          </span>
        ) : null}
      </div>
      {manage && polls.length > 0 ? (
        <PollingActionButtons actions={seriesActionsFor(statuses, onScreen)} kind="series" id={series.id} title={series.title} busy={busy} send={send} />
      ) : null}
      {poll === undefined ? (
        <p className="muted">
          <Trans>This series has no polls yet.</Trans>
        </p>
      ) : (
        <>
          <div className="polls-room__stepper" role="group" aria-label={t`Step through the series`}>
            <button type="button" className="button" disabled={index === 0} onClick={() => setStep(index - 1)} data-testid="series-previous">
              <Trans>Previous poll</Trans>
            </button>
            <span aria-live="polite" data-testid="series-step">
              <Trans>
                Poll {index + 1} of {polls.length}
              </Trans>
            </span>
            <button type="button" className="button" disabled={index >= polls.length - 1} onClick={() => setStep(index + 1)} data-testid="series-next">
              <Trans>Next poll</Trans>
            </button>
          </div>
          <ul className="control-room__list">
            <PollCard poll={poll} tally={tallies.get(poll.id)} current={current} manage={manage} busy={busy} send={send} />
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * Polls (SPEC §3 current_polling, §4 badges and actions): every poll and polling series of the
 * webcast (from this device), each with its live badge and tally from the room (`tallies`, for
 * whoever manages polls) and the actions the room takes (`polling.set`). Polls are written in the
 * webcast's Polls tab.
 */
export function PollsTab({ webcast, live, may, send, pendingTypes, interactions }: RoomTabProps) {
  const { i18n } = useLingui();
  const polls = useWebcastParts("polls", webcast.id, byPosition);
  const series = useWebcastParts("polling_series", webcast.id, byPosition);
  const current = live.current_polling;
  if (!polls || !series) {
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  const tallies = new Map((interactions?.tallies ?? []).map((tally) => [tally.poll_id, tally]));
  const manage = may("polling.set");
  const busy = pendingTypes.has("polling.set");
  const single = polls.rows.filter((poll) => poll.series_id === null);
  const onScreenTitle = current.type === "poll" ? polls.rows.find((poll) => poll.id === current.id)?.title : series.rows.find((item) => item.id === current.id)?.title;
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
            On screen: {onScreenTitle ?? current.id} ({i18n._(pollingStatusLabel(current.status))})
          </Trans>
        )}
      </p>
      {manage && interactions === null ? (
        <p className="muted" aria-busy="true" data-testid="room-tallies-loading">
          <Trans>Waiting for the live results…</Trans>
        </p>
      ) : null}
      {polls.rows.length === 0 ? (
        <p className="muted" data-testid="room-no-polls">
          <Trans>This webcast has no polls yet.</Trans>
        </p>
      ) : (
        <>
          {single.length > 0 ? (
            <ul className="control-room__list" data-testid="room-polls">
              {single.map((poll) => (
                <PollCard key={poll.id} poll={poll} tally={tallies.get(poll.id)} current={current} manage={manage} busy={busy} send={send} />
              ))}
            </ul>
          ) : null}
          {series.rows.map((item) => (
            <SeriesCard key={item.id} series={item} polls={polls.rows.filter((poll) => poll.series_id === item.id)} tallies={tallies} current={current} manage={manage} busy={busy} send={send} />
          ))}
        </>
      )}
      <p className="muted">
        <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} search={{ tab: "polls" }}>
          <Trans>Write and order the polls</Trans>
        </Link>
      </p>
    </section>
  );
}
