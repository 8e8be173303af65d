import { ORGANIZATION_GROUP_ROUTE_CASES } from "./route-cases.ts";
import { describeRouteMatrix } from "./run-matrix.ts";

/** The route matrix (route-matrix.test.ts) of organizations, their people and their identity provider. */
describeRouteMatrix("route matrix", ORGANIZATION_GROUP_ROUTE_CASES);
