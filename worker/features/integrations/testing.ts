import { env } from "cloudflare:workers";
import type { Webhook, WebhookEvent } from "../../../domain/integrations/webhooks.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { randomToken } from "../../auth/tokens.ts";
import { db } from "../../db/client.ts";
import { webcastWebhooks } from "../../db/schema/index.ts";

/** Test helpers of the integrations routes (workerd only). */

/** A webhook written straight to D1 (a fixture), after the webcast's others: active, on webcast.started unless told. */
export async function insertWebhook(webcastId: string, fields: Partial<Omit<Webhook, "id">> & { events?: WebhookEvent[] } = {}): Promise<Webhook> {
  const now = new Date().toISOString();
  const hook: Webhook = { id: uuidv7(), url: "https://hooks.example.com/fixture", events: ["webcast.started"], active: true, secret: randomToken(), ...fields };
  const position = (await env.DB.prepare("SELECT count(*) AS n FROM webcast_webhooks WHERE webcast_id = ?").bind(webcastId).first<number>("n")) ?? 0;
  await db(env.DB)
    .insert(webcastWebhooks)
    .values({ ...hook, webcast_id: webcastId, position, created_at: now, updated_at: now });
  return hook;
}

/** The webcast's webhook rows as stored, in the list's order. */
export async function storedWebhooks(webcastId: string): Promise<{ id: string; url: string; events: string; active: number; secret: string; created_at: string; updated_at: string }[]> {
  const { results } = await env.DB.prepare("SELECT id, url, events, active, secret, created_at, updated_at FROM webcast_webhooks WHERE webcast_id = ? ORDER BY position, created_at, id")
    .bind(webcastId)
    .all<{ id: string; url: string; events: string; active: number; secret: string; created_at: string; updated_at: string }>();
  return results;
}
