import type { RouteCase } from "../../test/route-matrix.ts";

/** The resources (/api/webcasts/{id}/resources…, /api/resources/{id}) routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts). */
export const RESOURCE_ROUTE_CASES: RouteCase[] = [];
