import { env } from "cloudflare:workers";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { TestClient } from "../../test/client.ts";
import { createOrganization } from "../organizations/fixtures.ts";
import { mintRoomToken } from "../webcast-room/room-token.ts";
import { insertWebcast } from "../webcasts/testing.ts";

/** Test helpers of the viewing sessions (workerd only). */

export interface StoredSession {
  viewer_id: string;
  kind: string;
  started_at: number;
  last_seen_at: number;
  ended_at: number | null;
}

/** A webcast (live unless told) of a fresh organization, its /api/watch base and an anonymous browser. */
export async function sessionFixture(fields: Partial<WebcastRow> = {}) {
  const org = await createOrganization();
  const webcast = await insertWebcast(org.id, { state: "live", ...fields });
  return { org, webcast, base: `/api/watch/${webcast.id}/viewing-sessions`, browser: new TestClient() };
}

/** A room token of `webcastId` for `viewerId` (a guest by default), as the viewer page holds one. */
export function roomToken(webcastId: string, viewerId = `guest:${crypto.randomUUID()}`, ttlSeconds = 300, now = Date.now()): Promise<string> {
  return mintRoomToken(env, { webcast_uid: webcastId, viewer_id: viewerId }, ttlSeconds, now);
}

/** A POST as the viewer page makes it: the room token as a bearer, a JSON body when given. */
export function postAs(browser: TestClient, path: string, token: string | null, json?: unknown): Promise<Response> {
  return browser.request(path, { method: "POST", json, headers: token === null ? {} : { Authorization: `Bearer ${token}` } });
}

export function storedSession(id: string): Promise<StoredSession | null> {
  return env.DB.prepare("SELECT viewer_id, kind, started_at, last_seen_at, ended_at FROM viewing_sessions WHERE id = ?").bind(id).first<StoredSession>();
}

/** Moves a session back in time (its start and last beat `seconds` earlier), as if it had run that long. */
export async function age(id: string, seconds: number): Promise<void> {
  await env.DB.prepare("UPDATE viewing_sessions SET started_at = started_at - ?2, last_seen_at = last_seen_at - ?2 WHERE id = ?1")
    .bind(id, seconds * 1000)
    .run();
}

/** Writes a session straight to D1 (a fixture for the summary): times in seconds before now. */
export async function insertSession(webcast: WebcastRow, fields: { viewer_id: string; kind: "live" | "vod"; started_s_ago: number; last_seen_s_ago: number; ended_s_ago?: number }): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  await env.DB.prepare("INSERT INTO viewing_sessions (id, organization_id, webcast_id, viewer_id, kind, started_at, last_seen_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(
      id,
      webcast.organization_id,
      webcast.id,
      fields.viewer_id,
      fields.kind,
      now - fields.started_s_ago * 1000,
      now - fields.last_seen_s_ago * 1000,
      fields.ended_s_ago === undefined ? null : now - fields.ended_s_ago * 1000,
    )
    .run();
  return id;
}

export async function setState(webcast: WebcastRow, state: WebcastRow["state"]): Promise<void> {
  await env.DB.prepare("UPDATE webcasts SET state = ? WHERE id = ?").bind(state, webcast.id).run();
}
