import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { insertSegment } from "./testing.ts";

/**
 * The segments (POST and DELETE /api/webcasts/{id}/segments) routes' rows of the route × role ×
 * tenant matrix (worker/test/route-matrix.test.ts). Each call gets a fresh copy of "Demo Events"
 * and a webcast there: webcasts.update belongs to organizers, admins and owners; viewers,
 * operators and speakers are members without it (403); the other organization's owner gets 404.
 */
const EDITORS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

export const SEGMENT_ROUTE_CASES: RouteCase[] = [
  {
    route: "POST /api/webcasts/:id/segments",
    request: async () => ({ path: `/api/webcasts/${(await insertWebcast(await cloneDemoEvents())).id}/segments`, method: "POST", json: { segment: "Matrix" } }),
    expect: { ...EDITORS, others: 201 },
  },
  {
    route: "DELETE /api/webcasts/:id/segments",
    request: async () => {
      const webcast = await insertWebcast(await cloneDemoEvents());
      await insertSegment(webcast, "Matrix");
      return { path: `/api/webcasts/${webcast.id}/segments`, method: "DELETE", json: { segment: "Matrix" } };
    },
    expect: { ...EDITORS, others: 204 },
  },
];
