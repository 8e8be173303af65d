import { env } from "cloudflare:workers";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { SegmentRow } from "../../../domain/segments/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { segments } from "../../db/schema/index.ts";

/** Test helpers of the segment routes (workerd only). */

/** A segment written straight to D1 (no change log: a fixture, not a change). */
export async function insertSegment(webcast: Pick<WebcastRow, "id" | "organization_id">, name: string): Promise<SegmentRow> {
  const now = new Date().toISOString();
  const row: SegmentRow = { id: uuidv7(), organization_id: webcast.organization_id, webcast_id: webcast.id, name, created_at: now, updated_at: now };
  await db(env.DB).insert(segments).values(row);
  return row;
}

/** The names of the webcast's segments in D1, oldest first. */
export async function segmentNames(webcastId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT name FROM segments WHERE webcast_id = ? ORDER BY created_at, id").bind(webcastId).all<{ name: string }>();
  return results.map((row) => row.name);
}
