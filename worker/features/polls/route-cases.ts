import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { insertPoll, insertSeries } from "./testing.ts";

/**
 * The polls and polling series routes' rows of the route × role × tenant matrix
 * (worker/test/route-matrix.test.ts). Each call gets a fresh copy of "Demo Events" with a webcast
 * (and a poll or series where it needs one). polls.manage belongs to organizers, admins, owners
 * and the webcast's producer speaker; the matrix's speaker is no producer of it, so like viewers
 * and operators a member without it (403); the owner of "Other Org" is no member (404).
 */
const MANAGERS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

async function webcastInCopy() {
  return insertWebcast(await cloneDemoEvents());
}
const pollPath = async () => `/api/polls/${(await insertPoll(await webcastInCopy())).id}`;
async function seriesPath(): Promise<string> {
  const webcast = await webcastInCopy();
  return `/api/webcasts/${webcast.id}/polling-series/${(await insertSeries(webcast)).id}`;
}

export const POLL_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/webcasts/:id/polls", request: async () => ({ path: `/api/webcasts/${(await webcastInCopy()).id}/polls?include_from_series=1` }), expect: { ...MANAGERS, others: 200 } },
  {
    route: "POST /api/webcasts/:id/polls",
    request: async () => ({ path: `/api/webcasts/${(await webcastInCopy()).id}/polls`, method: "POST", json: { title: "Matrix?", options: [{ text: "Yes" }, { text: "No" }] } }),
    expect: { ...MANAGERS, others: 201 },
  },
  { route: "GET /api/webcasts/:id/polls/export", request: async () => ({ path: `/api/webcasts/${(await webcastInCopy()).id}/polls/export?type=csv&lang=fr` }), expect: { ...MANAGERS, others: 200 } },
  { route: "GET /api/webcasts/:id/polls/results", request: async () => ({ path: `/api/webcasts/${(await webcastInCopy()).id}/polls/results` }), expect: { ...MANAGERS, others: 200 } },
  // The ballot log names the voters: webcasts.update (the same members here; a producer speaker may not, routes.test.ts).
  { route: "GET /api/webcasts/:id/polls/ballots/export", request: async () => ({ path: `/api/webcasts/${(await webcastInCopy()).id}/polls/ballots/export?type=csv` }), expect: { ...MANAGERS, others: 200 } },
  { route: "GET /api/polls/:id", request: async () => ({ path: await pollPath() }), expect: { ...MANAGERS, others: 200 } },
  { route: "PATCH /api/polls/:id", request: async () => ({ path: await pollPath(), method: "PATCH", json: { title: "Renamed" } }), expect: { ...MANAGERS, others: 200 } },
  { route: "DELETE /api/polls/:id", request: async () => ({ path: await pollPath(), method: "DELETE" }), expect: { ...MANAGERS, others: 204 } },
  { route: "GET /api/webcasts/:id/polling-series", request: async () => ({ path: `/api/webcasts/${(await webcastInCopy()).id}/polling-series` }), expect: { ...MANAGERS, others: 200 } },
  {
    route: "POST /api/webcasts/:id/polling-series",
    request: async () => ({ path: `/api/webcasts/${(await webcastInCopy()).id}/polling-series`, method: "POST", json: { title: "Matrix quiz" } }),
    expect: { ...MANAGERS, others: 201 },
  },
  { route: "GET /api/webcasts/:id/polling-series/:seriesId", request: async () => ({ path: await seriesPath() }), expect: { ...MANAGERS, others: 200 } },
  { route: "PATCH /api/webcasts/:id/polling-series/:seriesId", request: async () => ({ path: await seriesPath(), method: "PATCH", json: { title: "Renamed" } }), expect: { ...MANAGERS, others: 200 } },
  { route: "DELETE /api/webcasts/:id/polling-series/:seriesId", request: async () => ({ path: await seriesPath(), method: "DELETE" }), expect: { ...MANAGERS, others: 204 } },
];
