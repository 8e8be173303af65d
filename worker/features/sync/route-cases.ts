import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { createWebcast } from "./test-mutations.ts";

/**
 * The sync routes' rows of the route × role × tenant matrix (worker/test/route-matrix.test.ts).
 * Every route needs a session (401 signed out). A push answers 200 to anyone signed in: each
 * mutation gets its own verdict (another tenant's or a non-permitted one is `rejected`, see
 * push.ts); the push here creates a webcast in a fresh copy of "Demo Events" (same members). Pull answers
 * each user their own organizations; a webcast's streamed viewers pull, those who manage its
 * viewers. The poke socket is for members (the other tenant's owner:
 * 404); without an Upgrade header, members get 400.
 */
export const SYNC_ROUTE_CASES: RouteCase[] = [
  {
    route: "POST /api/sync/push",
    request: async () => ({ path: "/api/sync/push", method: "POST", json: { mutations: [createWebcast(await cloneDemoEvents())] } }),
    expect: { anonymous: 401, others: 200 },
  },
  { route: "GET /api/sync/pull", request: () => ({ path: "/api/sync/pull?cursor=0" }), expect: { anonymous: 401, others: 200 } },
  // A webcast's viewers, streamed: the viewers read rule (viewers.manage: organizers, admins, owners, the super admin).
  {
    route: "GET /api/sync/pull/stream",
    request: () => ({ path: "/api/sync/pull/stream?cursor=0&webcast=0196a0de-0001-7000-8000-000000000000" }),
    expect: { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404, others: 200 },
  },
  { route: "GET /api/sync/poke", request: () => ({ path: "/api/sync/poke?organization=1" }), expect: { anonymous: 401, other_owner: 404, others: 400 } },
];
