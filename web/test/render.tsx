import { I18nProvider } from "@lingui/react";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { i18n } from "../i18n/i18n.ts";

/** Renders a component with the active Lingui catalog (tests start in English). */
export function renderWithI18n(ui: ReactElement) {
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

/** A JSON Response like the worker sends. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export const HEALTH_OK = {
  status: "ok",
  version: "0.1.0",
  d1: true,
  migrations: { applied: 2, total: 2, pending: [], ok: true },
} as const;

/**
 * Renders a component as the only screen of a minimal in-memory router (for components with
 * `<Link>`s), with the active Lingui catalog. Resolves once the router has rendered.
 */
export async function renderInRouter(ui: ReactElement, path = "/") {
  const { RouterProvider, createMemoryHistory, createRootRoute, createRouter } = await import("@tanstack/react-router");
  const { act } = await import("@testing-library/react");
  const router = createRouter({ routeTree: createRootRoute({ component: () => ui }), history: createMemoryHistory({ initialEntries: [path] }) });
  await act(() => router.load());
  const view = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return { router, ...view };
}
