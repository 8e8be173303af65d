import { VIEWER_GROUP_ROUTE_CASES } from "./route-cases.ts";
import { describeRouteMatrix } from "./run-matrix.ts";

/** The route matrix (route-matrix.test.ts) of the webcast's viewers, CSV imports, invitations and exports. */
describeRouteMatrix("route matrix", VIEWER_GROUP_ROUTE_CASES);
