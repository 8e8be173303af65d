import { env } from "cloudflare:workers";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { EmbedAppRow } from "../../../domain/embed-apps/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import { embedApps } from "../../db/schema/index.ts";

/** Test helpers of the embed-app routes (workerd only). */

/** Switches allow_embed_integration_in_webcasts on (or off) for an organization, straight in D1. */
export async function allowEmbeds(organizationId: number, allowed = true): Promise<void> {
  await env.DB.prepare("UPDATE organizations SET features = json_set(coalesce(features, '{}'), '$.allow_embed_integration_in_webcasts', json(?)) WHERE id = ?")
    .bind(allowed ? "true" : "false", organizationId)
    .run();
}

/** An embed app written straight to D1 (a fixture, not a change). */
export async function insertEmbedApp(webcast: Pick<WebcastRow, "id" | "organization_id">, fields: Partial<EmbedAppRow> = {}): Promise<EmbedAppRow> {
  const now = new Date().toISOString();
  const row: EmbedAppRow = {
    id: uuidv7(),
    organization_id: webcast.organization_id,
    webcast_id: webcast.id,
    title: "Live quiz",
    description: null,
    embed_code: '<iframe src="https://quiz.example.com/embed"></iframe>',
    created_at: now,
    updated_at: now,
    ...fields,
  };
  await db(env.DB).insert(embedApps).values(row);
  return row;
}
