import { Plural, Trans } from "@lingui/react/macro";
import type { ConnectionStatus } from "./room-client.ts";

/**
 * Connected / connecting / reconnecting, and how many commands wait for the room's answer
 * (made offline, or sent and not acknowledged yet: they are sent again once connected).
 */
export function ConnectionIndicator({ status, welcomedOnce, pending }: { status: ConnectionStatus; welcomedOnce: boolean; pending: number }) {
  const state = status === "open" ? "connected" : status === "closed" ? "closed" : welcomedOnce ? "reconnecting" : "connecting";
  return (
    <p className="room-connection" data-state={state} data-tour="room-connection" data-testid="room-connection" role="status" aria-live="polite">
      <span className="room-connection__dot" aria-hidden="true" />
      {state === "connected" ? (
        <Trans>Connected</Trans>
      ) : state === "reconnecting" ? (
        <Trans>Reconnecting…</Trans>
      ) : state === "closed" ? (
        <Trans>Disconnected</Trans>
      ) : (
        <Trans>Connecting…</Trans>
      )}
      {pending > 0 ? (
        <span className="badge badge--pending" data-testid="room-pending">
          <Plural value={pending} one="# change waiting for the room" other="# changes waiting for the room" />
        </span>
      ) : null}
    </p>
  );
}
