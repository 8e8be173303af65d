import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import { type Webhook, type WebhookEvent, type WebhookInput, planWebhooks, webhookEvents } from "../../../domain/integrations/webhooks.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { randomToken } from "../../auth/tokens.ts";
import type { Db } from "../../db/client.ts";
import { webcastWebhooks } from "../../db/schema/index.ts";
import { ApiError } from "../../http/api-error.ts";

/**
 * The webcast's webhooks in `webcast_webhooks` (server only, never synced). Callers authorize:
 * the routes need `webcasts.update` on the webcast, since the answers carry the secrets.
 */

type WebhookRow = typeof webcastWebhooks.$inferSelect;

/** A stored row as answered; events no longer in WEBHOOK_EVENTS are dropped. */
function webhookOf(row: WebhookRow): Webhook {
  return { id: row.id, url: row.url, events: webhookEvents(row.events), active: row.active, secret: row.secret };
}

/** The webcast's webhooks in the order of the last saved list. */
export async function listWebhooks(database: Db, webcastId: string): Promise<Webhook[]> {
  const rows = await database.select().from(webcastWebhooks).where(eq(webcastWebhooks.webcast_id, webcastId)).orderBy(asc(webcastWebhooks.position), asc(webcastWebhooks.created_at), asc(webcastWebhooks.id));
  return rows.map(webhookOf);
}

/** The webcast's active webhooks subscribed to `event` (whom `deliverWebcastEvent` calls). */
export async function webhooksFor(database: Db, webcastId: string, event: WebhookEvent): Promise<Webhook[]> {
  return (await listWebhooks(database, webcastId)).filter((hook) => hook.active && hook.events.includes(event));
}

/** Whether D1 refused a statement for a foreign key (here: the webcast was deleted meanwhile). */
function isForeignKeyFailure(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : "";
  return /FOREIGN KEY constraint failed/i.test(text);
}

/**
 * Replaces the webcast's list with `wanted` (validated by domain/integrations `webhookListSchema`)
 * in one D1 batch: the webhooks whose URL is not in it are deleted, the others upserted on
 * (webcast, URL) in the list's order, so a URL already there keeps its id, secret and `created_at`
 * (also when another save raced this one: the stored secret wins and is the one answered), and
 * `updated_at` moves only when its events or active flag change (not for a new place). New webhooks get a UUIDv7 and a secret of 32 random
 * bytes (base64url). Of two concurrent saves, the later batch's list is what stays.
 * Answers the stored list and, among it, the webhooks to ping (`planWebhooks`). 404 when the
 * webcast was deleted meanwhile.
 */
export async function replaceWebhooks(database: Db, webcastId: string, wanted: readonly WebhookInput[], now: string): Promise<{ webhooks: Webhook[]; ping: Webhook[] }> {
  const plan = planWebhooks(await listWebhooks(database, webcastId), wanted, () => ({ id: uuidv7(), secret: randomToken() }));
  const urls = plan.webhooks.map((hook) => hook.url);
  const column = webcastWebhooks;
  const removal = database.delete(column).where(and(eq(column.webcast_id, webcastId), urls.length > 0 ? notInArray(column.url, urls) : undefined));
  const upserts = plan.webhooks.map((hook, position) =>
    database
      .insert(column)
      .values({ ...hook, webcast_id: webcastId, position, created_at: now, updated_at: now })
      .onConflictDoUpdate({
        target: [column.webcast_id, column.url],
        set: {
          events: sql.raw(`excluded."events"`),
          active: sql.raw(`excluded."active"`),
          position: sql.raw(`excluded."position"`),
          updated_at: sql`CASE WHEN ${column.events} IS NOT excluded."events" OR ${column.active} IS NOT excluded."active" THEN excluded."updated_at" ELSE ${column.updated_at} END`,
        },
      }),
  );
  try {
    await database.batch([removal, ...upserts]);
  } catch (error) {
    if (isForeignKeyFailure(error)) throw new ApiError("not_found");
    throw error;
  }
  const webhooks = await listWebhooks(database, webcastId);
  return { webhooks, ping: webhooks.filter((hook) => plan.ping.includes(hook.url)) };
}
