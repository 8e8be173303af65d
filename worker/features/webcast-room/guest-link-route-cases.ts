import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";

/** The audience preview link's row of the route matrix: control_room.manage (organizers, admins, owners, the super admin). */
export const GUEST_LINK_ROUTE_CASES: RouteCase[] = [
  {
    route: "POST /api/webcasts/:id/room/guest-link",
    request: async () => ({ path: `/api/webcasts/${(await insertWebcast(await cloneDemoEvents())).id}/room/guest-link`, method: "POST" }),
    expect: { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404, others: 201 },
  },
];
