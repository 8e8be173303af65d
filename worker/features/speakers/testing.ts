import { env } from "cloudflare:workers";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { WebcastSpeakerRow } from "../../../domain/speakers/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { webcastSpeakers } from "../../db/schema/index.ts";

/** Test helpers of the speakers routes (workerd only). */

/** A speaker written straight to D1 (a fixture, no change log). */
export async function insertSpeaker(webcast: Pick<WebcastRow, "id" | "organization_id">, userId: number, fields: Partial<WebcastSpeakerRow> = {}): Promise<WebcastSpeakerRow> {
  const now = new Date().toISOString();
  const row: WebcastSpeakerRow = {
    id: uuidv7(),
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    user_id: userId,
    name: `Speaker ${userId}`,
    email: `speaker-${userId}@fixture.test`,
    is_producer: false,
    shown_in_lobby: true,
    position: 0,
    invited_at: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db(env.DB).insert(webcastSpeakers).values(row);
  return row;
}
