import { Trans } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { applyUpdate, dismissUpdate, pwa } from "./service-worker.ts";

/** Banner shown when a new version of the app is installed and waiting. */
export function UpdatePrompt() {
  const { updateAvailable } = useSnapshot(pwa);
  if (!updateAvailable) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <p>
        <Trans>A new version of iGo is available.</Trans>
      </p>
      <div className="update-prompt__actions">
        <button type="button" className="button button--primary" onClick={applyUpdate}>
          <Trans>Reload</Trans>
        </button>
        <button type="button" className="button" onClick={dismissUpdate}>
          <Trans>Dismiss</Trans>
        </button>
      </div>
    </div>
  );
}
