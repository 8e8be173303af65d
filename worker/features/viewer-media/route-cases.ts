import type { RouteCase } from "../../test/route-matrix.ts";
import { roomTokenRouteCase } from "../webcast-room/testing.ts";

/** The viewer page's media call in the route matrix (the room token is the credential); its refusals (no token, forged, expired, another webcast's) are in routes.test.ts. */
export const VIEWER_MEDIA_ROUTE_CASES: RouteCase[] = [roomTokenRouteCase("GET /api/watch/:id/playback", "/playback")];
