import { WEBCAST_ROOM_ROUTE_CASES } from "./route-cases.ts";
import { describeRouteMatrix } from "./run-matrix.ts";

/** The route matrix (route-matrix.test.ts) of the live room's control-room calls, toggles and reset. */
describeRouteMatrix("route matrix", WEBCAST_ROOM_ROUTE_CASES);
