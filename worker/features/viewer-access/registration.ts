import { chosenOptionIds, cleanAnswers, registrationAnswerErrors, tagsFromAnswers } from "../../../domain/registration/answers.ts";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import type { RegisterBody } from "../../../domain/viewer-page/api.ts";
import { VIEWER_ACCESS_MESSAGES } from "../../../domain/viewer-page/messages.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import { cleanViewerFields, viewerFieldErrors } from "../../../domain/viewers/rules.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { db } from "../../db/client.ts";
import { viewerRegistrations } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import type { WatchContext } from "./public-webcast.ts";
import { addViewer, markRegistered, viewerByEmail } from "./service.ts";

/**
 * POST /api/watch/{id}/register (docs/viewer-page.md "Register"): the newcomer's name, e-mail and
 * answers judged by the viewers' rules and the form's (`registrationAnswerErrors`, with what each
 * option's limit has left), then the viewer created (`createViewer`: the viewer limit applies) or,
 * for an e-mail already on the list, marked registered with the answers' tags (no duplicate). The
 * answers are stored in `viewer_registrations`. `beforeWrite` (the route's throttle and webcast
 * password) runs once the body is judged valid, before anything is written. Answers the viewer to mail the link to, or null
 * when nothing is to be sent (an e-mail not on a private webcast's list: the answer must not say so).
 */
export async function register(env: Env, context: WatchContext, body: RegisterBody, locale: UiLocale, beforeWrite: () => Promise<void>): Promise<ViewerRow | null> {
  const webcast = context.row;
  const fields = cleanViewerFields({ name: body.name, email: body.email });
  const listed = fields.email === "" ? undefined : await viewerByEmail(env, webcast.id, fields.email);
  const form = webcast.registration_fields;
  const errors = {
    ...viewerFieldErrors({ name: fields.name, email: fields.email }, locale),
    ...registrationAnswerErrors(form, body.answers, { locale, taken: await takenOptions(env, webcast.id, listed?.id) }),
  };
  if (Object.keys(errors).length > 0) throw new ApiError("validation_failed", { message: localized(VIEWER_ACCESS_MESSAGES.registration_invalid, locale), errors });

  await beforeWrite();
  if (!listed && webcast.privacy === "private") return null;
  const tags = tagsFromAnswers(form, body.answers);
  let viewer: ViewerRow;
  if (listed) {
    await markRegistered(env, webcast, listed, locale, tags);
    viewer = listed;
  } else {
    viewer = await addViewer(env, webcast, { name: fields.name, email: fields.email, tags }, locale);
  }
  const now = new Date().toISOString();
  const answers = cleanAnswers(form, body.answers);
  const optionIds = chosenOptionIds(form, body.answers);
  await db(env.DB)
    .insert(viewerRegistrations)
    .values({ viewer_id: viewer.id, organization_id: webcast.organization_id, webcast_id: webcast.id, answers, option_ids: optionIds, created_at: now, updated_at: now })
    .onConflictDoUpdate({ target: viewerRegistrations.viewer_id, set: { answers, option_ids: optionIds, updated_at: now } });
  return viewer;
}

/**
 * How many viewers chose each option of the webcast's form (json_each over the stored option ids),
 * the registering viewer's own earlier choices excepted (registering again keeps their place).
 * Checked before the write, so two last-place registrations at the same instant may both get in
 * (docs/viewer-page.md).
 */
export async function takenOptions(env: Env, webcastId: string, exceptViewerId?: string): Promise<Map<string, number>> {
  const { results } = await env.DB.prepare(
    `SELECT j.value AS option_id, COUNT(*) AS taken
       FROM viewer_registrations r, json_each(r.option_ids) j
      WHERE r.webcast_id = ?1 AND r.viewer_id IS NOT ?2
      GROUP BY j.value`,
  )
    .bind(webcastId, exceptViewerId ?? null)
    .all<{ option_id: string; taken: number }>();
  return new Map(results.map((row) => [row.option_id, row.taken]));
}
