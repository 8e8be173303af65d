import { mutationCall } from "../../../domain/sync/types.ts";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { validate } from "../../../domain/validation/parse.ts";
import { METHOD_OVERRIDE_REQUIRED, createWebcastBody, formSpeakers, isPatchOverride, updateFields, updateWebcastForm } from "../../../domain/webcasts/rest.ts";
import { authorize, requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { formBody, jsonBody } from "../../http/validators.ts";
import { webcastBrandingRoutes } from "../branding/routes.ts";
import { deleteWebcastFiles } from "./files.ts";
import { type Step, applyTogether, formSpeakerArgs } from "./form-speakers.ts";
import { pathWebcast, readGuard, webcastGuard } from "./guards.ts";
import { featuredFor, webcastAnswer, webcastJsonOf } from "./service.ts";
import { applyCall, applyMutation } from "../sync/apply-mutation.ts";
import { webcastSettingsRoutes } from "./settings-routes.ts";
import { createWebcast, deleteWebcast, updateWebcast } from "../../../domain/webcasts/mutators.ts";
import { setWebcastSpeakers } from "../../../domain/speakers/mutators.ts";

/**
 * /api/webcasts REST routes (SPEC §7 "Webcasts", docs/webcasts-api.md). Writes go through the sync
 * mutators (service.ts), so a REST change reaches every Dexie client like a browser's push.
 * Order in a route: session (401), then the webcast or organization and its permission (404 for
 * another tenant or an unknown uid, 403 for a member without the permission), then the body (422).
 * No `.use()` here: this sub-app shares /api/webcasts with the room route (webcast-room).
 */

/**
 * webcasts.create in the body's organization, before the body is validated (an outsider learns
 * nothing from a 422). A missing or malformed organization_id is left to the validator.
 */
const createGuard = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c);
  const body: unknown = await c.req.json().catch(() => undefined);
  const organizationId = typeof body === "object" && body !== null && "organization_id" in body ? body.organization_id : undefined;
  if (typeof organizationId === "number" && Number.isSafeInteger(organizationId) && organizationId > 0) authorize(c, "webcasts.create", organizationId);
  await next();
});

/** The PATCH override as form data (SPEC §7): 400 without `_method=PATCH`, 422 for invalid fields. */
const patchForm = formBody((value, c: Context<AppEnv>) => {
  if (!isPatchOverride(value._method)) throw new ApiError("bad_request", { message: METHOD_OVERRIDE_REQUIRED[c.var.locale] });
  const result = validate(updateWebcastForm, value, c.var.locale);
  if (!result.ok) throw new ApiError("validation_failed", { errors: result.errors });
  return result.data;
});

export const webcastRoutes = new Hono<AppEnv>()
  /** GET /api/webcasts/featured → `{ data: { next, last } }` (registered before `/:id`, which it would otherwise match). */
  .get("/featured", async (c) => {
    return c.json({ data: await featuredFor(db(c.env.DB), requireUser(c), Date.now()) }, 200);
  })
  /**
   * POST /api/webcasts (JSON) → 201 `{ data }`: createWebcast with a server-made uid and time;
   * with `speakers`, setWebcastSpeakers too, as one change (form-speakers.ts): a refused list
   * creates nothing.
   */
  .post("/", createGuard, jsonBody(() => createWebcastBody), async (c) => {
    const uid = uuidv7();
    const user = requireUser(c);
    const { speakers, ...fields } = c.req.valid("json");
    const create: Step = mutationCall(createWebcast, { ...fields, id: uid, now: new Date().toISOString() });
    if (speakers === undefined) await applyCall(c.env, user, c.var.locale, create);
    else {
      const webcast = { id: uid, organization_id: fields.organization_id };
      const setSpeakers: Step = mutationCall(setWebcastSpeakers, await formSpeakerArgs(db(c.env.DB), webcast, speakers, c.var.locale));
      // Undo: only when the list is refused after the webcast landed (a concurrent change); the creator holds webcasts.delete.
      await applyTogether(c.env, user, c.var.locale, webcast.organization_id, [create, setSpeakers], () => applyMutation(c.env, user, c.var.locale, deleteWebcast, { id: uid }));
    }
    return c.json({ data: await webcastAnswer(db(c.env.DB), uid) }, 201);
  })
  .get("/:id", readGuard("webcasts"), async (c) => {
    return c.json({ data: webcastJsonOf(await pathWebcast(c)) }, 200);
  })
  /** DELETE /api/webcasts/{uid} → 204: deleteWebcast (a webcast on air is refused with 423), then its files in R2 (branding images, resource files). */
  .delete("/:id", webcastGuard("webcasts.delete"), async (c) => {
    const uid = (await pathWebcast(c)).row.id;
    await applyMutation(c.env, requireUser(c), c.var.locale, deleteWebcast, { id: uid });
    await deleteWebcastFiles(c.env.MEDIA, uid, c.env.DB);
    return c.body(null, 204);
  })
  /**
   * POST /api/webcasts/{uid} with `_method=PATCH` (form data) → `{ data }`: updateWebcast with the
   * fields sent; with `speakers[<i>][…]`, the list replaced as PATCH …/speakers does, in the same
   * change (form-speakers.ts: both or neither). Without speaker keys the speakers are untouched.
   */
  .post("/:id", webcastGuard("webcasts.update"), patchForm, async (c) => {
    const { row } = await pathWebcast(c);
    const user = requireUser(c);
    const form = c.req.valid("form");
    const fields = updateFields(form);
    const update: Step = mutationCall(updateWebcast, { ...fields, id: row.id, now: new Date().toISOString() });
    const speakers = formSpeakers(form);
    if (speakers === undefined) await applyCall(c.env, user, c.var.locale, update);
    else {
      const setSpeakers: Step = mutationCall(setWebcastSpeakers, await formSpeakerArgs(db(c.env.DB), row, speakers, c.var.locale));
      await applyTogether(c.env, user, c.var.locale, row.organization_id, Object.keys(fields).length > 0 ? [update, setSpeakers] : [setSpeakers]);
    }
    return c.json({ data: await webcastAnswer(db(c.env.DB), row.id) }, 200);
  })
  // The settings calls (issue #5) under /api/webcasts/{uid}/…, chained so AppType carries them.
  .route("/", webcastSettingsRoutes)
  .route("/", webcastBrandingRoutes);
