import { env } from "cloudflare:workers";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { StreamingOutputRow } from "../../../domain/streaming-outputs/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { streamingOutputs } from "../../db/schema/index.ts";

/** Test helpers of the streaming output routes (workerd only). */

/** Turns allow_rtmp_output on (or off) in an organization, keeping its other flags. */
export async function allowRtmpOutput(organizationId: number, allowed = true): Promise<void> {
  await env.DB.prepare("UPDATE organizations SET features = json_set(features, '$.allow_rtmp_output', json(?)) WHERE id = ?").bind(allowed ? "true" : "false", organizationId).run();
}

/** An output written straight to D1 (no change log: a fixture, not a change). */
export async function insertOutput(webcast: Pick<WebcastRow, "id" | "organization_id">, fields: Partial<StreamingOutputRow> = {}): Promise<StreamingOutputRow> {
  const now = new Date().toISOString();
  const row: StreamingOutputRow = {
    id: uuidv7(),
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    rtmp_url: "rtmp://a.rtmp.youtube.com/live2",
    stream_key: "fixture-key",
    username: null,
    password: null,
    activated: false,
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db(env.DB).insert(streamingOutputs).values(row);
  return row;
}
