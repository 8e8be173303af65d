import "./zod-config.ts";
import { msg } from "@lingui/core/macro";
import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { registerServiceWorker } from "./features/pwa/service-worker.ts";
import { linkWebcastManifest } from "./features/pwa/webcast-manifest.ts";
import { readFirstScreenData } from "./features/viewer-page/first-screen-data.ts";
import { APP_NAME } from "./features/shell/app-name.ts";
import { activateLocale, detectInitialLocale, i18n } from "./i18n/i18n.ts";
import { initTheme } from "./ui/theme.ts";
import { WatchApp, watchAddress } from "./watch-app.tsx";
import "./ui/styles.css";

/**
 * The viewer's public webcast page /w/{id} (issue #19: phones load it fast), loaded by watch.html's
 * entry (web/watch.tsx) once the worker's first screen is on screen. Only what that page needs: no
 * router, no local database, no sync engine, no session (the viewer signs in to the webcast, not to
 * the app). The service worker and the worker answer every /w/* navigation with watch.html
 * (vite.config.ts, worker/features/viewer-access/page-routes.ts).
 */
async function boot(): Promise<void> {
  initTheme();
  const catalog = activateLocale(detectInitialLocale());
  const address = watchAddress(globalThis.location);
  if (!address) {
    globalThis.location.replace("/");
    return;
  }
  linkWebcastManifest(address.webcastId);
  // The worker's first screen came with the webcast's data: the first render draws from it.
  const initialWebcast = readFirstScreenData(address.webcastId);
  await catalog;
  // Until the webcast's own title arrives (the page sets it), as the app's route titles it.
  if (!initialWebcast) document.title = `${i18n._(msg`Webcast`)} · ${APP_NAME}`;

  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from watch.html");
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <WatchApp address={address} initialWebcast={initialWebcast} />
      </I18nProvider>
    </StrictMode>,
  );
  registerServiceWorker();
}

void boot();
