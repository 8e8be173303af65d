import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { UploadAnswer } from "../../../domain/uploads/record.ts";
import { TestClient } from "../../test/client.ts";
import type { Actor, RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";

/**
 * The upload path's (/api/uploads…) rows of the route × role × tenant matrix
 * (worker/test/route-matrix.test.ts). Each call gets a fresh copy of "Demo Events". Starting a
 * library video's upload needs media.manage (organizers, admins, owners, super admin); viewers,
 * operators and speakers are members without it (403), the owner of "Other Org" no member (404).
 * An upload is its creator's: the calls on one go to an upload the caller started when they may
 * start one, else to the demo organizer's, which anyone else gets as 404.
 */
const MAY_UPLOAD: readonly Actor[] = ["organizer", "admin", "owner", "super_admin"];
const OWN_UPLOAD = { anonymous: 401, viewer: 404, operator: 404, speaker: 404, other_owner: 404, others: 200 } as const;

/** An MP4-looking file: `ftyp` at byte 4 is all the type sniff reads. */
const BYTES = Uint8Array.from([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0, ...new Uint8Array(84)]);

/** An upload of a library video in a fresh copy, started by the caller when they may, else by the demo organizer; with its one part sent when `sent`. */
async function uploadFor(client: TestClient, actor: Actor, sent = false): Promise<UploadAnswer> {
  const owner = MAY_UPLOAD.includes(actor) ? client : await new TestClient().signInAs("organizer@demo.test");
  const json = { kind: "video", organization_id: await cloneDemoEvents(), target_id: uuidv7(), file_name: "matrix.mp4", size: BYTES.length };
  const response = await owner.request("/api/uploads", { method: "POST", json });
  if (response.status !== 201) throw new Error(`POST /api/uploads answered ${response.status}: ${await response.text()}`);
  const upload = (await response.json<{ data: UploadAnswer }>()).data;
  if (sent) {
    const part = await owner.request(`/api/uploads/${upload.id}/parts/1`, { method: "PUT", body: BYTES });
    if (part.status !== 200) throw new Error(`PUT part answered ${part.status}: ${await part.text()}`);
  }
  return upload;
}

export const UPLOAD_ROUTE_CASES: RouteCase[] = [
  {
    route: "POST /api/uploads",
    request: async () => ({ path: "/api/uploads", method: "POST", json: { kind: "video", organization_id: await cloneDemoEvents(), target_id: uuidv7(), file_name: "matrix.mp4", size: BYTES.length } }),
    expect: { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404, others: 201 },
  },
  { route: "GET /api/uploads/:id", request: async (client, actor) => ({ path: `/api/uploads/${(await uploadFor(client, actor)).id}` }), expect: OWN_UPLOAD },
  {
    route: "PUT /api/uploads/:id/parts/:number",
    request: async (client, actor) => ({ path: `/api/uploads/${(await uploadFor(client, actor)).id}/parts/1`, method: "PUT", body: BYTES }),
    expect: OWN_UPLOAD,
  },
  {
    route: "POST /api/uploads/:id/complete",
    request: async (client, actor) => ({ path: `/api/uploads/${(await uploadFor(client, actor, true)).id}/complete`, method: "POST" }),
    expect: OWN_UPLOAD,
  },
  {
    route: "DELETE /api/uploads/:id",
    request: async (client, actor) => ({ path: `/api/uploads/${(await uploadFor(client, actor)).id}`, method: "DELETE" }),
    expect: { ...OWN_UPLOAD, others: 204 },
  },
];
