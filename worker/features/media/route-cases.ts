import { sampleWebm } from "../../../domain/media/sample-video.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { Actor, RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { insertMedia, uploadForMedia } from "./testing.ts";

/**
 * The video library's and premiere playlists' rows of the route × role × tenant matrix
 * (worker/test/route-matrix.test.ts). Each call gets a fresh copy of "Demo Events" with a video
 * (and a premiere webcast where the call needs one). media.manage, webcasts.view and
 * webcasts.update all belong to organizers, admins, owners and the super admin; viewers,
 * operators and speakers (of no webcast here) are members without them (403), the owner of
 * "Other Org" no member (404). A file is taken from an upload the caller completed first (only
 * those who may upload one can; the others name an unknown upload and are refused before it is
 * looked at).
 */
const MANAGERS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;
const MAY_MANAGE: readonly Actor[] = ["organizer", "admin", "owner", "super_admin"];

const videoInCopy = async () => insertMedia(await cloneDemoEvents());

/** A premiere webcast in a fresh copy and a processed video of its library. */
async function premiereInCopy() {
  const organizationId = await cloneDemoEvents();
  return { webcast: await insertWebcast(organizationId, { is_premiere: true }), video: await insertMedia(organizationId, { status: "processed", duration: 60 }) };
}

export const MEDIA_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/media/:id", request: async () => ({ path: `/api/media/${(await videoInCopy()).id}` }), expect: { ...MANAGERS, others: 200 } },
  {
    route: "POST /api/media/:id/file",
    request: async (client, actor) => {
      const video = await videoInCopy();
      const upload = MAY_MANAGE.includes(actor) ? await uploadForMedia(client, video, "video", sampleWebm(), "matrix.webm") : null;
      return { path: `/api/media/${video.id}/file`, method: "POST", json: { upload_id: upload?.id ?? uuidv7() } };
    },
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "GET /api/webcasts/:id/premiere-videos",
    request: async () => ({ path: `/api/webcasts/${(await premiereInCopy()).webcast.id}/premiere-videos` }),
    expect: { ...MANAGERS, others: 200 },
  },
  {
    route: "POST /api/webcasts/:id/premiere-videos",
    request: async () => {
      const { webcast, video } = await premiereInCopy();
      return { path: `/api/webcasts/${webcast.id}/premiere-videos`, method: "POST", json: { media_ids: [video.id] } };
    },
    expect: { ...MANAGERS, others: 200 },
  },
];
