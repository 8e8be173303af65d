import type { RouteCase } from "../../test/route-matrix.ts";

/**
 * The onboarding route's row of the route × role × tenant matrix (worker/test/route-matrix.test.ts).
 * No demo user has a setup to finish (only self sign-up sets it): 409 to everyone signed in, before
 * the body is read, so the row changes nothing.
 */
export const ONBOARDING_ROUTE_CASES: RouteCase[] = [
  {
    route: "POST /api/onboarding",
    request: () => ({ path: "/api/onboarding", method: "POST", json: { name: "Matrix Org" } }),
    expect: { anonymous: 401, others: 409 },
  },
];
