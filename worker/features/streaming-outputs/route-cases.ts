import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { allowRtmpOutput, insertOutput } from "./testing.ts";

/**
 * The streaming outputs (/api/webcasts/{id}/streaming-outputs, /api/streaming-outputs/{id})
 * routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts). Each call
 * gets a fresh copy of "Demo Events" with allow_rtmp_output and an upcoming webcast there (with an
 * output where the call needs one). webcasts.view and webcasts.update belong to organizers, admins
 * and owners; viewers, operators and speakers are members without them (403); the other
 * organization's owner gets 404.
 */
const EDITORS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

async function webcastWithOutputs(): Promise<WebcastRow> {
  const organizationId = await cloneDemoEvents();
  await allowRtmpOutput(organizationId);
  return insertWebcast(organizationId);
}

async function outputPath(): Promise<string> {
  return `/api/streaming-outputs/${(await insertOutput(await webcastWithOutputs())).id}`;
}

export const STREAMING_OUTPUT_ROUTE_CASES: RouteCase[] = [
  {
    route: "GET /api/webcasts/:id/streaming-outputs",
    request: async () => {
      const webcast = await webcastWithOutputs();
      await insertOutput(webcast);
      return { path: `/api/webcasts/${webcast.id}/streaming-outputs` };
    },
    expect: { ...EDITORS, others: 200 },
  },
  {
    route: "POST /api/webcasts/:id/streaming-outputs",
    request: async () => ({
      path: `/api/webcasts/${(await webcastWithOutputs()).id}/streaming-outputs`,
      method: "POST",
      json: { rtmp_url: "rtmp://a.rtmp.youtube.com/live2", stream_key: "matrix-key" },
    }),
    expect: { ...EDITORS, others: 201 },
  },
  { route: "PATCH /api/streaming-outputs/:id", request: async () => ({ path: await outputPath(), method: "PATCH", json: { activated: true } }), expect: { ...EDITORS, others: 200 } },
  { route: "DELETE /api/streaming-outputs/:id", request: async () => ({ path: await outputPath(), method: "DELETE" }), expect: { ...EDITORS, others: 204 } },
];
