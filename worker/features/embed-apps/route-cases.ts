import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { allowEmbeds, insertEmbedApp } from "./testing.ts";

/**
 * The embed apps (/api/webcasts/{id}/embed-apps…) routes' rows of the route × role × tenant matrix
 * (worker/test/route-matrix.test.ts). Each call gets a fresh copy of "Demo Events" with
 * allow_embed_integration_in_webcasts on, and a webcast there. Listing needs webcasts.view, writes
 * webcasts.update; the owner of "Other Org" is no member (404).
 */
const EDITORS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

async function webcastInCopy() {
  const organizationId = await cloneDemoEvents();
  await allowEmbeds(organizationId);
  return insertWebcast(organizationId);
}

export const EMBED_APP_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/webcasts/:id/embed-apps", request: async () => ({ path: `/api/webcasts/${(await webcastInCopy()).id}/embed-apps?page=1&limit=10` }), expect: { ...EDITORS, others: 200 } },
  {
    route: "POST /api/webcasts/:id/embed-apps",
    request: async () => ({ path: `/api/webcasts/${(await webcastInCopy()).id}/embed-apps`, method: "POST", json: { title: "Matrix", embed_code: "<p>hi</p>" } }),
    expect: { ...EDITORS, others: 201 },
  },
  {
    route: "PATCH /api/webcasts/:id/embed-apps/:appId",
    request: async () => {
      const webcast = await webcastInCopy();
      const app = await insertEmbedApp(webcast);
      return { path: `/api/webcasts/${webcast.id}/embed-apps/${app.id}`, method: "PATCH", json: { title: "Renamed" } };
    },
    expect: { ...EDITORS, others: 200 },
  },
  {
    route: "DELETE /api/webcasts/:id/embed-apps/:appId",
    request: async () => {
      const webcast = await webcastInCopy();
      const app = await insertEmbedApp(webcast);
      return { path: `/api/webcasts/${webcast.id}/embed-apps/${app.id}`, method: "DELETE" };
    },
    expect: { ...EDITORS, others: 204 },
  },
];
