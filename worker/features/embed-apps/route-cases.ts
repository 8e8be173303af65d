import type { RouteCase } from "../../test/route-matrix.ts";

/** The embed apps (/api/webcasts/{id}/embed-apps…) routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts). */
export const EMBED_APP_ROUTE_CASES: RouteCase[] = [];
