import type { RouteCase } from "../../test/route-matrix.ts";

/** The streaming outputs (/api/webcasts/{id}/streaming-outputs, /api/streaming-outputs/{id}) routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts). */
export const STREAMING_OUTPUT_ROUTE_CASES: RouteCase[] = [];
