import { z } from "zod";
import { isLoopbackHost } from "../http/loopback.ts";
import type { UiLocale } from "../i18n/locales.ts";
import { max } from "../validation/form-rules.ts";
import { required } from "../validation/required.ts";
import { ruleMessage, type RuleResult } from "../validation/rule-messages.ts";
import { urlList } from "../validation/rules.ts";
import { integrationMessage } from "./messages.ts";

/**
 * A webcast's integrations are outgoing webhooks (SPEC §7 `POST integrations`, payload "not
 * shown"; docs/webcasts-api.md "Integrations"): each sends a signed JSON POST to the organizer's
 * URL when one of its events happens, so a webcast can feed a CRM or an automation tool without a
 * provider-specific connector. This module holds what the browser and the worker both judge: the
 * event names, the limits, the field rules with their en/fr messages and the list's zod schema,
 * and how a new list replaces the stored one. No I/O; who may change the list (`webcasts.update`
 * on the webcast) is checked by the caller.
 */

/**
 * The events a webhook can subscribe to. The control room sends `webcast.started` /
 * `webcast.ended` and the viewers' registration `viewer.registered` when they land
 * (worker/features/integrations/delivery.ts `deliverWebcastEvent`). `question.support_desk` is the
 * support desk (SPEC §4 "send to a support desk", §7 send-to-zendesk): a moderator sends a question
 * to the webhooks subscribed to it (worker/features/webcast-room/support-desk.ts), signed and
 * retried, and the desk may answer a ticket. Adding one here makes it selectable everywhere;
 * removing one drops it from stored lists as they are read.
 */
export const WEBHOOK_EVENTS = ["webcast.started", "webcast.ended", "viewer.registered", "question.support_desk"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent to a new or changed active webhook when the list is saved, so its endpoint can be checked at once. Not subscribable. */
export const WEBHOOK_PING_EVENT = "ping";
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_PING_EVENT;

/** At most 5 webhooks per webcast; a URL of at most 2,000 characters (as stored, normalized). */
export const WEBHOOK_LIMITS = { per_webcast: 5, url_length: 2_000 } as const;

/** One webhook of a saved list, as the POST sends it (after validation). */
export interface WebhookInput {
  /** Normalized (`webhookUrlKey`): what is stored, shown and called. */
  url: string;
  /** A non-empty subset of WEBHOOK_EVENTS, in their order. */
  events: WebhookEvent[];
  active: boolean;
}

/** A stored webhook (server only) and what editors are answered: its secret signs every delivery. */
export interface Webhook extends WebhookInput {
  id: string;
  secret: string;
}

/**
 * The JSON body of every delivery; `X-Igo-Signature: sha256=<hex>` is the HMAC-SHA256 of exactly
 * these bytes under the webhook's secret. `id` is unique per delivery (receivers can drop repeats).
 */
export interface WebhookEnvelope {
  id: string;
  event: WebhookDeliveryEvent;
  webcast_uid: string;
  occurred_at: string;
  data: Record<string, unknown>;
}

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === "string" && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** The known events among `events`, each once, in WEBHOOK_EVENTS order (the stored form). */
export function webhookEvents(events: readonly string[]): WebhookEvent[] {
  return WEBHOOK_EVENTS.filter((event) => events.includes(event));
}

/**
 * The form a URL is stored, compared and called in: trimmed, then serialized by the WHATWG URL
 * parser (lower-case scheme and host, default port dropped, "/" after a bare host). Two URLs with
 * the same key are the same endpoint; a URL that does not parse is only trimmed.
 */
export function webhookUrlKey(url: string): string {
  const text = url.trim();
  try {
    return new URL(text).href;
  } catch {
    return text;
  }
}

/** "Invalid URL format: …" for a value the URL parser refuses, shortened like the SPEC §5 rule's. */
function invalidUrl(text: string, locale: UiLocale): string {
  return ruleMessage("url_format", locale, { url: text.length > 60 ? `${text.slice(0, 59)}…` : text });
}

/**
 * A webhook's URL: required; at most 2,000 characters; the SPEC §5 array-of-url rule (starts with
 * http:// or https://, its message); a URL the parser accepts; https unless the host is this
 * machine (domain/http `isLoopbackHost`: a local receiver during development and tests).
 */
export function webhookUrl(value: string | null | undefined, locale: UiLocale): RuleResult {
  const text = value?.trim() ?? "";
  const limit = { length: WEBHOOK_LIMITS.url_length };
  const early = required(text, locale) ?? max(text, locale, limit) ?? urlList([text], locale);
  if (early) return early;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return invalidUrl(text, locale);
  }
  if (parsed.protocol !== "https:" && !isLoopbackHost(parsed.hostname)) return integrationMessage("https_required", locale);
  return max(parsed.href, locale, limit);
}

/** A webhook's events: at least one, each a known event (the first unknown one is named). */
export function webhookEventList(events: readonly string[] | null | undefined, locale: UiLocale): RuleResult {
  if (!events || events.length === 0) return integrationMessage("events_required", locale);
  const unknown = events.find((event) => !isWebhookEvent(event));
  return unknown === undefined ? null : integrationMessage("unknown_event", locale, { event: unknown.length > 60 ? `${unknown.slice(0, 59)}…` : unknown });
}

/** The indexes whose URL repeats an earlier one's (same `webhookUrlKey`); blank ones are left to `required`. */
export function duplicateUrlIndexes(urls: readonly string[]): number[] {
  const seen = new Set<string>();
  return urls.flatMap((url, index) => {
    if (url.trim() === "") return [];
    const key = webhookUrlKey(url);
    if (seen.has(key)) return [index];
    seen.add(key);
    return [];
  });
}

/** Shapes only (generous caps against huge bodies); the localized rules are the list schema's. */
const webhookShape = z.strictObject({
  url: z.string().max(10_000),
  events: z.array(z.string().max(200)).max(100),
  active: z.boolean().default(true),
});

/**
 * The body of `POST /api/webcasts/{uid}/integrations`, `{ webhooks: [{ url, events, active? }] }`
 * (`active` defaults to true), judged in `locale`. Errors are keyed `webhooks` (more than 5),
 * `webhooks.<i>.url` (the URL rule; a repeated URL gets SPEC §5's duplicate-name message on each
 * later copy) and `webhooks.<i>.events`. The output is the list to store: URLs normalized, events
 * in their canonical order. The browser runs the same schema before sending.
 */
export function webhookListSchema(locale: UiLocale) {
  return z
    .strictObject({
      webhooks: z.array(webhookShape).max(WEBHOOK_LIMITS.per_webcast, { error: integrationMessage("too_many", locale, { max: WEBHOOK_LIMITS.per_webcast }) }),
    })
    .superRefine((body, context) => {
      const add = (index: number, field: "url" | "events", message: string | null) => {
        if (message !== null) context.addIssue({ code: "custom", message, path: ["webhooks", index, field] });
      };
      body.webhooks.forEach((hook, index) => {
        add(index, "url", webhookUrl(hook.url, locale));
        add(index, "events", webhookEventList(hook.events, locale));
      });
      for (const index of duplicateUrlIndexes(body.webhooks.map((hook) => hook.url))) add(index, "url", ruleMessage("duplicate_name", locale));
    })
    .transform((body): { webhooks: WebhookInput[] } => ({
      webhooks: body.webhooks.map((hook) => ({ url: webhookUrlKey(hook.url), events: webhookEvents(hook.events), active: hook.active })),
    }));
}

/** How a saved list replaces the stored one (`planWebhooks`). */
export interface WebhookPlan {
  /** The list to store, in the order sent: kept webhooks keep their id and secret. */
  webhooks: Webhook[];
  /** Stored webhooks whose URL is no longer in the list. */
  removed: Webhook[];
  /** URLs of the webhooks to ping: active and new, re-activated or with other events. */
  ping: string[];
}

function sameEvents(a: readonly WebhookEvent[], b: readonly WebhookEvent[]): boolean {
  return a.length === b.length && a.every((event, index) => event === b[index]);
}

/**
 * The list `wanted` (validated: URLs normalized and unique) replacing `stored`: a webhook whose URL
 * is already stored keeps its id and secret (only its events and active flag follow the new list);
 * another URL is a new webhook, `fresh()` gives its id and secret (the caller's CSPRNG). Changing a
 * URL therefore makes a new webhook with a new secret. Caller authorizes (webcasts.update).
 */
export function planWebhooks(stored: readonly Webhook[], wanted: readonly WebhookInput[], fresh: () => { id: string; secret: string }): WebhookPlan {
  const byUrl = new Map(stored.map((hook) => [webhookUrlKey(hook.url), hook]));
  const kept = new Set<string>();
  const ping: string[] = [];
  const webhooks = wanted.map((hook): Webhook => {
    const key = webhookUrlKey(hook.url);
    const before = byUrl.get(key);
    kept.add(key);
    if (hook.active && (!before || !before.active || !sameEvents(before.events, hook.events))) ping.push(key);
    return before ? { ...before, events: hook.events, active: hook.active } : { ...fresh(), url: key, events: hook.events, active: hook.active };
  });
  const removed = stored.filter((hook) => !kept.has(webhookUrlKey(hook.url)));
  return { webhooks, removed, ping };
}
