import { I18nProvider } from "@lingui/react";
import { act, render } from "@testing-library/react";
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from "@tanstack/react-router";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { DEFAULT_FEATURES } from "../../../domain/organizations/features.ts";
import { DEFAULT_LIMITS } from "../../../domain/organizations/limits.ts";
import type { Organization } from "../../../domain/organizations/organization.ts";
import type { Person } from "../../../domain/organizations/people.ts";
import { i18n } from "../../i18n/i18n.ts";
import { jsonResponse } from "../../test/render.tsx";
import { ConfirmHost } from "../../ui/confirm-host.tsx";
import { ToastHost } from "../../ui/toast-host.tsx";

/** Test helpers of the organizations and people screens (contract JSON, network-level fetch mock). */

export function organizationJson(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 1,
    name: "Demo Events",
    email: "billing@demo.test",
    phone: "+1 514 555 0100",
    billing_address: "1 Main St, Montréal",
    po_number: "PO-42",
    sales_rep: "Sam Sales",
    is_billable: true,
    billing_start_date: "2026-01-01",
    subscription_period: "monthly",
    self_serve: false,
    deactivated_at: null,
    rate_per_minute_live: 0.5,
    rate_per_minute_vod: 0.1,
    rate_per_organizer: 25,
    billable_organizers: 3,
    limits: { ...DEFAULT_LIMITS, max_speakers: 10, max_duration: 120 },
    features: { ...DEFAULT_FEATURES },
    identity_provider: null,
    ...overrides,
  };
}

export function personJson(overrides: Partial<Person> = {}): Person {
  return {
    id: 11,
    name: "Sara Speaker",
    email: "speaker@demo.test",
    first_name: "Sara",
    last_name: "Speaker",
    role: "speaker",
    status: "active",
    email_verified: true,
    photo: null,
    ...overrides,
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Mocks `fetch` at the network level. Handlers are keyed "METHOD /path" (no query); the CSRF cookie
 * route answers 204. An unexpected call answers 599 so the test sees it.
 */
export function mockApi(initial: Record<string, Handler>) {
  const handlers = { ...initial };
  const calls: RecordedCall[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost/"), init);
    const url = new URL(request.url);
    const text = input instanceof Request ? await input.clone().text() : typeof init?.body === "string" ? init.body : "";
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      headers: new Headers(init?.headers ?? request.headers),
    };
    if (call.path === "/sanctum/csrf-cookie") {
      document.cookie = "XSRF-TOKEN=test-token; path=/";
      return new Response(null, { status: 204 });
    }
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    if (!handler) return jsonResponse({ message: `Unexpected ${call.method} ${call.path}`, code: "server_error", requestId: "test" }, 599);
    return handler(call);
  });
  return {
    calls,
    spy,
    /** Adds or replaces the handler of one "METHOD /path". */
    on: (key: string, handler: Handler) => {
      handlers[key] = handler;
    },
    /** Calls to one "METHOD /path". */
    to: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** The SPEC §8 422 body. */
export function validationError(errors: Record<string, string[]>, message = "The given data was invalid.") {
  return jsonResponse({ message, code: "validation_failed", errors, requestId: "req-422" }, 422);
}

/**
 * Renders a screen in a small router ("/" = the screen, "/elsewhere" to leave it), with the
 * confirm dialog and toasts mounted like the root route does.
 */
export async function renderScreen(screen: () => ReactElement) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ConfirmHost />
        <ToastHost />
      </>
    ),
  });
  const home = createRoute({ getParentRoute: () => rootRoute, path: "/", component: screen });
  const elsewhere = createRoute({ getParentRoute: () => rootRoute, path: "/elsewhere", component: () => <p data-testid="elsewhere">Elsewhere</p> });
  const organizations = createRoute({ getParentRoute: () => rootRoute, path: "/organizations", component: () => null });
  const edit = createRoute({ getParentRoute: () => rootRoute, path: "/organizations/$id/edit", component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([home, elsewhere, organizations, edit]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  await act(() => router.load());
  const view = render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  await act(async () => {
    await router.load();
  });
  return { router, ...view };
}
