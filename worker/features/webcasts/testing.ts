import { env } from "cloudflare:workers";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { webcasts } from "../../db/schema/index.ts";
import { userIdOf, webcastRow } from "../sync/testing.ts";
import { brandingPrefix } from "../../../domain/branding/images.ts";

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

/** The smallest PNG (1×1, transparent): what the branding tests upload. */
export const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (char) => char.charCodeAt(0));

/** A webcast whose logo is stored in R2 (a fixture): the row, the key and the URL it is served at. */
export async function insertWebcastWithLogo(organizationId: number): Promise<{ row: WebcastRow; key: string; url: string }> {
  const id = uuidv7();
  const key = `${brandingPrefix(id)}logo-${"a".repeat(20)}${id.slice(-8)}`;
  await env.MEDIA.put(key, PNG, { httpMetadata: { contentType: "image/png" } });
  const row = await insertWebcast(organizationId, { id, logo_key: key });
  return { row, key, url: `/api/webcasts/${id}/branding/${key.slice(brandingPrefix(id).length)}` };
}
