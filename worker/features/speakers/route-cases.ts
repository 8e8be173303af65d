import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { userIdOf } from "../sync/testing.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { insertSpeaker } from "./testing.ts";

/**
 * The speakers (PATCH /api/webcasts/{id}/speakers, POST …/speakers/{speakerId}/invite) routes' rows
 * of the route × role × tenant matrix (worker/test/route-matrix.test.ts). Each call gets a fresh
 * webcast in a fresh copy of "Demo Events": webcasts.update belongs to organizers, admins and
 * owners (and the super admin); viewers, operators and speakers are members without it (403), the
 * owner of "Other Org" no member (404).
 */
const EDITORS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

export const SPEAKER_ROUTE_CASES: RouteCase[] = [
  {
    route: "PATCH /api/webcasts/:id/speakers",
    request: async () => {
      const webcast = await insertWebcast(await cloneDemoEvents());
      return { path: `/api/webcasts/${webcast.id}/speakers`, method: "PATCH", json: { webcast_speakers: [{ user_id: await userIdOf("speaker@demo.test"), is_producer: true }] } };
    },
    expect: { ...EDITORS, others: 200 },
  },
  {
    route: "POST /api/webcasts/:id/speakers/:speakerId/invite",
    request: async () => {
      const webcast = await insertWebcast(await cloneDemoEvents());
      const speaker = await insertSpeaker(webcast, await userIdOf("speaker@demo.test"));
      return { path: `/api/webcasts/${webcast.id}/speakers/${speaker.id}/invite`, method: "POST" };
    },
    expect: { ...EDITORS, others: 200 },
  },
];
