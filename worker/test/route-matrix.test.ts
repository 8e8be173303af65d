import { beforeAll, describe, expect, it } from "vitest";
import app from "../app.ts";
import { AUTH_ROUTE_CASES } from "../features/auth/route-cases.ts";
import { ORGANIZATION_ROUTE_CASES } from "../features/organizations/route-cases.ts";
import { PEOPLE_ROUTE_CASES } from "../features/people/route-cases.ts";
import { SSO_ROUTE_CASES } from "../features/sso/route-cases.ts";
import { SYNC_ROUTE_CASES } from "../features/sync/route-cases.ts";
import { WEBCAST_ROUTE_CASES } from "../features/webcasts/route-cases.ts";
import { SPEAKER_ROUTE_CASES } from "../features/speakers/route-cases.ts";
import { POLL_ROUTE_CASES } from "../features/polls/route-cases.ts";
import { RESOURCE_ROUTE_CASES } from "../features/resources/route-cases.ts";
import { EMBED_APP_ROUTE_CASES } from "../features/embed-apps/route-cases.ts";
import { SEGMENT_ROUTE_CASES } from "../features/segments/route-cases.ts";
import { STREAMING_OUTPUT_ROUTE_CASES } from "../features/streaming-outputs/route-cases.ts";
import { INTEGRATION_ROUTE_CASES } from "../features/integrations/route-cases.ts";
import { ONBOARDING_ROUTE_CASES } from "../features/onboarding/route-cases.ts";

import { TestClient, seedDemo } from "./client.ts";
import { ACTORS, type Actor, type RouteCase } from "./route-matrix.ts";

/**
 * The route × role × tenant matrix (issue #3): every API route, called by every kind of user,
 * answers the expected status. A route missing from CASES fails the first test, so a new route
 * cannot land without saying who may call it. Tenant rule: the other organization's owner gets 404
 * on anything of "Demo Events", never its data.
 */
const CASES: RouteCase[] = [
  { route: "GET /api/health", request: () => ({ path: "/api/health" }), expect: { others: 200 } },
  // Local-only seeding (APP_ENV=local in tests): open to scripts, not to browsers in production.
  { route: "POST /api/dev/seed", request: () => ({ path: "/api/dev/seed", method: "POST" }), expect: { others: 200 } },
  // Without an Upgrade header the room explains itself with a 400, whoever asks.
  { route: "GET /api/webcasts/:id/room", request: () => ({ path: "/api/webcasts/1/room" }), expect: { others: 400 } },
  ...AUTH_ROUTE_CASES,
  ...ONBOARDING_ROUTE_CASES,
  ...ORGANIZATION_ROUTE_CASES,
  ...PEOPLE_ROUTE_CASES,
  ...SSO_ROUTE_CASES,
  ...SYNC_ROUTE_CASES,
  ...WEBCAST_ROUTE_CASES,
  ...SPEAKER_ROUTE_CASES,
  ...POLL_ROUTE_CASES,
  ...RESOURCE_ROUTE_CASES,
  ...EMBED_APP_ROUTE_CASES,
  ...SEGMENT_ROUTE_CASES,
  ...STREAMING_OUTPUT_ROUTE_CASES,
  ...INTEGRATION_ROUTE_CASES,
];

/** Every route Hono knows, minus middleware ("ALL …*"). */
function appRoutes(): string[] {
  const routes = app.routes.filter((r) => !(r.method === "ALL" && r.path.endsWith("*"))).map((r) => `${r.method} ${r.path}`);
  return [...new Set(routes)].sort();
}

beforeAll(async () => {
  await seedDemo();
});

describe("route matrix", () => {
  it("lists every API route exactly once", () => {
    const listed = CASES.map((c) => c.route);
    expect(new Set(listed).size, "a route is listed twice").toBe(listed.length);
    expect([...listed].sort()).toEqual(appRoutes());
  });

  describe.each(CASES)("$route", (routeCase) => {
    it.each(Object.keys(ACTORS) as Actor[])("as %s", async (actor) => {
      const client = new TestClient("en");
      const email = ACTORS[actor];
      if (email) await client.signInAs(email);
      const request = await routeCase.request(client, actor);
      const response = await client.request(request.path, {
        method: request.method ?? "GET",
        json: request.json,
        body: request.body,
        headers: request.headers,
      });
      const expected = routeCase.expect[actor] ?? routeCase.expect.others;
      expect(response.status, `${routeCase.route} as ${actor}: ${await response.clone().text()}`).toBe(expected);
    });
  });
});
