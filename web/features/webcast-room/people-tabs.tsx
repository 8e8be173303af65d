import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { RoomTabProps } from "./tabs.ts";

/** Speakers (SPEC §3 speakers, live `speakers_connected`): who speaks and who is connected now. */
export function SpeakersTab({ webcast, speakers, live }: RoomTabProps) {
  const { t } = useLingui();
  const connected = new Set(live.speakers_connected);
  if (speakers.length === 0) {
    return (
      <p className="muted" data-testid="room-no-speakers">
        <Trans>This webcast has no speakers yet.</Trans>{" "}
        <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} search={{ tab: "speakers" }}>
          <Trans>Add speakers</Trans>
        </Link>
      </p>
    );
  }
  return (
    <section aria-labelledby="room-speakers-title">
      <h2 id="room-speakers-title" className="card__title">
        <Trans>Speakers</Trans>
      </h2>
      <ul className="control-room__list" data-testid="room-speakers">
        {speakers.map((speaker) => {
          const on = connected.has(speaker.user_id);
          return (
            <li key={speaker.id} data-speaker={speaker.user_id} data-connected={on}>
              <span>{speaker.name}</span>
              {speaker.is_producer ? <span className="badge">{t`Producer`}</span> : null}
              <span className="badge" data-tone={on ? "success" : undefined}>
                {on ? <Trans>Connected</Trans> : <Trans>Not connected</Trans>}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="muted">
        <Trans>Their video, sound, spotlight and dial-out come with the live video issue.</Trans>
      </p>
    </section>
  );
}

/**
 * Stats (SPEC §6 "speakers may see stats if allowed"): the producer always sees the live figures;
 * a speaker only when the webcast shares them (`speakers_see_stats`) — the room leaves the
 * figures out of a speaker's state otherwise, and this tab says why.
 */
export function StatsTab({ live, role }: RoomTabProps) {
  const shared = role === "producer" || live.speakers_see_stats;
  const figure = (value: number | undefined) => (value === undefined ? "–" : value);
  return (
    <section aria-labelledby="room-stats-title">
      <h2 id="room-stats-title" className="card__title">
        <Trans>Live audience</Trans>
      </h2>
      {shared ? (
        <ul className="dashboard-figures" data-testid="room-stats">
          <li className="dashboard-figures__item" data-testid="stat-viewers">
            <span className="dashboard-figures__value">{figure(live.live_viewers)}</span>{" "}
            <span className="dashboard-figures__label">
              <Trans>Viewers now</Trans>
            </span>
          </li>
          <li className="dashboard-figures__item" data-testid="stat-peak">
            <span className="dashboard-figures__value">{figure(live.peak_viewers)}</span>{" "}
            <span className="dashboard-figures__label">
              <Trans>Peak since going live</Trans>
            </span>
          </li>
          <li className="dashboard-figures__item" data-testid="stat-speakers">
            <span className="dashboard-figures__value">{live.speakers_connected.length}</span>{" "}
            <span className="dashboard-figures__label">
              <Trans>Speakers connected</Trans>
            </span>
          </li>
        </ul>
      ) : (
        <p className="muted" data-testid="room-stats-hidden">
          <Trans>The producer has not shared the audience figures with speakers. They can do so in the webcast's settings.</Trans>
        </p>
      )}
      {shared ? (
        <p className="muted">
          <Trans>The audience per minute and the full analytics come with the analytics issue.</Trans>
        </p>
      ) : null}
    </section>
  );
}
