import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { WelcomeMessage } from "../../../domain/protocol/index.ts";
import { type TestSocket, acceptedSocket, closeAllSockets, sayHello } from "../../../durable/webcast-room/testing.ts";
import type { TestClient } from "../../test/client.ts";
import type { RouteCase } from "../../test/route-matrix.ts";
import { cloneDemoEvents } from "../organizations/route-cases.ts";
import { insertWebcast } from "../webcasts/testing.ts";
import { mintRoomToken } from "./room-token.ts";

/** Test helpers of the room routes (workerd only). */

/** The upgrade request for a webcast's room, as `client` (its cookies and Origin), optionally with a room token. */
export function upgrade(client: TestClient, webcastUid: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const query = options.token === undefined ? "" : `?token=${encodeURIComponent(options.token)}`;
  return client.request(`/api/webcasts/${webcastUid}/room${query}`, { headers: { Upgrade: "websocket", ...options.headers } });
}

/** Opens the room (expects 101) and says hello (protocol v2); the socket and its welcome. */
export async function joinAs(client: TestClient, webcastUid: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<{ socket: TestSocket; welcome: WelcomeMessage }> {
  const socket = await acceptedSocket(await upgrade(client, webcastUid, options));
  return { socket, welcome: await sayHello(socket, undefined, 5_000) };
}

/** Closes what `joinAs` opened (afterEach). */
export const closeJoined = closeAllSockets;

/** A room token for a guest of `webcastUid` (what the viewer issue will hand out). */
export function guestToken(webcastUid: string, ttlSeconds = 300, now = Date.now()): Promise<string> {
  return mintRoomToken(env, { webcast_uid: webcastUid, viewer_id: `guest:${crypto.randomUUID()}` }, ttlSeconds, now);
}

/**
 * A guest's room token of `webcastUid` and those the room-token credential (room-viewer.ts) must
 * refuse: forged (its signature's first character changed), expired, another webcast's.
 */
export async function roomTokenCases(webcastUid: string, otherWebcastUid: string): Promise<{ good: string; forged: string; expired: string; foreign: string }> {
  const good = await guestToken(webcastUid);
  const [body, signature] = good.split(".");
  return {
    good,
    forged: `${body}.${(signature ?? "").replace(/^./, (c) => (c === "A" ? "B" : "A"))}`,
    expired: await guestToken(webcastUid, 300, Date.now() - 301_000),
    foreign: await guestToken(otherWebcastUid),
  };
}

/** The room-token credential's refusal of `path` (room-viewer.ts): 401 in the spec's error shape, in French. */
export async function expectRoomTokenRefused(response: Response, path: string): Promise<void> {
  expect(response.status, path).toBe(401);
  const error = await response.json<{ message: string; code: string; requestId: string }>();
  expect(error).toMatchObject({ code: "unauthenticated", message: "Votre accès à ce webcast a expiré : rechargez la page pour regarder." });
  expect(error.requestId).toBeTruthy();
}

/**
 * A viewer-page call whose credential is the room token, in the route matrix: every caller, signed
 * in or not, gets the same answer (a fresh webcast of a fresh "Demo Events" copy, a guest's token
 * in `?token=`). `suffix` follows /api/watch/{id}.
 */
export function roomTokenRouteCase(route: string, suffix: string): RouteCase {
  return {
    route,
    request: async () => {
      const webcast = await insertWebcast(await cloneDemoEvents());
      return { path: `/api/watch/${webcast.id}${suffix}?token=${encodeURIComponent(await guestToken(webcast.id))}` };
    },
    expect: { others: 200 },
  };
}
