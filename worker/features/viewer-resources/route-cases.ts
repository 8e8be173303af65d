import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { guestToken } from "../webcast-room/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";

/**
 * The viewer page's resources call in the route matrix: the room token is the credential, so
 * every caller, signed in or not, gets the same answer (a fresh webcast of a fresh "Demo Events"
 * copy, a guest's token). Its refusals and the option off are in routes.test.ts.
 */
export const VIEWER_RESOURCE_ROUTE_CASES: RouteCase[] = [
  {
    route: "GET /api/watch/:id/resources",
    request: async () => {
      const webcast = await insertWebcast(await cloneDemoEvents());
      return { path: `/api/watch/${webcast.id}/resources?token=${encodeURIComponent(await guestToken(webcast.id))}` };
    },
    expect: { others: 200 },
  },
];
