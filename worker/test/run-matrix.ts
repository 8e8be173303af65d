import { beforeAll, describe, expect, it } from "vitest";
import { TestClient, seedDemo } from "./client.ts";
import { ACTORS, type Actor, type RouteCase } from "./route-matrix.ts";

/**
 * Calls every route of `cases` as every kind of user (worker/test/route-matrix.ts ACTORS) and
 * expects its status. Tenant rule: the other organization's owner gets 404 on anything of "Demo
 * Events", never its data.
 */
export function describeRouteMatrix(title: string, cases: readonly RouteCase[]): void {
  describe(title, () => {
    beforeAll(async () => {
      await seedDemo();
    });

    describe.each(cases)("$route", (routeCase) => {
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
}
