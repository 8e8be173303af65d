import { Hono } from "hono";
import { can } from "../../../domain/permissions/can.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { createStreamingOutputArgs, updateStreamingOutputArgs } from "../../../domain/streaming-outputs/mutators.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { jsonBody } from "../../http/validators.ts";
import { pathWebcast, readGuard, webcastGuard } from "../webcasts/guards.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { outputAnswer, outputGuard, outputsOfWebcast, pathOutput, streamingOutputResource } from "./service.ts";
import { createStreamingOutput, deleteStreamingOutput, updateStreamingOutput } from "../../../domain/streaming-outputs/mutators.ts";

/**
 * The webcast's streaming outputs (SPEC §7: GET and POST /api/webcasts/{id}/streaming-outputs,
 * PATCH and DELETE /api/streaming-outputs/{id}), mounted at /api (paths written in full here).
 * Order: session (401), webcast or output and permission (404 other tenant or unknown id, 403
 * member without it), body (422), then one pushed mutation (domain/webcasts/
 * domain/streaming-outputs/mutators.ts: allow_rtmp_output 403, on air 423, fields 422), so the change
 * reaches every device like a browser's.
 */

/** POST body: what createStreamingOutput takes but the ids and the time, which the server makes. Shapes only. */
const createBody = createStreamingOutputArgs.omit({ id: true, organization_id: true, webcast_id: true, now: true }).extend({
  activated: createStreamingOutputArgs.shape.activated.removeDefault().optional(),
});
/** PATCH body: any of the fields; those sent change. */
const updateBody = updateStreamingOutputArgs.omit({ id: true, now: true });

export const streamingOutputRoutes = new Hono<AppEnv>()
  /** GET /api/webcasts/{uid}/streaming-outputs → `{ data: StreamingOutput[] }`, oldest first; credentials only for webcasts.update. */
  .get("/webcasts/:id/streaming-outputs", readGuard("streaming_outputs"), async (c) => {
    const { row } = await pathWebcast(c);
    const withCredentials = can(requireUser(c), "webcasts.update", row.organization_id);
    const outputs = await outputsOfWebcast(db(c.env.DB), row.id);
    return c.json({ data: outputs.map((output) => streamingOutputResource(output, withCredentials)) }, 200);
  })
  /** POST /api/webcasts/{uid}/streaming-outputs (JSON) → 201 `{ data: StreamingOutput }`: createStreamingOutput with a server-made id. */
  .post("/webcasts/:id/streaming-outputs", webcastGuard("webcasts.update"), jsonBody(() => createBody), async (c) => {
    const { row } = await pathWebcast(c);
    const id = uuidv7();
    const args = { ...c.req.valid("json"), id, organization_id: row.organization_id, webcast_id: row.id, now: new Date().toISOString() };
    await applyMutation(c.env, requireUser(c), c.var.locale, createStreamingOutput, args);
    return c.json({ data: await outputAnswer(db(c.env.DB), id) }, 201);
  })
  /** PATCH /api/streaming-outputs/{id} (JSON) → `{ data: StreamingOutput }`: updateStreamingOutput with the fields sent (`activated` toggles it). */
  .patch("/streaming-outputs/:id", outputGuard("webcasts.update"), jsonBody(() => updateBody), async (c) => {
    const { id } = await pathOutput(c);
    const fields = c.req.valid("json");
    await applyMutation(c.env, requireUser(c), c.var.locale, updateStreamingOutput, { ...fields, id, now: new Date().toISOString() });
    return c.json({ data: await outputAnswer(db(c.env.DB), id) }, 200);
  })
  /** DELETE /api/streaming-outputs/{id} → 204: deleteStreamingOutput (423 once the webcast has started streaming). */
  .delete("/streaming-outputs/:id", outputGuard("webcasts.update"), async (c) => {
    const { id } = await pathOutput(c);
    await applyMutation(c.env, requireUser(c), c.var.locale, deleteStreamingOutput, { id });
    return c.body(null, 204);
  });
