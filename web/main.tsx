import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ROOT_PATH, installGlobalErrorHandler, reloadSiteRoot } from "./api/errors.ts";
import { App } from "./app.tsx";
import { resetSession } from "./features/session/store.ts";
import { registerServiceWorker } from "./features/pwa/service-worker.ts";
import { activateLocale, detectInitialLocale } from "./i18n/i18n.ts";
import { createAppRouter, isPathRouted } from "./router.ts";
import { initTheme } from "./ui/theme.ts";
import "./ui/styles.css";

const LOGIN_PATH = "/login";

async function boot(): Promise<void> {
  initTheme();
  await activateLocale(detectInitialLocale());
  const router = createAppRouter();

  installGlobalErrorHandler({
    resetUser: resetSession,
    loginPath: () => (isPathRouted(router, LOGIN_PATH) ? LOGIN_PATH : ROOT_PATH),
    // Path and query, so the user comes back to exactly where the 401 happened.
    currentPath: () => router.state.location.href,
    navigate: (path) => void router.navigate({ href: path }),
    reloadRoot: () => void reloadSiteRoot(),
  });

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
