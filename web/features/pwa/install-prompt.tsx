import { Trans, useLingui } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { useSnapshot } from "valtio";
import { STORAGE_PREFIX } from "../../../domain/i18n/locales.ts";
import { readStored, writeStored } from "../../lib/storage.ts";
import { pwa } from "./service-worker.ts";
import "./install-prompt.css";

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM library). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

function isInstallPromptEvent(event: Event): event is InstallPromptEvent {
  return "prompt" in event && typeof event.prompt === "function";
}

/** "Not now" is remembered on this device, for every webcast: the offer does not come back. */
export const INSTALL_DISMISSED_KEY = `${STORAGE_PREFIX}.install-dismissed` as const;

/**
 * What the viewer page can offer: Chromium's install dialog (it sent `beforeinstallprompt`),
 * a hint on iOS (Safari has no such event: installing is Share → Add to Home Screen), or nothing
 * (installed, running installed, dismissed, or a browser that cannot install).
 */
export type InstallOffer = "prompt" | "ios-hint" | "none";

interface InstallState {
  event: InstallPromptEvent | null;
  installed: boolean;
  dismissed: boolean;
}

let state: InstallState = { event: null, installed: false, dismissed: false };
const listeners = new Set<() => void>();

function update(change: Partial<InstallState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/**
 * Keeps Chromium's install offer instead of its own mini-infobar, and forgets it once installed.
 * Called first thing at boot (web/watch.tsx): the event may come before React mounts. Returns a
 * disposer (tests).
 */
export function captureInstallPrompt(target: Window = window): () => void {
  state = { event: null, installed: false, dismissed: readStored(INSTALL_DISMISSED_KEY) !== null };
  const onPrompt = (event: Event) => {
    if (!isInstallPromptEvent(event)) return;
    event.preventDefault();
    update({ event });
  };
  const onInstalled = () => update({ event: null, installed: true });
  target.addEventListener("beforeinstallprompt", onPrompt);
  target.addEventListener("appinstalled", onInstalled);
  return () => {
    target.removeEventListener("beforeinstallprompt", onPrompt);
    target.removeEventListener("appinstalled", onInstalled);
  };
}

/** The offer for a state and a browser (pure: the component and the tests share it). */
export function installOffer(current: InstallState, browser: { standalone: boolean; ios: boolean }): InstallOffer {
  if (current.installed || current.dismissed || browser.standalone) return "none";
  if (current.event) return "prompt";
  return browser.ios ? "ios-hint" : "none";
}

function browserFacts(): { standalone: boolean; ios: boolean } {
  const iosStandalone: unknown = Reflect.get(navigator, "standalone");
  return {
    standalone: globalThis.matchMedia?.("(display-mode: standalone)").matches === true || iosStandalone === true,
    // Only iOS and iPadOS WebKit have `navigator.standalone` (false in a browser tab).
    ios: iosStandalone === false,
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function install(): Promise<void> {
  const { event } = state;
  if (!event) return;
  // An offer is good for one prompt; Chromium sends a new one if the person declines.
  update({ event: null });
  await event.prompt().catch(() => undefined);
}

function dismiss(): void {
  writeStored(INSTALL_DISMISSED_KEY, new Date().toISOString());
  update({ dismissed: true });
}

/**
 * Issue #19: the viewer page offers to install the app (the webcast's own manifest, see
 * webcast-manifest.ts). A small banner at the bottom; the update banner, when shown, takes its place.
 */
export function InstallPrompt() {
  const { t } = useLingui();
  const current = useSyncExternalStore(subscribe, () => state, () => state);
  const { updateAvailable } = useSnapshot(pwa);
  const offer = installOffer(current, browserFacts());
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
