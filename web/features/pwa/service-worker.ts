import { msg } from "@lingui/core/macro";
import { proxy } from "valtio";
import { Workbox } from "workbox-window";
import { i18n } from "../../i18n/i18n.ts";
import { toast } from "../../ui/toast.ts";

/** Service worker state the UI shows (update banner). */
export const pwa = proxy({ updateAvailable: false });

/** vite-plugin-pwa's generateSW output (default filename) at the site root. */
const SW_URL = "/sw.js";
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | undefined;

/**
 * Registers the service worker in production builds only (it does not exist under `vite dev`).
 * With registerType "prompt" a new version waits until the user chooses Reload.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  workbox = new Workbox(SW_URL, { scope: "/" });
  workbox.addEventListener("waiting", () => {
    pwa.updateAvailable = true;
  });
  workbox.addEventListener("installed", (event) => {
    if (!event.isUpdate) toast.info(i18n._(msg`iGo is ready to work offline.`));
  });
  void workbox.register().then((registration) => {
    if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
  });
}

/** Activates the waiting version, then reloads once it controls the page. */
export function applyUpdate(): void {
  pwa.updateAvailable = false;
  if (!workbox) {
    globalThis.location.reload();
    return;
  }
  workbox.addEventListener("controlling", () => globalThis.location.reload());
  workbox.messageSkipWaiting();
}

export function dismissUpdate(): void {
  pwa.updateAvailable = false;
}
