import { Hono } from "hono";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { INTEGRATION_MESSAGES } from "../../../domain/integrations/messages.ts";
import { webhookListSchema } from "../../../domain/integrations/webhooks.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { jsonBody } from "../../http/validators.ts";
import { inBackground } from "../auth/background.ts";
import { pathWebcast, webcastGuard } from "../webcasts/guards.ts";
import { type WebhookFetch, pingWebhooks } from "./delivery.ts";
import { listWebhooks, replaceWebhooks } from "./service.ts";
import { localized } from "../../../domain/validation/localized.ts";

/**
 * The webcast's integrations: its outgoing webhooks (SPEC §7 `POST integrations`, payload not
 * shown; the GET is an addition for the edit screen; docs/webcasts-api.md "Integrations"), mounted
 * at /api. Both need `webcasts.update` (the answers carry the signing secrets). Order: session
 * (401), webcast and permission (404 other tenant or unknown uid, 403 member without it), body
 * (422), then the list is replaced in D1 (server only, not a sync mutation: nothing of it syncs).
 */

/** A body error about the list says so; others (not an object, unknown keys) keep the generic text. */
const invalidMessage = (errors: Record<string, string[]>, locale: UiLocale) => (Object.keys(errors).some((field) => field.startsWith("webhooks")) ? localized(INTEGRATION_MESSAGES.invalid, locale) : undefined);

/** Outbound requests go through the global fetch, looked up when sent. */
const outbound: WebhookFetch = (request) => fetch(request);

export const integrationRoutes = new Hono<AppEnv>()
  /** GET /api/webcasts/{uid}/integrations → `{ data: { webhooks: [{ id, url, events, active, secret }] } }`, oldest first. */
  .get("/webcasts/:id/integrations", webcastGuard("webcasts.update"), async (c) => {
    const { row } = await pathWebcast(c);
    return c.json({ data: { webhooks: await listWebhooks(db(c.env.DB), row.id) } }, 200);
  })
  /**
   * POST /api/webcasts/{uid}/integrations `{ webhooks: [{ url, events, active? }] }` → the stored
   * list, as the GET answers it. The list replaces the webcast's (a URL sent again keeps its id and
   * secret); each new or changed active webhook is then sent a signed `ping` after the response.
   */
  .post("/webcasts/:id/integrations", webcastGuard("webcasts.update"), jsonBody(webhookListSchema, invalidMessage), async (c) => {
    const { row } = await pathWebcast(c);
    const { webhooks, ping } = await replaceWebhooks(db(c.env.DB), row.id, c.req.valid("json").webhooks, new Date().toISOString());
    if (ping.length > 0) {
      await inBackground(c, async () => {
        await pingWebhooks(outbound, row.id, ping);
      });
    }
    return c.json({ data: { webhooks } }, 200);
  });
