import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { allowArchiveEdit, insertArchive, insertVideo } from "./testing.ts";

/**
 * The archive routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts).
 * Each call gets a fresh copy of "Demo Events" (online archive editing on) and a webcast there,
 * with a ready archive where the call needs one. Reads need webcasts.view, writes webcasts.update:
 * both are held by organizers, admins, owners and the super admin; viewers, operators and speakers
 * get 403, the owner of "Other Org" 404.
 */
const MEMBERS_WITHOUT_VIEW = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

async function webcastInCopy(withArchive: boolean) {
  const organizationId = await cloneDemoEvents();
  await allowArchiveEdit(organizationId);
  const webcast = await insertWebcast(organizationId);
  if (withArchive) await insertArchive(webcast);
  return webcast;
}

export const ARCHIVE_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/webcasts/:id/archive/info", request: async () => ({ path: `/api/webcasts/${(await webcastInCopy(true)).id}/archive/info` }), expect: { ...MEMBERS_WITHOUT_VIEW, others: 200 } },
  {
    route: "POST /api/webcasts/:id/archive",
    request: async () => {
      const webcast = await webcastInCopy(false);
      return { path: `/api/webcasts/${webcast.id}/archive`, method: "POST", json: { media_id: (await insertVideo(webcast.organization_id)).id } };
    },
    expect: { ...MEMBERS_WITHOUT_VIEW, others: 201 },
  },
  { route: "DELETE /api/webcasts/:id/archive", request: async () => ({ path: `/api/webcasts/${(await webcastInCopy(true)).id}/archive`, method: "DELETE" }), expect: { ...MEMBERS_WITHOUT_VIEW, others: 204 } },
  {
    route: "POST /api/webcasts/:id/archive/edit",
    request: async () => ({ path: `/api/webcasts/${(await webcastInCopy(true)).id}/archive/edit`, method: "POST", json: { edition: { start: 0, end: 60, cuts: [{ start: 10, end: 20 }] } } }),
    expect: { ...MEMBERS_WITHOUT_VIEW, others: 201 },
  },
  { route: "GET /api/webcasts/:id/replay/signed-url", request: async () => ({ path: `/api/webcasts/${(await webcastInCopy(true)).id}/replay/signed-url` }), expect: { ...MEMBERS_WITHOUT_VIEW, others: 200 } },
];
