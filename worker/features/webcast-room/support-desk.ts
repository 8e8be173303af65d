import type { WebhookEnvelope, WebhookEvent } from "../../../domain/integrations/webhooks.ts";
import type { Question } from "../../../domain/questions/record.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { db } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { WEBHOOK_TIMEOUT_MS, type WebhookFetch, webhookSignature } from "../integrations/delivery.ts";
import { webhooksFor } from "../integrations/service.ts";

/**
 * The support desk (SPEC §4 "send to a support desk", §7 `PATCH /api/questions/{id}/send-to-zendesk`)
 * is the webcast's outgoing webhooks subscribed to `question.support_desk` (domain/integrations):
 * no provider-specific connector, the organizer points a webhook at Zendesk, Freshdesk, an
 * automation tool… The room calls `deliverSupportDesk` once a moderator sent a question
 * (durable/webcast-room, through worker/durable-objects.ts) and records `sent` with the ticket, or
 * `failed` when this throws.
 *
 * One delivery is a POST of the usual envelope (`{ id, event, webcast_uid, occurred_at, data }`,
 * `data: { question, sent_at }`), signed like every webhook (`X-Igo-Signature: sha256=<HMAC of the
 * body>`): the body carries the attempt's time (`data.sent_at`, also in `X-Igo-Timestamp` as epoch
 * seconds), so the signature covers it and a desk can refuse a replayed request. The envelope id is
 * the same for every attempt (and `Idempotency-Key` is the question id), so a desk that got a
 * request whose answer was lost can drop the retry.
 */

export const SUPPORT_DESK_EVENT = "question.support_desk" satisfies WebhookEvent;
/** Waits before the second and third attempts (a webhook is tried 3 times at most). */
export const SUPPORT_DESK_RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000];
/** The longest ticket kept (domain/questions/record.ts `supportDeskSchema`). */
const TICKET_MAX = 500;

export interface SupportDeskOptions {
  /** Sends one request (default: the global fetch, looked up when sent). */
  fetcher?: WebhookFetch;
  /** Waits between attempts (default SUPPORT_DESK_RETRY_DELAYS_MS). */
  delays?: readonly number[];
  now?: () => Date;
}

/** Whether the webcast has a support desk: an active webhook subscribed to `question.support_desk`. */
export async function supportDeskConfigured(env: Pick<Env, "DB">, webcastUid: string): Promise<boolean> {
  return (await webhooksFor(db(env.DB), webcastUid, SUPPORT_DESK_EVENT)).length > 0;
}

/** Why one attempt failed, and whether another may succeed (a 4xx other than 408/429 will not). */
class AttemptFailed extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * Sends `question` to every support-desk webhook of the webcast, each tried up to 3 times (network
 * error, timeout, 408, 429, 5xx or a redirect are retried). Answers the first ticket a desk named
 * (its JSON answer's `ticket`, a string or a number), or null. Throws when no webhook is configured
 * or none accepted it after its retries. The caller (the room) decided who may send it.
 */
export async function deliverSupportDesk(env: Pick<Env, "DB">, webcastUid: string, question: Question, options: SupportDeskOptions = {}): Promise<{ ticket: string | null }> {
  const hooks = await webhooksFor(db(env.DB), webcastUid, SUPPORT_DESK_EVENT);
  if (hooks.length === 0) throw new Error(`support desk: webcast ${webcastUid} has no active webhook on ${SUPPORT_DESK_EVENT}`);
  const fetcher = options.fetcher ?? ((request: Request) => fetch(request));
  const delays = options.delays ?? SUPPORT_DESK_RETRY_DELAYS_MS;
  const now = options.now ?? (() => new Date());
  const id = uuidv7();
  const occurred_at = new Date(question.support_desk?.requested_at ?? now().getTime()).toISOString();
  const outcomes = await Promise.allSettled(
    hooks.map(async (hook) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await attemptDelivery(fetcher, hook, { id, event: SUPPORT_DESK_EVENT, webcast_uid: webcastUid, occurred_at, data: { question: { ...question }, sent_at: now().toISOString() } }, question.id);
        } catch (error) {
          const retryable = !(error instanceof AttemptFailed) || error.retryable;
          const delay = delays[attempt];
          if (!retryable || delay === undefined) throw error;
          console.warn(`support desk: webhook ${hook.id} for ${webcastUid} failed, retrying`, error instanceof Error ? error.message : error);
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      }
    }),
  );
  const delivered = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  if (delivered.length === 0) {
    const reasons = outcomes.map((outcome) => (outcome.status === "rejected" ? String(outcome.reason instanceof Error ? outcome.reason.message : outcome.reason) : "")).join("; ");
    throw new Error(`support desk: question ${question.id} of ${webcastUid} not delivered (${reasons})`);
  }
  return { ticket: delivered.find((ticket) => ticket !== null) ?? null };
}

/** One signed POST; the desk's ticket, or throws AttemptFailed. */
async function attemptDelivery(fetcher: WebhookFetch, hook: { id: string; url: string; secret: string }, envelope: WebhookEnvelope, idempotencyKey: string): Promise<string | null> {
  const body = JSON.stringify(envelope);
  const sentAt = Date.parse(String(envelope.data.sent_at));
  const request = new Request(hook.url, {
    method: "POST",
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "igo-events-webhooks/1",
      "X-Igo-Event": envelope.event,
      "X-Igo-Timestamp": String(Math.floor(sentAt / 1000)),
      "X-Igo-Signature": await webhookSignature(hook.secret, body),
      "Idempotency-Key": idempotencyKey,
    },
  });
  const response = await fetcher(request);
  if (response.status < 200 || response.status >= 300) {
    await response.body?.cancel().catch(() => undefined);
    const retryable = response.status >= 500 || response.status === 408 || response.status === 429 || (response.status >= 300 && response.status < 400);
    throw new AttemptFailed(`status ${response.status}`, retryable);
  }
  return ticketOf(await response.text().catch(() => ""));
}

/** The `ticket` of a JSON answer (a string or a finite number), trimmed, or null. */
export function ticketOf(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || !("ticket" in parsed)) return null;
  const ticket = parsed.ticket;
  const value = typeof ticket === "string" ? ticket.trim() : typeof ticket === "number" && Number.isFinite(ticket) ? String(ticket) : "";
  return value === "" ? null : value.slice(0, TICKET_MAX);
}
