import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { throughRoom } from "../questions/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";

/**
 * The chat routes' rows of the route × role × tenant matrix (see questions/route-cases.ts): the
 * webcast's staff may, members who neither produce nor speak in it get 403, another tenant 404.
 */
const STAFF = { anonymous: 401, viewer: 403, operator: 403, speaker: 403, other_owner: 404 } as const;

const webcastPath = async () => `/api/webcasts/${(await insertWebcast(await cloneDemoEvents())).id}`;

export const CHAT_ROUTE_CASES: RouteCase[] = [
  { route: "GET /api/webcasts/:id/chat-messages", request: async () => ({ path: `${await webcastPath()}/chat-messages?limit=10` }), expect: { ...STAFF, others: 200 } },
  { route: "POST /api/webcasts/:id/chat-messages", request: async () => ({ path: `${await webcastPath()}/chat-messages`, method: "POST", json: { body: "Matrix" } }), expect: { ...STAFF, others: 201 } },
  {
    route: "DELETE /api/chat-messages/:id",
    request: async () => ({ path: `/api/chat-messages/${(await throughRoom({ type: "chat.send", body: "Matrix" })).result.id}`, method: "DELETE" }),
    expect: { ...STAFF, others: 200 },
  },
];
