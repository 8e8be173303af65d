import type { RouteCase } from "../../test/route-matrix.ts";

/** The segments (POST and DELETE /api/webcasts/{id}/segments) routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts). */
export const SEGMENT_ROUTE_CASES: RouteCase[] = [];
