import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { insertViewer } from "./testing.ts";

/**
 * The viewers routes' rows of the route × role × tenant matrix (worker/test/route-matrix.ts):
 * each call gets a fresh webcast in a fresh copy of "Demo Events". `viewers.manage` belongs to
 * organizers, admins and owners (and the super admin); viewers, operators and speakers are members
 * without it (403), the owner of "Other Org" no member (404).
 */
const MANAGERS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

async function demoWebcast() {
  return insertWebcast(await cloneDemoEvents());
}

export const VIEWER_ROUTE_CASES: RouteCase[] = [
  {
    route: "GET /api/webcasts/:id/viewers",
    request: async () => ({ path: `/api/webcasts/${(await demoWebcast()).id}/viewers?q=a&invitation=not_sent` }),
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "POST /api/webcasts/:id/viewers",
    request: async () => ({ path: `/api/webcasts/${(await demoWebcast()).id}/viewers`, method: "POST", json: { name: "Matrix viewer", email: "matrix-viewer@example.test", password: "secret" } }),
    expect: { ...MANAGERS, others: 201 },
  },
  {
    route: "DELETE /api/webcasts/:id/viewers",
    request: async () => {
      const webcast = await demoWebcast();
      const viewer = await insertViewer(webcast);
      return { path: `/api/webcasts/${webcast.id}/viewers`, method: "DELETE", json: { viewer_ids: [viewer.id] } };
    },
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "PATCH /api/webcasts/:id/viewers/:viewerId",
    request: async () => {
      const webcast = await demoWebcast();
      const viewer = await insertViewer(webcast);
      return { path: `/api/webcasts/${webcast.id}/viewers/${viewer.id}`, method: "PATCH", json: { name: "Renamed", password: null } };
    },
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "POST /api/webcasts/:id/viewers/:viewerId/send-invitation",
    request: async () => {
      const webcast = await demoWebcast();
      const viewer = await insertViewer(webcast);
      return { path: `/api/webcasts/${webcast.id}/viewers/${viewer.id}/send-invitation`, method: "POST", json: {} };
    },
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "GET /api/webcasts/:id/participants/export",
    request: async () => {
      const webcast = await demoWebcast();
      await insertViewer(webcast);
      return { path: `/api/webcasts/${webcast.id}/participants/export?type=csv` };
    },
    expect: { ...MANAGERS, others: 200 },
  },
];
