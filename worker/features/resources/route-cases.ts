import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { Actor, RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { uploadFile } from "../uploads/testing.ts";
import { form, insertWebcast } from "../webcasts/testing.ts";
import { insertFileResource, insertResource } from "./testing.ts";

/**
 * The resources (/api/webcasts/{id}/resources…, /api/resources/{id}) routes' rows of the route ×
 * role × tenant matrix (worker/test/route-matrix.test.ts). Each call gets a fresh copy of "Demo
 * Events" and a webcast there. Listing needs webcasts.view, writes webcasts.update (organizers,
 * admins, owners, super admin); the download needs sessions.view, which speakers and operators
 * hold too. The owner of "Other Org" is no member (404). A file resource is made from an upload
 * the caller completed first (only editors can upload one; the others name an unknown upload and
 * are refused before it is looked at).
 */
const EDITORS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;
const MAY_EDIT: readonly Actor[] = ["organizer", "admin", "owner", "super_admin"];

async function webcastInCopy() {
  return insertWebcast(await cloneDemoEvents());
}

export const RESOURCE_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/webcasts/:id/resources", request: async () => ({ path: `/api/webcasts/${(await webcastInCopy()).id}/resources` }), expect: { ...EDITORS, others: 200 } },
  {
    route: "POST /api/webcasts/:id/resources",
    request: async (client, actor) => {
      const webcast = await webcastInCopy();
      const upload = MAY_EDIT.includes(actor) ? await uploadFile(client, { kind: "resource", webcast_id: webcast.id, target_id: uuidv7(), bytes: "matrix", name: "matrix.txt" }) : null;
      return { path: `/api/webcasts/${webcast.id}/resources`, method: "POST", body: form({ kind: "file", title: "Matrix", upload_id: upload?.id ?? uuidv7() }) };
    },
    expect: { ...EDITORS, others: 201 },
  },
  {
    route: "PATCH /api/webcasts/:id/resources/visibility",
    request: async () => {
      const webcast = await webcastInCopy();
      const resource = await insertResource(webcast);
      return { path: `/api/webcasts/${webcast.id}/resources/visibility`, method: "PATCH", json: { resources: [{ id: resource.id, visible: false }] } };
    },
    expect: { ...EDITORS, others: 200 },
  },
  {
    route: "POST /api/resources/:id",
    request: async () => ({ path: `/api/resources/${(await insertResource(await webcastInCopy())).id}`, method: "POST", body: form({ _method: "PATCH", title: "Renamed" }) }),
    expect: { ...EDITORS, others: 200 },
  },
  {
    route: "DELETE /api/resources/:id",
    request: async () => ({ path: `/api/resources/${(await insertResource(await webcastInCopy())).id}`, method: "DELETE" }),
    expect: { ...EDITORS, others: 204 },
  },
  {
    route: "GET /api/resources/:id/download",
    request: async () => ({ path: `/api/resources/${(await insertFileResource(await webcastInCopy())).id}/download` }),
    expect: { anonymous: 401, viewer: 403, other_owner: 404, others: 200 },
  },
];
