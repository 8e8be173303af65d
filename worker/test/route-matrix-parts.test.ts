import { WEBCAST_PART_ROUTE_CASES } from "./route-cases.ts";
import { describeRouteMatrix } from "./run-matrix.ts";

/** The route matrix (route-matrix.test.ts) of the webcast's polls, resources and embed apps. */
describeRouteMatrix("route matrix", WEBCAST_PART_ROUTE_CASES);
