import { WEBCAST_ROOM_ROUTE_CASES } from "../route-cases.ts";
import { describeRouteFuzz, mutatingCases } from "./run-route-fuzz.ts";

/**
 * Route fuzz (issue #14 point 6): the live room's control-room calls, toggles and reset (issue #15),
 * in a file of their own like the other groups (routes-*.fuzz.test.ts): each reaches the room.
 */
const cases = mutatingCases(WEBCAST_ROOM_ROUTE_CASES);
describeRouteFuzz("route fuzz: control room", cases);
