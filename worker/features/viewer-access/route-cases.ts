import { env } from "cloudflare:workers";
import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { mintPass } from "./pass.ts";

/**
 * The viewer page's rows of the route matrix: public calls, the same answer for everyone signed in
 * or not (no session is needed; the XSRF token and the same-origin check still apply). Each call
 * gets a fresh public webcast in a fresh copy of "Demo Events".
 */
async function publicWebcast() {
  return insertWebcast(await cloneDemoEvents());
}

export const VIEWER_ACCESS_ROUTE_CASES: RouteCase[] = [
  // The page itself is watch.html from the assets binding, absent in tests (as GET /login).
  { route: "GET /w/*", request: () => ({ path: "/w/0196a0de-0001-7000-8000-000000000000" }), expect: { others: 404 } },
  { route: "GET /w/:id/manifest.webmanifest", request: async () => ({ path: `/w/${(await publicWebcast()).id}/manifest.webmanifest` }), expect: { others: 200 } },
  { route: "GET /api/watch/:id", request: async () => ({ path: `/api/watch/${(await publicWebcast()).id}` }), expect: { others: 200 } },
  {
    route: "POST /api/watch/:id/register",
    request: async () => ({ path: `/api/watch/${(await publicWebcast()).id}/register`, method: "POST", json: { name: "Matrix viewer", email: "matrix-watch@example.test", answers: {} } }),
    expect: { others: 201 },
  },
  {
    route: "POST /api/watch/:id/magic-link",
    request: async () => ({ path: `/api/watch/${(await publicWebcast()).id}/magic-link`, method: "POST", json: { email: "matrix-watch@example.test" } }),
    expect: { others: 202 },
  },
  {
    route: "POST /api/watch/:id/sign-in",
    request: async () => ({ path: `/api/watch/${(await publicWebcast()).id}/sign-in`, method: "POST", json: { method: "guest" } }),
    expect: { others: 200 },
  },
  {
    route: "POST /api/watch/:id/room-token",
    request: async () => {
      const webcast = await publicWebcast();
      const { pass } = await mintPass(env, webcast.id, `guest:${crypto.randomUUID()}`, true);
      return { path: `/api/watch/${webcast.id}/room-token`, method: "POST", headers: { Authorization: `Bearer ${pass}` } };
    },
    expect: { others: 200 },
  },
  { route: "POST /api/watch/:id/sign-out", request: async () => ({ path: `/api/watch/${(await publicWebcast()).id}/sign-out`, method: "POST" }), expect: { others: 204 } },
];
