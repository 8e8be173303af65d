import { Trans } from "@lingui/react/macro";
import { useOnline } from "./use-online.ts";

/** Header badge while the browser reports no network; the live region announces the change. */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <span role="status" className="offline-indicator-region">
      {online ? null : (
        <span className="offline-indicator" data-testid="offline-indicator">
          <span className="offline-indicator__dot" aria-hidden="true" />
          <Trans>Offline</Trans>
        </span>
      )}
    </span>
  );
}
