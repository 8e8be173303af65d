import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { i18n } from "./i18n/i18n.ts";
import type { AppRouter } from "./router.ts";

/** Providers around the router; the catalog must be active before the first render. */
export function App({ router }: { router: AppRouter }) {
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
