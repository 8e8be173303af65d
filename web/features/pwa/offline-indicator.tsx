import { Trans } from "@lingui/react/macro";
import { useOnline } from "./use-online.ts";

/**
 * Header badge while the browser reports no network; the live region announces the change. With
 * `announceOnly` (signed in: the sync indicator already shows "Offline" as its state) the text is
 * only announced, so the header never shows two offline pills.
 */
export function OfflineIndicator({ announceOnly = false }: { announceOnly?: boolean }) {
  const online = useOnline();
  return (
    <span role="status" className="offline-indicator-region">
      {online ? null : announceOnly ? (
        <span className="visually-hidden" data-testid="offline-announcement">
          <Trans>Offline</Trans>
        </span>
      ) : (
        <span className="offline-indicator" data-testid="offline-indicator">
          <span className="offline-indicator__dot" aria-hidden="true" />
          <Trans>Offline</Trans>
        </span>
      )}
    </span>
  );
}
