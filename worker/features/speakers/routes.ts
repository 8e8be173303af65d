import { Hono } from "hono";
import { SPEAKER_MESSAGES } from "../../../domain/speakers/mutators.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody } from "../../http/validators.ts";
import { appOrigin } from "../../mail/mailer.ts";
import { pathWebcast, webcastGuard } from "../webcasts/guards.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { sendSpeakerInvitation } from "./emails.ts";
import { bodyFieldErrors, findSpeaker, listSpeakers, speakerListArgs, speakerResource, speakerUser, speakersBody } from "./service.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { markSpeakerInvited, setWebcastSpeakers } from "../../../domain/speakers/mutators.ts";

/**
 * The webcast's speakers (PATCH /api/webcasts/{id}/speakers, POST …/speakers/{speakerId}/invite):
 * SPEC §7, mounted at /api (paths written in full here). Writes go through the sync mutators with
 * `pushMutations`, like worker/features/webcasts. Who: `webcasts.update` (organizers, admins,
 * owners); a producer speaker may not change the list. Order: session (401), webcast and
 * permission (404/403), body (422), then the change (docs/webcasts-api.md "Speakers").
 */
export const speakerRoutes = new Hono<AppEnv>()
  /**
   * PATCH …/speakers `{ webcast_speakers: [{ user_id | id, is_producer?, shown_in_lobby? }] }` →
   * `{ data: Speaker[] }`: sets the whole list (adds, updates, removes, order) in one
   * `setWebcastSpeakers`; added people must be members who may speak (checked here, in D1).
   */
  .patch("/webcasts/:id/speakers", webcastGuard("webcasts.update"), jsonBody(speakersBody), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const database = db(c.env.DB);
    const args = await speakerListArgs(database, webcast, c.req.valid("json"), c.var.locale);
    try {
      await applyMutation(c.env, requireUser(c), c.var.locale, setWebcastSpeakers, args);
    } catch (error) {
      throw bodyFieldErrors(error);
    }
    return c.json({ data: (await listSpeakers(database, webcast.id)).map(speakerResource) }, 200);
  })
  /**
   * POST …/speakers/{speakerId}/invite → `{ data: Speaker }`: e-mails the speaker (named by the
   * speaker's id or their user id) their invitation, then records `invited_at` (server-only
   * `markSpeakerInvited`). A failed e-mail changes nothing: 500 "could not be sent".
   */
  .post("/webcasts/:id/speakers/:speakerId/invite", webcastGuard("webcasts.update"), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const database = db(c.env.DB);
    const speaker = await findSpeaker(database, webcast.id, c.req.param("speakerId"), c.var.locale);
    const user = requireUser(c);
    try {
      await sendSpeakerInvitation(c.env, await speakerUser(database, speaker.user_id), webcast, speaker, user.name, appOrigin(c.env, c.req.url));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      console.error(`[${c.var.requestId}] speaker invitation e-mail failed`, error);
      throw new ApiError("server_error", { message: localized(SPEAKER_MESSAGES.invitation_failed, c.var.locale) });
    }
    await applyMutation(c.env, user, c.var.locale, markSpeakerInvited, { id: speaker.id, now: new Date().toISOString() });
    return c.json({ data: speakerResource(await findSpeaker(database, webcast.id, speaker.id, c.var.locale)) }, 200);
  });
