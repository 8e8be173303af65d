import { WEBCAST_PART_ROUTE_CASES } from "../route-cases.ts";
import { describeRouteFuzz, mutatingCases } from "./run-route-fuzz.ts";

/**
 * Route fuzz (issue #14 point 6): polls, resources, embed apps. The mutating routes are spread over six files
 * (routes-*.fuzz.test.ts) that run in parallel, each in its own isolate: a file's requests get
 * slower the more of them one isolate has served (seen in workerd), so no file gets too many.
 */
const cases = mutatingCases(WEBCAST_PART_ROUTE_CASES);
describeRouteFuzz("route fuzz: polls, resources, embed apps", cases);
