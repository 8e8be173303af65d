import { mutationCall } from "../../../domain/sync/types.ts";
import { addSegment, removeSegment } from "../../../domain/segments/mutators.ts";
import { Hono } from "hono";
import { z } from "zod";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { required } from "../../../domain/validation/required.ts";
import { refineWith } from "../../../domain/validation/zod-rules.ts";
import { SEGMENT_MESSAGES, findSegmentByName } from "../../../domain/segments/mutators.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody } from "../../http/validators.ts";
import { pathWebcast, webcastGuard } from "../webcasts/guards.ts";
import { applySegmentMutation, segmentAnswer, segmentsOfWebcast } from "./service.ts";
import { localized } from "../../../domain/validation/localized.ts";

/**
 * The webcast's segments (POST and DELETE /api/webcasts/{id}/segments `{ segment }`, SPEC §7),
 * mounted at /api (paths written in full here). `segment` is the segment's name in both calls.
 * Order: session (401), webcast and webcasts.update (404 other tenant or unknown uid, 403 member
 * without it), body (422), then one pushed mutation (domain/segments/mutators.ts), so the
 * change reaches every device like a browser's. No GET: the browser reads the synced table.
 */

/** `{ segment }`: a name. Shapes only; the mutator judges it (required, 100 characters, unique). */
const segmentBody = z.strictObject({ segment: z.string().max(10_000) });
/** DELETE `{ segment }`: a name, required (SPEC §5 text) before it is looked up. */
const removeBody = (locale: UiLocale) => z.strictObject({ segment: z.string().max(10_000).superRefine(refineWith((value) => required(value, locale))) });

export const segmentRoutes = new Hono<AppEnv>()
  /** POST /api/webcasts/{uid}/segments `{ segment }` → 201 `{ data: Segment }`: addSegment with a server-made id. */
  .post("/webcasts/:id/segments", webcastGuard("webcasts.update"), jsonBody(() => segmentBody), async (c) => {
    const { row } = await pathWebcast(c);
    const id = uuidv7();
    const args = { id, organization_id: row.organization_id, webcast_id: row.id, name: c.req.valid("json").segment, now: new Date().toISOString() };
    await applySegmentMutation(c.env, requireUser(c), c.var.locale, mutationCall(addSegment, args));
    return c.json({ data: await segmentAnswer(db(c.env.DB), id) }, 201);
  })
  /**
   * DELETE /api/webcasts/{uid}/segments `{ segment }` → 204: removeSegment of the segment with
   * that name (trimmed, any case); 404 with its own message when the webcast has none.
   */
  .delete("/webcasts/:id/segments", webcastGuard("webcasts.update"), jsonBody(removeBody), async (c) => {
    const { row } = await pathWebcast(c);
    const found = findSegmentByName(await segmentsOfWebcast(db(c.env.DB), row.id), c.req.valid("json").segment);
    if (!found) throw new ApiError("not_found", { message: localized(SEGMENT_MESSAGES.unknown_name, c.var.locale) });
    await applySegmentMutation(c.env, requireUser(c), c.var.locale, mutationCall(removeSegment, { id: found.id }));
    return c.body(null, 204);
  });
