import type { MessageDescriptor } from "@lingui/core";
import { type AnyRouter, type RouterHistory, createRouter } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen.ts";

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Page title: document.title is "<title> · iGo". Translated when rendered. */
    title?: MessageDescriptor;
    /** Breadcrumb label; defaults to `title`. `false` leaves the route out of the trail. */
    breadcrumb?: MessageDescriptor | false;
  }
}

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: "intent",
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Whether a screen exists for a static path in the route tree (not just the catch-all).
 * The menu hides targets that later issues have not routed yet.
 */
export function isPathRouted(router: AnyRouter, path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return Object.hasOwn(router.routesByPath, trimmed);
}

/**
 * Starts downloading the code of the screens the current address shows (the lazy route
 * components, `autoCodeSplitting`) at boot, alongside the catalog and the session, instead of
 * after the route guard has answered: the first screen then waits for one round trip, not two.
 */
export function preloadRouteChunks(router: AnyRouter): void {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) {
    const component: { preload?: () => Promise<void> | undefined } | undefined = route.options.component;
    void component?.preload?.()?.catch(() => undefined);
  }
}
