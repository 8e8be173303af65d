import { captureInstallPrompt } from "./features/pwa/install-offer.ts";
import { preloadCatalog } from "./i18n/catalog-urls.ts";

/**
 * The entry of watch.html, the viewer's public webcast page /w/{id} (issue #19, docs/viewer-page.md
 * "First paint"). The worker wrote the page's first screen into the HTML (title, state, dates,
 * cover): the browser paints it with the stylesheets alone, then this loads the page's code
 * (web/watch-boot.tsx and its chunks, fetched in parallel). Before, the scripts raced the
 * stylesheets and a fast network painted only once they had run. Its imports import nothing:
 * every module here is fetched before the first paint.
 */

// Chromium may offer the install before the page's code has arrived: keep the event from the start.
captureInstallPrompt();

let started = false;
function start(): void {
  if (started) return;
  started = true;
  // The catalog of the language the worker chose for the first screen, beside the page's code.
  preloadCatalog(document.documentElement.lang);
  void import("./watch-boot.tsx");
}

if (document.visibilityState === "visible") {
  // The frame after the first paint: requestAnimationFrame runs before a paint, the timeout after it.
  requestAnimationFrame(() => setTimeout(start, 0));
  // A frame never comes while the tab is hidden (opened in the background, prerendered).
  document.addEventListener("visibilitychange", start, { once: true });
} else start();
