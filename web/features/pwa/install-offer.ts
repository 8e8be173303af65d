// Chromium's install offer, kept apart from its banner (install-prompt.tsx): watch.html's entry
// (web/watch.tsx) captures the event before the page's code has arrived (it loads after the first
// paint), so this module imports nothing (vite.config.ts gives it a chunk of its own).

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM library). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

function isInstallPromptEvent(event: Event): event is InstallPromptEvent {
  return "prompt" in event && typeof event.prompt === "function";
}

/**
 * What the viewer page can offer: Chromium's install dialog (it sent `beforeinstallprompt`),
 * a hint on iOS (Safari has no such event: installing is Share → Add to Home Screen), or nothing
 * (installed, running installed, dismissed, or a browser that cannot install).
 */
export type InstallOffer = "prompt" | "ios-hint" | "none";

export interface InstallState {
  event: InstallPromptEvent | null;
  installed: boolean;
}

let state: InstallState = { event: null, installed: false };
const listeners = new Set<() => void>();

function update(change: Partial<InstallState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/**
 * Keeps Chromium's install offer instead of its own mini-infobar, and forgets it once installed.
 * Called first thing by watch.html's entry (web/watch.tsx): the event may come before the page's code. Returns a
 * disposer (tests).
 */
export function captureInstallPrompt(target: Window = window): () => void {
  state = { event: null, installed: false };
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
export function installOffer(current: InstallState & { dismissed: boolean }, browser: { standalone: boolean; ios: boolean }): InstallOffer {
  if (current.installed || current.dismissed || browser.standalone) return "none";
  if (current.event) return "prompt";
  return browser.ios ? "ios-hint" : "none";
}

export function browserFacts(): { standalone: boolean; ios: boolean } {
  const iosStandalone: unknown = Reflect.get(navigator, "standalone");
  return {
    standalone: globalThis.matchMedia?.("(display-mode: standalone)").matches === true || iosStandalone === true,
    // Only iOS and iPadOS WebKit have `navigator.standalone` (false in a browser tab).
    ios: iosStandalone === false,
  };
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function install(): Promise<void> {
  const { event } = state;
  if (!event) return;
  // An offer is good for one prompt; Chromium sends a new one if the person declines.
  update({ event: null });
  await event.prompt().catch(() => undefined);
}


/** The offer's current state (for `useSyncExternalStore`). */
export function installState(): InstallState {
  return state;
}
