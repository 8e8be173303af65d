import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { insertWebhook } from "./testing.ts";

/**
 * The integrations (GET and POST /api/webcasts/{id}/integrations) routes' rows of the route × role
 * × tenant matrix (worker/test/route-matrix.test.ts). Each call gets a fresh copy of "Demo Events"
 * and a webcast there with one webhook: both calls need webcasts.update (organizers, admins,
 * owners; the answers carry secrets); viewers, operators and speakers are members without it
 * (403); the other organization's owner gets 404. The POST keeps the webhook inactive, so no ping
 * leaves the test.
 */
const EDITORS = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

async function webcastWithWebhook() {
  const webcast = await insertWebcast(await cloneDemoEvents());
  await insertWebhook(webcast.id, { active: false });
  return webcast;
}

export const INTEGRATION_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/webcasts/:id/integrations", request: async () => ({ path: `/api/webcasts/${(await webcastWithWebhook()).id}/integrations` }), expect: { ...EDITORS, others: 200 } },
  {
    route: "POST /api/webcasts/:id/integrations",
    request: async () => ({
      path: `/api/webcasts/${(await webcastWithWebhook()).id}/integrations`,
      method: "POST",
      json: { webhooks: [{ url: "https://hooks.example.com/fixture", events: ["webcast.ended"], active: false }] },
    }),
    expect: { ...EDITORS, others: 200 },
  },
];
