import { Hono } from "hono";
import { z } from "zod";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { type CreateEmbedAppArgs, EMBED_APP_MESSAGES, type UpdateEmbedAppArgs } from "../../../domain/embed-apps/mutators.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { jsonBody, query } from "../../http/validators.ts";
import { pathWebcast, readGuard, webcastGuard } from "../webcasts/guards.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { embedAppAnswerOf, embedAppOf, embedAppsQuery, listEmbedApps } from "./service.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { createEmbedApp, deleteEmbedApp, updateEmbedApp } from "../../../domain/embed-apps/mutators.ts";

/**
 * The webcast's embed apps (SPEC §7: GET and POST /api/webcasts/{uid}/embed-apps (page, q, limit);
 * PATCH and DELETE …/embed-apps/{id}; docs/webcasts-api.md), mounted at /api. Writes push one
 * mutation (domain/embed-apps/mutators.ts); creating needs allow_embed_integration_in_webcasts (403). The
 * embed code is stored as text: screens render it in a sandboxed iframe, never in the page.
 * Order: session (401), webcast and permission (404 / 403), the app of that webcast (404), body (422).
 */

const fields = {
  title: z.string().max(10_000),
  description: z.string().max(100_000).nullable(),
  embed_code: z.string().max(100_000),
};
/** POST body; a missing title or code reads as blank, so the mutator's "This field is required" answers it. */
const createBody = z.strictObject({ title: fields.title.default(""), description: fields.description.optional(), embed_code: fields.embed_code.default("") });
/** PATCH body: only the fields sent change. */
const updateBody = z.strictObject(fields).partial();
const invalidMessage = (_errors: Record<string, string[]>, locale: UiLocale) => localized(EMBED_APP_MESSAGES.invalid, locale);

export const embedAppRoutes = new Hono<AppEnv>()
  /** GET /api/webcasts/{uid}/embed-apps?page&q&limit → `{ data: EmbedApp[], meta: { page, per_page, total } }` (webcasts.view). */
  .get("/webcasts/:id/embed-apps", readGuard("embed_apps"), query(embedAppsQuery), async (c) => {
    const { row } = await pathWebcast(c);
    return c.json(await listEmbedApps(db(c.env.DB), row.id, c.req.valid("query")), 200);
  })
  /** POST /api/webcasts/{uid}/embed-apps `{ title, description?, embed_code }` → 201 `{ data: EmbedApp }`. */
  .post("/webcasts/:id/embed-apps", webcastGuard("webcasts.update"), jsonBody(() => createBody, invalidMessage), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const id = uuidv7();
    const args: CreateEmbedAppArgs = { ...c.req.valid("json"), id, organization_id: webcast.organization_id, webcast_id: webcast.id, now: new Date().toISOString() };
    await applyMutation(c.env, requireUser(c), c.var.locale, createEmbedApp, args);
    return c.json({ data: await embedAppAnswerOf(db(c.env.DB), webcast.id, id) }, 201);
  })
  /** PATCH /api/webcasts/{uid}/embed-apps/{id} (JSON, any of title, description, embed_code) → `{ data: EmbedApp }`. */
  .patch("/webcasts/:id/embed-apps/:appId", webcastGuard("webcasts.update"), jsonBody(() => updateBody, invalidMessage), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const app = await embedAppOf(db(c.env.DB), webcast.id, c.req.param("appId"));
    const body = c.req.valid("json");
    // Nothing sent: nothing to change (no empty change in the log).
    if (Object.values(body).some((value) => value !== undefined)) {
      const args: UpdateEmbedAppArgs = { ...body, id: app.id, now: new Date().toISOString() };
      await applyMutation(c.env, requireUser(c), c.var.locale, updateEmbedApp, args);
    }
    return c.json({ data: await embedAppAnswerOf(db(c.env.DB), webcast.id, app.id) }, 200);
  })
  /** DELETE /api/webcasts/{uid}/embed-apps/{id} → 204. */
  .delete("/webcasts/:id/embed-apps/:appId", webcastGuard("webcasts.update"), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const app = await embedAppOf(db(c.env.DB), webcast.id, c.req.param("appId"));
    await applyMutation(c.env, requireUser(c), c.var.locale, deleteEmbedApp, { id: app.id });
    return c.body(null, 204);
  });
