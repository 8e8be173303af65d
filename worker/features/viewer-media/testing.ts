import { env } from "cloudflare:workers";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { premiereVideos } from "../../db/schema/index.ts";
import { guestToken } from "../webcast-room/testing.ts";

/** Test helpers of the viewer page's media calls (workerd only). */

/** Writes the premiere's playlist straight to D1, in this order. */
export async function setPlaylist(webcast: Pick<WebcastRow, "id" | "organization_id">, mediaIds: readonly string[]): Promise<void> {
  const now = new Date().toISOString();
  for (const [position, media_id] of mediaIds.entries()) {
    await db(env.DB).insert(premiereVideos).values({ id: uuidv7(), organization_id: webcast.organization_id, webcast_id: webcast.id, media_id, position, created_at: now, updated_at: now });
  }
}

/** The playback call's path for a guest of the webcast (a fresh room token), or with `token` as given. */
export async function playbackPath(webcastId: string, token?: string): Promise<string> {
  return `/api/watch/${webcastId}/playback?token=${encodeURIComponent(token ?? (await guestToken(webcastId)))}`;
}
