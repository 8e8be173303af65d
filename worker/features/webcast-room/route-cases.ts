import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertPoll } from "../polls/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";

/**
 * The control-room calls' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts).
 * Each call gets a fresh upcoming webcast in a fresh copy of "Demo Events": organizers, admins,
 * owners and the super admin hold control_room.manage there (the room answers); viewers,
 * operators and speakers are members who neither produce nor speak in it (403); the owner of
 * "Other Org" is no member (404); nobody signed in gets 401. What a fresh room answers: prepare,
 * focus, layout, connections and timecodes apply (200); start, stop and the sources need a later
 * phase (409 wrong_phase); dial-out fails as no provider is configured (200, `data: false`).
 */
const STAFF = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

async function webcastPath(): Promise<string> {
  return `/api/webcasts/${(await insertWebcast(await cloneDemoEvents())).id}`;
}

const post = (suffix: string, status: number, json?: unknown, route: string = suffix): RouteCase => ({
  route: `POST /api/webcasts/:id/${route}`,
  request: async () => ({ path: `${await webcastPath()}/${suffix}`, method: "POST", ...(json === undefined ? {} : { json }) }),
  expect: { ...STAFF, others: status },
});

export const WEBCAST_ROOM_ROUTE_CASES: RouteCase[] = [
  post("control-room/prepare", 200),
  post("control-room/start", 409),
  post("control-room/stop", 409),
  post("control-room/rtmp/activate", 409),
  post("control-room/vmr/activate", 409),
  post("control-room/dial-out", 200, { protocol: "sip", destination: "sip:room@example.test" }),
  post("control-room/focus/webcast", 200, { option: "now" }),
  post("control-room/focus/virtual-tables", 200, { option: "in_15s" }),
  post("control-room/conference-layout", 200, { layout: "four-main-speakers" }),
  post("conference-connections", 200, { speaker_uuid: "0196a0de-0001-7000-8000-0000000000aa", connection_type: "webrtc" }),
  { route: "GET /api/webcasts/:id/conference-connections", request: async () => ({ path: `${await webcastPath()}/conference-connections` }), expect: { ...STAFF, others: 200 } },
  post("timecodes/presentation", 200, { index: 2 }),
  post("timecodes/scene", 200, { layout: "presentation-only" }),
  // A poll action runs the polls' rules: the poll (or a poll of the series) must exist.
  {
    route: "POST /api/webcasts/:id/timecodes/polls/:pollId",
    request: async () => {
      const webcast = await insertWebcast(await cloneDemoEvents());
      const poll = await insertPoll(webcast);
      return { path: `/api/webcasts/${webcast.id}/timecodes/polls/${poll.id}`, method: "POST", json: { action: "publish" } };
    },
    expect: { ...STAFF, others: 200 },
  },
  {
    route: "POST /api/webcasts/:id/timecodes/series/:seriesId",
    request: async () => {
      const webcast = await insertWebcast(await cloneDemoEvents());
      const seriesId = crypto.randomUUID();
      await insertPoll(webcast, { series_id: seriesId });
      return { path: `/api/webcasts/${webcast.id}/timecodes/series/${seriesId}`, method: "POST", json: { action: "publish" } };
    },
    expect: { ...STAFF, others: 200 },
  },
];
