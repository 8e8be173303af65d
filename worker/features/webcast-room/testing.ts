import { env } from "cloudflare:workers";
import type { WelcomeMessage } from "../../../domain/protocol/index.ts";
import { type TestSocket, acceptedSocket, closeAllSockets, sayHello } from "../../../durable/webcast-room/testing.ts";
import type { TestClient } from "../../test/client.ts";
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
