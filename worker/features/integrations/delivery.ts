import { type Webhook, type WebhookDeliveryEvent, type WebhookEnvelope, type WebhookEvent, WEBHOOK_PING_EVENT } from "../../../domain/integrations/webhooks.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { Db } from "../../db/client.ts";
import { webhooksFor } from "./service.ts";

/**
 * Delivering a webcast's outgoing webhooks (docs/webcasts-api.md "Integrations"). One delivery is
 * one POST of a JSON envelope `{ id, event, webcast_uid, occurred_at, data }` with
 * `X-Igo-Event: <event>` and `X-Igo-Signature: sha256=<hex HMAC-SHA256 of the body under the
 * webhook's secret>` (WebCrypto). At most 5 s, redirects are not followed (a 3xx is a failed
 * delivery: the signed body is never replayed to a host the organizer did not enter), no retry
 * yet. Callers run deliveries after the response (`inBackground`, ctx.waitUntil) and have already
 * authorized whatever triggered them.
 */

/** Sends one request: the global `fetch`, a service binding's `fetch`, or a test's fake. */
export type WebhookFetch = (request: Request) => Promise<Response>;

/** How long an endpoint has to answer. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

/** What a delivery did: the endpoint's status (2xx is `ok`), or why no answer came (`status` null). */
export interface WebhookDeliveryResult {
  /** The envelope's id. */
  id: string;
  webhook_id: string;
  ok: boolean;
  status: number | null;
  error?: string;
}

const encoder = new TextEncoder();

/** `sha256=<hex>`: HMAC-SHA256 of `body` keyed by the UTF-8 text of `secret` (receivers verify the same way). */
export async function webhookSignature(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(body)));
  return `sha256=${Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * POSTs `event` to one webhook, signed with its secret. Never throws: a refusal, a timeout or a
 * network failure is in the result (and left to the caller to log). Does not look at `active` or
 * the webhook's events: `deliverWebcastEvent` chooses the webhooks; the save's ping goes to any.
 */
export async function deliverWebhook(
  fetcher: WebhookFetch,
  hook: Pick<Webhook, "id" | "url" | "secret">,
  event: WebhookDeliveryEvent,
  payload: { webcast_uid: string; data: Record<string, unknown>; occurred_at?: string },
): Promise<WebhookDeliveryResult> {
  const envelope: WebhookEnvelope = { id: uuidv7(), event, webcast_uid: payload.webcast_uid, occurred_at: payload.occurred_at ?? new Date().toISOString(), data: payload.data };
  const body = JSON.stringify(envelope);
  const result = { id: envelope.id, webhook_id: hook.id };
  try {
    const request = new Request(hook.url, {
      method: "POST",
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      headers: { "Content-Type": "application/json", "User-Agent": "igo-events-webhooks/1", "X-Igo-Event": event, "X-Igo-Signature": await webhookSignature(hook.secret, body) },
    });
    const response = await fetcher(request);
    // The answer's body is not read; cancelling it frees the connection.
    await response.body?.cancel().catch(() => undefined);
    return { ...result, ok: response.status >= 200 && response.status < 300, status: response.status };
  } catch (error) {
    return { ...result, ok: false, status: null, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** Logs a failed delivery (the organizer's endpoint, not our fault: a warning). */
function report(results: readonly WebhookDeliveryResult[], event: WebhookDeliveryEvent, webcastUid: string): void {
  for (const failed of results.filter((result) => !result.ok)) console.warn(`webhook ${failed.webhook_id} ${event} for ${webcastUid} failed`, failed.status ?? failed.error);
}

/** The save's `ping` to each webhook in `hooks` (new or changed and active), all at once. */
export async function pingWebhooks(fetcher: WebhookFetch, webcastUid: string, hooks: readonly Webhook[]): Promise<WebhookDeliveryResult[]> {
  const results = await Promise.all(hooks.map((hook) => deliverWebhook(fetcher, hook, WEBHOOK_PING_EVENT, { webcast_uid: webcastUid, data: { webhook_id: hook.id, url: hook.url, events: hook.events } })));
  report(results, WEBHOOK_PING_EVENT, webcastUid);
  return results;
}

/**
 * Delivers `event` of the webcast to its active webhooks subscribed to it, all at once; failures
 * are logged. For the issues that emit events (control room: webcast.started / webcast.ended;
 * viewers: viewer.registered), after the change they report is stored, inside `inBackground`.
 */
export async function deliverWebcastEvent(database: Db, fetcher: WebhookFetch, webcastUid: string, event: WebhookEvent, data: Record<string, unknown>): Promise<WebhookDeliveryResult[]> {
  const hooks = await webhooksFor(database, webcastUid, event);
  const occurred_at = new Date().toISOString();
  const results = await Promise.all(hooks.map((hook) => deliverWebhook(fetcher, hook, event, { webcast_uid: webcastUid, data, occurred_at })));
  report(results, event, webcastUid);
  return results;
}
