import { WEBCAST_SETTINGS_ROUTE_CASES } from "./route-cases.ts";
import { describeRouteMatrix } from "./run-matrix.ts";

/** The route matrix (route-matrix.test.ts) of the webcast, its settings, speakers, segments, outputs and integrations. */
describeRouteMatrix("route matrix", WEBCAST_SETTINGS_ROUTE_CASES);
