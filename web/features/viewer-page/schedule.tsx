import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { countdownParts } from "../../../domain/viewer-page/page-state.ts";

function formatIn(iso: string, locale: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone }).format(new Date(iso));
  } catch {
    return iso;
  }
}

export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * The start in the viewer's own time zone and, when it differs, in the webcast's (where the
 * organizer set it). Nothing when the schedule is hidden (start null).
 */
export function Schedule({ start, timezone }: { start: string | null; timezone: string }) {
  const { i18n } = useLingui();
  if (start === null) return null;
  const zone = viewerTimeZone();
  const local = formatIn(start, i18n.locale, zone);
  const there = formatIn(start, i18n.locale, timezone);
  return (
    <dl className="viewer-page__schedule" data-testid="viewer-schedule">
      <dt>
        <Trans>Starts</Trans>
      </dt>
      <dd data-testid="viewer-schedule-local">
        <time dateTime={start}>{local}</time> <span className="muted">({zone})</span>
      </dd>
      {zone !== timezone ? (
        <>
          <dt>
            <Trans>In the webcast's time zone</Trans>
          </dt>
          <dd data-testid="viewer-schedule-webcast">
            {there} <span className="muted">({timezone})</span>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The last hour's countdown: minutes and seconds on screen (role=timer, not announced every
 * second), and a polite live region that speaks only when the minute changes.
 */
export function Countdown({ ms }: { ms: number }) {
  const { t } = useLingui();
  const { hours, minutes, seconds } = countdownParts(ms);
  const totalMinutes = hours * 60 + minutes;
  // Announced by the minute, rounded up: "Starts in 3 minutes" from 2:01 to 3:00 left.
  const spoken = Math.max(1, totalMinutes + (seconds > 0 ? 1 : 0));
  const clock = `${String(totalMinutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
  return (
    <div className="viewer-page__countdown" data-testid="viewer-countdown">
      <span role="timer" aria-label={t`Time left before the start`} className="viewer-page__clock" data-testid="viewer-countdown-clock">
        {clock}
      </span>
      <p className="visually-hidden" aria-live="polite" data-testid="viewer-countdown-spoken">
        {plural(spoken, { one: "Starts in # minute", other: "Starts in # minutes" })}
      </p>
    </div>
  );
}
