import { Trans, useLingui } from "@lingui/react/macro";
import type { VisibleLiveState } from "../../../domain/webcast-room/live-state.ts";

type Waiting = Pick<VisibleLiveState, "is_premiere" | "premiere_retry_at">;

/**
 * When a premiere due to start waits for a place on air (the organization already has its
 * maximum of webcasts live, SPEC §8 "Going live temporarily not possible"): the room tries again
 * every minute and says when (`premiere_retry_at`, epoch ms); null when it is not waiting.
 */
export function premiereRetryAt(live: Waiting): number | null {
  return live.is_premiere && live.premiere_retry_at != null ? live.premiere_retry_at : null;
}

/** The stage's short word for a waiting premiere (the header's status; the tabs explain it). */
export function PremiereWaitingBadge({ live }: { live: Waiting }) {
  if (premiereRetryAt(live) === null) return null;
  // The space keeps "Prepared Waiting to go live" two phrases for screen readers and copied text.
  return (
    <>
      {" "}
      <span className="badge" data-tone="warning" data-testid="room-premiere-waiting-badge">
        <Trans>Waiting to go live</Trans>
      </span>
    </>
  );
}

/** Why a premiere has not started at its time, and when the room tries again (Prepare and Go live tabs). */
export function PremiereWaiting({ live }: { live: Waiting }) {
  const { i18n } = useLingui();
  const at = premiereRetryAt(live);
  if (at === null) return null;
  const next = i18n.date(new Date(at), { hour: "numeric", minute: "2-digit" });
  return (
    <div className="control-room__callout" data-tone="warning" data-testid="room-premiere-waiting">
      <p>
        <Trans>
          The premiere's start time has come, but going live is temporarily not possible: the organization already has its maximum number of webcasts on air.
        </Trans>
      </p>
      <p>
        <Trans>
          The room tries again every minute and starts the premiere as soon as a place is free. Next try at <time dateTime={new Date(at).toISOString()}>{next}</time>.
        </Trans>
      </p>
    </div>
  );
}
