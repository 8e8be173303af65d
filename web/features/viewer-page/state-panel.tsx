import { Trans, useLingui } from "@lingui/react/macro";
import type { PublicWebcast } from "../../../domain/viewer-page/api.ts";
import type { ViewerPageState } from "../../../domain/viewer-page/page-state.ts";
import { CalendarMenu } from "./calendar-menu.tsx";
import { Countdown, Schedule } from "./schedule.tsx";

/**
 * What the page says of the webcast right now (SPEC §2 public webcast page states), in a polite
 * live region so a change of state (the show starts, the replay is ready) is announced; the
 * countdown inside speaks by the minute only.
 */
export function StatePanel({ webcast, state }: { webcast: PublicWebcast; state: ViewerPageState }) {
  return (
    <section className="viewer-page__state card" data-kind={state.kind} data-soon={state.soon ?? undefined} data-testid="viewer-state" aria-labelledby="viewer-state-title">
      <div aria-live="polite" aria-atomic="true">
        <h2 id="viewer-state-title" className="card__title" data-testid="viewer-state-title">
          <StateTitle webcast={webcast} state={state} />
        </h2>
        <StateText webcast={webcast} state={state} />
      </div>
      {state.kind === "not_started" ? (
        <>
          {state.startsInMs !== null && state.startsInMs > 0 && state.soon !== null ? <Countdown ms={state.startsInMs} /> : null}
          <Schedule start={webcast.start} timezone={webcast.timezone} />
          {webcast.add_to_calendar_visible && webcast.start !== null && state.startsInMs !== null && state.startsInMs > 0 ? <CalendarMenu webcast={webcast} /> : null}
        </>
      ) : null}
    </section>
  );
}

function StateTitle({ state }: { webcast: PublicWebcast; state: ViewerPageState }) {
  switch (state.kind) {
    case "not_started":
      if (state.startsInMs === 0) return <Trans>Starting any moment</Trans>;
      if (state.soon !== null) return <Trans>Starting soon</Trans>;
      return <Trans>Coming up</Trans>;
    case "live":
      return <Trans>Live now</Trans>;
    case "premiering":
      return <Trans>Premiering now</Trans>;
    case "ended":
      return <Trans>The webcast has ended</Trans>;
    case "canceled":
      return <Trans>The webcast has been canceled</Trans>;
    case "replay_pending":
      return <Trans>The replay is being prepared</Trans>;
    case "replay_available":
      return <Trans>Replay available</Trans>;
    case "replay_expired":
      return <Trans>The replay has expired</Trans>;
  }
}

function StateText({ webcast, state }: { webcast: PublicWebcast; state: ViewerPageState }) {
  const { i18n } = useLingui();
  switch (state.kind) {
    case "not_started":
      if (state.startsInMs === 0)
        return (
          <p data-testid="viewer-soon" data-soon="now">
            <Trans>The webcast starts any moment now. This page updates by itself.</Trans>
          </p>
        );
      if (state.soon === "under_10")
        return (
          <p className="viewer-page__banner-text" data-testid="viewer-soon" data-soon="under_10">
            <Trans>The webcast starts in less than 10 minutes. Stay on this page.</Trans>
          </p>
        );
      if (state.soon === "under_60")
        return (
          <p className="viewer-page__banner-text" data-testid="viewer-soon" data-soon="under_60">
            <Trans>The webcast starts in less than an hour.</Trans>
          </p>
        );
      return webcast.start === null ? (
        <p>
          <Trans>The webcast has not started yet. This page opens it when it starts.</Trans>
        </p>
      ) : (
        <p>
          <Trans>The webcast has not started yet.</Trans>
        </p>
      );
    case "live":
    case "premiering":
      return null;
    case "ended":
      return (
        <p>
          <Trans>Thank you for watching.</Trans>
        </p>
      );
    case "canceled":
      return (
        <p>
          <Trans>The organizer canceled this webcast.</Trans>
        </p>
      );
    case "replay_pending":
      return (
        <p>
          <Trans>It will be available on this page shortly. This page updates by itself.</Trans>
        </p>
      );
    case "replay_available": {
      if (!webcast.replay.expires_at) return null;
      const until = new Intl.DateTimeFormat(i18n.locale, { dateStyle: "long", timeStyle: "short" }).format(new Date(webcast.replay.expires_at));
      return (
        <p data-testid="viewer-replay-until">
          <Trans>Available until {until}.</Trans>
        </p>
      );
    }
    case "replay_expired":
      return (
        <p>
          <Trans>The replay of this webcast is no longer available.</Trans>
        </p>
      );
  }
}
