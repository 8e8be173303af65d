import { env } from "cloudflare:workers";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { webcasts } from "../../db/schema/index.ts";
import { userIdOf, webcastRow } from "../sync/testing.ts";

/** Test helpers of the webcast REST routes (workerd only). */

/** A webcast written straight to D1 (no change log: a fixture, not a change), created by the demo organizer. */
export async function insertWebcast(organizationId: number, fields: Partial<WebcastRow> = {}): Promise<WebcastRow> {
  const row = webcastRow(organizationId, await userIdOf("organizer@demo.test"), fields);
  await db(env.DB).insert(webcasts).values(row);
  return row;
}

/** A urlencoded form body (what an HTML form or `URLSearchParams` sends). */
export function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}
