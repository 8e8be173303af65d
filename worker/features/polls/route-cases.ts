import type { RouteCase } from "../../test/route-matrix.ts";

/** The polls and polling series (/api/webcasts/{id}/polls…, /api/polls/{id}, /api/webcasts/{id}/polling-series…) routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts). */
export const POLL_ROUTE_CASES: RouteCase[] = [];
