import { env } from "cloudflare:workers";
import { PROTOCOL_VERSION, type WelcomeMessage } from "../../../domain/protocol/index.ts";
import { TestSocket } from "../../../durable/webcast-room/testing.ts";
import type { TestClient } from "../../test/client.ts";
import { mintRoomToken } from "./room-token.ts";

/** Test helpers of the room routes (workerd only). */

const open = new Set<TestSocket>();

/** The upgrade request for a webcast's room, as `client` (its cookies and Origin), optionally with a room token. */
export function upgrade(client: TestClient, webcastUid: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  const query = options.token === undefined ? "" : `?token=${encodeURIComponent(options.token)}`;
  return client.request(`/api/webcasts/${webcastUid}/room${query}`, { headers: { Upgrade: "websocket", ...options.headers } });
}

/** Opens the room (expects 101) and says hello (protocol v2); the socket and its welcome. */
export async function joinAs(client: TestClient, webcastUid: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<{ socket: TestSocket; welcome: WelcomeMessage }> {
  const response = await upgrade(client, webcastUid, options);
  if (response.status !== 101 || !response.webSocket) throw new Error(`expected 101, got ${response.status}: ${await response.text()}`);
  const socket = new TestSocket(response.webSocket);
  open.add(socket);
  socket.send({ type: "hello", protocolVersion: PROTOCOL_VERSION });
  const welcome = await socket.next(5_000);
  if (welcome.type !== "welcome") throw new Error(`expected welcome, got ${JSON.stringify(welcome)}`);
  return { socket, welcome };
}

/** Closes what `joinAs` opened (afterEach). */
export async function closeJoined(): Promise<void> {
  const sockets = [...open];
  open.clear();
  for (const socket of sockets) {
    try {
      socket.close();
    } catch {
      // closed by the server already
    }
  }
  await Promise.all(sockets.map((socket) => socket.closed));
}

/** A room token for a guest of `webcastUid` (what the viewer issue will hand out). */
export function guestToken(webcastUid: string, ttlSeconds = 300, now = Date.now()): Promise<string> {
  return mintRoomToken(env, { webcast_uid: webcastUid, viewer_id: `guest:${crypto.randomUUID()}` }, ttlSeconds, now);
}
