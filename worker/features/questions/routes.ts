import { type Context, Hono } from "hono";
import { attachmentHeaders, exportFile } from "../../../domain/exports/spreadsheet.ts";
import { QUESTION_SHEET_NAME, questionExportRows } from "../../../domain/questions/export.ts";
import { listQuestions } from "../../../domain/questions/filter.ts";
import { QUESTION_ERROR_MESSAGES } from "../../../domain/questions/messages.ts";
import { QUESTIONS_PERMISSION, QUESTION_ROUTE_ACTIONS, type QuestionRoute } from "../../../domain/questions/moderation.ts";
import { askQuestionSchema, disableSmsSchema, questionListQuery, questionPatchSchema } from "../../../domain/questions/record.ts";
import { type QuestionView, questionAudienceOf, visibleQuestion } from "../../../domain/questions/visibility.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody, query } from "../../http/validators.ts";
import { exportQuery } from "../polls/service.ts";
import { roomRpc } from "../webcast-room/control-routes.ts";
import { flushInteractions, guardedStaff, runAs, staffGuard, staffOfWebcast } from "../webcast-room/interaction-calls.ts";
import { questionWebcast, webcastQuestions } from "./service.ts";

/**
 * The webcast's Q&A (SPEC §7 "GET questions (page, status, q, limit); POST questions; GET
 * questions/download?type=; POST questions/disable-sms; PATCH /api/questions/{id} and its six
 * actions"; docs/webcasts-api.md "Questions"), mounted at /api. The live room
 * (durable/webcast-room) is the authority: every write is one room command run as the caller's
 * staff actor (the same rules as a socket's frame, and everyone in the room hears it), every read
 * flushes the room to D1 first and reads D1 (the questions outlive the room). Order: session (401),
 * the webcast (404 unknown or another tenant's) and the caller's place in it (403), then the body
 * or query (422), then the room's verdict.
 */

/** Staff of the path's webcast (moderators and speakers), or only those holding questions.manage. */
const webcastStaff = (permission?: typeof QUESTIONS_PERMISSION) =>
  staffGuard((c) => staffOfWebcast(c, c.req.param("id") ?? "", permission, QUESTION_ERROR_MESSAGES.question_forbidden));

/** For /api/questions/{id}: the question's webcast, where the caller must hold questions.manage. */
const questionModerator = staffGuard(async (c) => {
  requireUser(c);
  const uid = await questionWebcast(db(c.env.DB), c.req.param("id") ?? "");
  if (uid === undefined) throw new ApiError("not_found");
  return staffOfWebcast(c, uid, QUESTIONS_PERMISSION, QUESTION_ERROR_MESSAGES.question_forbidden);
});

/** The route names of the six moderation actions, as a path pattern. */
const ACTION_ROUTES = Object.keys(QUESTION_ROUTE_ACTIONS) as QuestionRoute[];

/** `{ data: <the command's result> }` of a write made through the room. */
async function moderate(c: Context<AppEnv>, command: Parameters<typeof runAs>[3]) {
  const { webcast, actor } = await guardedStaff(c);
  const answer = await runAs(c, webcast.row.id, actor, command);
  return c.json({ data: answer.result as QuestionView }, 200);
}

export const questionRoutes = new Hono<AppEnv>()
  /**
   * GET …/questions?page&status&q&limit&sort → `{ data: QuestionView[], meta: { page, per_page, total } }`:
   * moderators (questions.manage) get every question with the moderation details, a speaker the
   * questions pushed to the speakers.
   */
  .get("/webcasts/:id/questions", webcastStaff(), query(questionListQuery), async (c) => {
    const { webcast, actor } = await guardedStaff(c);
    await flushInteractions(c, webcast.row.id);
    const audience = questionAudienceOf(actor);
    const views = (await webcastQuestions(db(c.env.DB), webcast.row.id)).flatMap((question) => visibleQuestion(question, audience) ?? []);
    return c.json(listQuestions(views, c.req.valid("query")), 200);
  })
  /** POST …/questions `{ text, anonymous? }` → 201 `{ data: QuestionView | null }` (as its asker sees it): the room's `question.ask`. */
  .post("/webcasts/:id/questions", webcastStaff(), jsonBody(() => askQuestionSchema), async (c) => {
    const { webcast, actor } = await guardedStaff(c);
    const answer = await runAs(c, webcast.row.id, actor, { type: "question.ask", ...c.req.valid("json") });
    // null for a speaker who does not produce: the speakers' view holds pushed questions only.
    return c.json({ data: (answer.result ?? null) as QuestionView | null }, 201);
  })
  /** GET …/questions/download?type=xlsx|csv|csv_semicolon&lang= → the file: every question, newest first, dates in the webcast's time zone. */
  .get("/webcasts/:id/questions/download", webcastStaff(QUESTIONS_PERMISSION), query(exportQuery), async (c) => {
    const { webcast } = await guardedStaff(c);
    const { type, lang = c.var.locale } = c.req.valid("query");
    await flushInteractions(c, webcast.row.id);
    const questions = await webcastQuestions(db(c.env.DB), webcast.row.id);
    const file = exportFile(questionExportRows(questions, lang, webcast.row.timezone), type, localized(QUESTION_SHEET_NAME, lang));
    return c.body(file.body, 200, attachmentHeaders(`questions-${webcast.row.id}`, file));
  })
  /** POST …/questions/disable-sms `{ disabled? }` (default true) → `{ data: { sms_disabled } }`: SMS questions refused (or accepted again). */
  .post("/webcasts/:id/questions/disable-sms", webcastStaff(QUESTIONS_PERMISSION), jsonBody(() => disableSmsSchema), async (c) => {
    const { webcast } = await guardedStaff(c);
    const uid = webcast.row.id;
    return c.json({ data: await roomRpc(c.env, uid).setSmsDisabled(uid, c.req.valid("json").disabled) }, 200);
  })
  /** PATCH /api/questions/{id} `{ answer?, answered?, hidden?, pushed_to_speakers? }` → `{ data: QuestionView }`: the whole patch or nothing (`question.patch`). */
  .patch("/questions/:id", questionModerator, jsonBody(() => questionPatchSchema), (c) =>
    moderate(c, { type: "question.patch", question_id: c.req.param("id"), patch: c.req.valid("json") }),
  )
  /** PATCH /api/questions/{id}/{send-to-zendesk|mark-as-hidden|mark-as-answered|mark-as-unanswered|push-to-speakers|hide-from-speakers} → `{ data: QuestionView }` (`question.moderate`). */
  .patch(`/questions/:id/:action{${ACTION_ROUTES.join("|")}}`, questionModerator, (c) =>
    moderate(c, { type: "question.moderate", question_id: c.req.param("id"), action: { type: QUESTION_ROUTE_ACTIONS[c.req.param("action") as QuestionRoute] } }),
  );
