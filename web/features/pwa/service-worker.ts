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
 * Registers the service worker in builds only: it does not exist under `vite dev` (nor in unit
 * tests). MODE rather than PROD: a build run with NODE_ENV=test (the e2e suite under vitest) has
 * PROD false but is still a `vite build` with a service worker.
 * With registerType "prompt" a new version waits until the user chooses Reload.
 */
export function registerServiceWorker(): void {
  const mode = import.meta.env.MODE;
  if (mode === "development" || mode === "test" || !("serviceWorker" in navigator)) return;
  workbox = new Workbox(SW_URL, { scope: "/" });
  workbox.addEventListener("waiting", () => {
    pwa.updateAvailable = true;
  });
  workbox.addEventListener("installed", (event) => {
    if (!event.isUpdate) toast.info(i18n._(msg`iGo is ready to work offline.`));
  });
  void workbox.register({ immediate: true }).then((registration) => {
    if (!registration) return;
    watchForWaitingWorker(registration);
    setInterval(() => void registration.update(), UPDATE_CHECK_MS);
  });
}

/**
 * Workbox only reports updates it saw start. The browser checks for a new version on navigation,
 * which can begin before `register()` resolves; watch the registration itself as well.
 */
function watchForWaitingWorker(registration: ServiceWorkerRegistration): void {
  const isUpdate = () => navigator.serviceWorker.controller !== null;
  const watch = (worker: ServiceWorker | null) => {
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && registration.waiting === worker && isUpdate()) pwa.updateAvailable = true;
    });
  };
  if (registration.waiting && isUpdate()) pwa.updateAvailable = true;
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
}

/** Activates the waiting version, then reloads once it controls the page. */
export function applyUpdate(): void {
  pwa.updateAvailable = false;
  if (!workbox || !("serviceWorker" in navigator)) {
    globalThis.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener("controllerchange", () => globalThis.location.reload(), { once: true });
  workbox.messageSkipWaiting();
}

export function dismissUpdate(): void {
  pwa.updateAvailable = false;
}
