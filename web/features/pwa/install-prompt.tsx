import { Trans, useLingui } from "@lingui/react/macro";
import { useState, useSyncExternalStore } from "react";
import { useSnapshot } from "valtio";
import { STORAGE_PREFIX } from "../../../domain/i18n/locales.ts";
import { readStored, writeStored } from "../../lib/storage.ts";
import { browserFacts, install, installOffer, installState, subscribe } from "./install-offer.ts";
import { pwa } from "./service-worker.ts";
import "./install-prompt.css";

/** "Not now" is remembered on this device, for every webcast: the offer does not come back. */
export const INSTALL_DISMISSED_KEY = `${STORAGE_PREFIX}.install-dismissed` as const;

/**
 * Issue #19: the viewer page offers to install the app (the webcast's own manifest, see
 * webcast-manifest.ts). A small banner at the bottom; the update banner, when shown, takes its place.
 */
export function InstallPrompt() {
  const { t } = useLingui();
  const current = useSyncExternalStore(subscribe, installState, installState);
  const [dismissed, setDismissed] = useState(() => readStored(INSTALL_DISMISSED_KEY) !== null);
  const { updateAvailable } = useSnapshot(pwa);
  const offer = installOffer({ ...current, dismissed }, browserFacts());
  const dismiss = () => {
    writeStored(INSTALL_DISMISSED_KEY, new Date().toISOString());
    setDismissed(true);
  };
  if (offer === "none" || updateAvailable) return null;
  return (
    <aside className="install-prompt" aria-label={t`Install the app`} data-testid="install-prompt" data-offer={offer}>
      <p>{offer === "prompt" ? <Trans>Open this webcast from your home screen, like an app.</Trans> : <Trans>To install this webcast, tap Share, then “Add to Home Screen”.</Trans>}</p>
      <div className="install-prompt__actions">
        {offer === "prompt" ? (
          <button type="button" className="button button--primary" onClick={() => void install()} data-testid="install-prompt-install">
            <Trans>Install the app</Trans>
          </button>
        ) : null}
        <button type="button" className="button" onClick={dismiss} data-testid="install-prompt-dismiss">
          <Trans>Not now</Trans>
        </button>
      </div>
    </aside>
  );
}
