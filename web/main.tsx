import "./zod-config.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ROOT_PATH, installGlobalErrorHandler, reloadSiteRoot } from "./api/errors.ts";
import { App } from "./app.tsx";
import { prepareSession } from "./features/session/route-guard.ts";
import { resetSession } from "./features/session/store.ts";
import { registerServiceWorker } from "./features/pwa/service-worker.ts";
import { activateLocale, detectInitialLocale } from "./i18n/i18n.ts";
import { createAppRouter, isPathRouted, preloadRouteChunks } from "./router.ts";
import { initTheme } from "./ui/theme.ts";
import "./ui/styles.css";

const LOGIN_PATH = "/login";

/**
 * Everything the first screen needs starts at once, in parallel (issue #4: offline home render in
 * under 150 ms): the catalog (its download began when web/i18n/i18n.ts loaded), the user and the
 * sync engine's database, the route code, then the first navigation (guard, loaders). React
 * renders once the catalog is active and that navigation has settled, so the first render is the
 * screen itself.
 */
async function boot(): Promise<void> {
  initTheme();
  const catalog = activateLocale(detectInitialLocale());
  // Its requests (profile, sync) are answered in later tasks, once the handler below is installed.
  prepareSession();
  const router = createAppRouter();

  installGlobalErrorHandler({
    resetUser: resetSession,
    loginPath: () => (isPathRouted(router, LOGIN_PATH) ? LOGIN_PATH : ROOT_PATH),
    // Path and query, so the user comes back to exactly where the 401 happened.
    currentPath: () => router.state.location.href,
    navigate: (path) => void router.navigate({ href: path }),
    reloadRoot: () => void reloadSiteRoot(),
  });

  preloadRouteChunks(router);
  // This device's unfinished uploads resume once the user's database is open (its own chunk).
  void import("./features/uploads/upload-queue.ts").then(({ installUploads }) => installUploads());
  // The steps that take finished uploads register when their modules load: load them too, so an
  // upload that completes while another screen is open is taken at once (an upload whose step is
  // not registered yet waits for it).
  void Promise.all([
    import("./features/media/media-upload.ts"),
    import("./features/slides/upload-finisher.ts").then(({ registerSlidesFinisher }) => registerSlidesFinisher()),
    import("./features/resources/api.ts"),
    import("./features/branding/branding-upload.ts"),
    import("./features/profile/photo-upload-step.ts"),
  ]);
  // What web/test/render-app.tsx does too: the router's first load may complete before React mounts
  // (the Transitioner then only acknowledges it). A failed load is the router's to show.
  const firstLoad = router.load().catch((error: unknown) => console.error(error));
  await catalog;
  await firstLoad;

  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from index.html");
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  registerServiceWorker();
}

void boot();
