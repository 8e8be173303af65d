import { describe, expect, it } from "vitest";
import app from "../app.ts";
import { ALL_ROUTE_CASES, IDENTITY_ROUTE_CASES } from "./route-cases.ts";
import { describeRouteMatrix } from "./run-matrix.ts";

/**
 * The route × role × tenant matrix (issue #3): every API route, called by every kind of user,
 * answers the expected status (worker/test/route-cases.ts; this file runs the identity group, the
 * others run in route-matrix-organizations.test.ts, route-matrix-webcasts.test.ts and
 * route-matrix-parts.test.ts). A route missing
 * from the cases fails the first test, so a new route cannot land without saying who may call it.
 */

/** Every route Hono knows, minus middleware ("ALL …*"). */
function appRoutes(): string[] {
  const routes = app.routes.filter((r) => !(r.method === "ALL" && r.path.endsWith("*"))).map((r) => `${r.method} ${r.path}`);
  return [...new Set(routes)].sort();
}

describe("route matrix", () => {
  it("lists every API route exactly once", () => {
    const listed = ALL_ROUTE_CASES.map((c) => c.route);
    expect(new Set(listed).size, "a route is listed twice").toBe(listed.length);
    expect([...listed].sort()).toEqual(appRoutes());
  });
});

describeRouteMatrix("route matrix", IDENTITY_ROUTE_CASES);
