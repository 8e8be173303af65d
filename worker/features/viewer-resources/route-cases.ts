import type { RouteCase } from "../../test/route-matrix.ts";
import { roomTokenRouteCase } from "../webcast-room/testing.ts";

/** The viewer page's resources call in the route matrix (the room token is the credential); its refusals and the option off are in routes.test.ts. */
export const VIEWER_RESOURCE_ROUTE_CASES: RouteCase[] = [roomTokenRouteCase("GET /api/watch/:id/resources", "/resources")];
