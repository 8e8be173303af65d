import { Hono } from "hono";
import { exportStream } from "../../../domain/exports/spreadsheet.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { PARTICIPANT_SHEET_NAME, participantExportBasename, participantExportHeader, participantExportRow } from "../../../domain/viewers/export.ts";
import { createViewer, deleteViewers, updateViewer } from "../../../domain/viewers/mutators.ts";
import { VIEWER_MESSAGES, cleanViewerFields, viewerFieldErrors } from "../../../domain/viewers/rules.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { attachmentHeaders } from "../../../domain/exports/spreadsheet.ts";
import { requireUser } from "../../auth/middleware.ts";
import { db } from "../../db/client.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody, query } from "../../http/validators.ts";
import { appOrigin } from "../../mail/mailer.ts";
import { sendOneDelivery } from "../invitations/sender.ts";
import { wakeViewerJobs } from "../invitations/wake.ts";
import { applyMutation } from "../sync/apply-mutation.ts";
import { pathWebcast, webcastGuard } from "../webcasts/guards.ts";
import {
  createViewerBody,
  deleteViewersBody,
  exportPages,
  findViewer,
  listViewers,
  participantExportQuery,
  sendInvitationBody,
  setViewerPassword,
  updateViewerBody,
  viewerListQuery,
  viewerPages,
} from "./service.ts";

/**
 * The webcast's viewers (docs/viewers-api.md "Viewers"; SPEC §7), mounted at /api. Who:
 * `viewers.manage` (organizers, admins, owners). Order: session (401), webcast and permission
 * (404/403), query or body (422), then the change. Writes go through the viewers' mutators with
 * `applyMutation` (serialized per organization, logged, poked to devices); passwords are hashed
 * into viewer_secrets apart, after the mutation applied (never synced, never answered).
 */
const guard = webcastGuard("viewers.manage");

/** 422 for a password the rules refuse, with the other fields' errors (the mutator would give them next). */
function passwordRefusal(body: { password?: string | null | undefined }, others: Record<string, string[]>, locale: AppEnv["Variables"]["locale"]): void {
  if (body.password == null) return;
  const errors = viewerFieldErrors({ password: cleanViewerFields({ password: body.password }).password }, locale);
  if (!errors.password) return;
  throw new ApiError("validation_failed", { message: localized(VIEWER_MESSAGES.invalid, locale), errors: { ...others, ...errors } });
}

export const viewerRoutes = new Hono<AppEnv>()
  /** GET …/viewers?page&per_page&q&invitation&registration → `{ data: Viewer[], meta: { page, per_page, total } }`. */
  .get("/webcasts/:id/viewers", guard, query(viewerListQuery), async (c) => {
    const { row } = await pathWebcast(c);
    return c.json(await listViewers(db(c.env.DB), row.id, c.req.valid("query")), 200);
  })
  /** POST …/viewers → 201 `{ data: Viewer }` (createViewer; a password hashed apart). */
  .post("/webcasts/:id/viewers", guard, jsonBody(createViewerBody), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const { password, ...fields } = c.req.valid("json");
    const locale = c.var.locale;
    passwordRefusal({ password }, viewerFieldErrors(cleanViewerFields(fields), locale), locale);
    const id = uuidv7();
    await applyMutation(c.env, requireUser(c), locale, createViewer, { ...fields, id, webcast_id: webcast.id, now: new Date().toISOString() });
    if (password != null && password !== "") await setViewerPassword(c.env, id, password);
    return c.json({ data: await findViewer(db(c.env.DB), webcast.id, id, locale) }, 201);
  })
  /** PATCH …/viewers/{viewerId} → `{ data: Viewer }` (updateViewer; `password: null` removes it). */
  .patch("/webcasts/:id/viewers/:viewerId", guard, jsonBody(updateViewerBody), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const database = db(c.env.DB);
    const locale = c.var.locale;
    const viewer = await findViewer(database, webcast.id, c.req.param("viewerId"), locale);
    const { password, ...fields } = c.req.valid("json");
    passwordRefusal({ password }, {}, locale);
    if (Object.keys(fields).length > 0) await applyMutation(c.env, requireUser(c), locale, updateViewer, { ...fields, id: viewer.id, now: new Date().toISOString() });
    if (password !== undefined) await setViewerPassword(c.env, viewer.id, password === "" ? null : password);
    return c.json({ data: await findViewer(database, webcast.id, viewer.id, locale) }, 200);
  })
  /** DELETE …/viewers `{ viewer_ids }` (1 to 1,000) → `{ data: { deleted } }` (deleteViewers). */
  .delete("/webcasts/:id/viewers", guard, jsonBody(deleteViewersBody), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const ids = [...new Set(c.req.valid("json").viewer_ids)];
    const [{ total } = { total: 0 }] = await c.env.DB.prepare("SELECT COUNT(*) AS total FROM viewers WHERE webcast_id = ?1 AND id IN (SELECT value FROM json_each(?2))")
      .bind(webcast.id, JSON.stringify(ids))
      .all<{ total: number }>()
      .then((result) => result.results);
    await applyMutation(c.env, requireUser(c), c.var.locale, deleteViewers, { webcast_id: webcast.id, ids });
    return c.json({ data: { deleted: total } }, 200);
  })
  /**
   * POST …/viewers/{viewerId}/send-invitation `{ kind? }` → `{ data: Viewer }`: e-mails the viewer
   * now. A failed e-mail answers 502 "could not be sent"; the delivery stays `failed` and the
   * webcast's ViewerJobs retries it by the backoff.
   */
  .post("/webcasts/:id/viewers/:viewerId/send-invitation", guard, jsonBody(sendInvitationBody), async (c) => {
    const found = await pathWebcast(c);
    const database = db(c.env.DB);
    const locale = c.var.locale;
    const viewer = await findViewer(database, found.row.id, c.req.param("viewerId"), locale);
    const result = await sendOneDelivery(c.env, found, viewer, c.req.valid("json").kind ?? "invitation", appOrigin(c.env, c.req.url), requireUser(c));
    if (!result.ok) {
      console.error(`[${c.var.requestId}] viewer invitation e-mail failed`, result.error);
      await wakeViewerJobs(c.env, found.row.id);
      // 502: the mail provider failed (SPEC §8 "invitation e-mail failed"); the catalogue has no code of its own for it.
      return c.json({ message: localized(VIEWER_MESSAGES.invitation_failed, locale), code: "server_error" as const, requestId: c.var.requestId }, 502);
    }
    return c.json({ data: await findViewer(database, found.row.id, viewer.id, locale) }, 200);
  })
  /**
   * GET …/participants/export?type=xlsx|csv|csv_semicolon&lang&q&invitation&registration → the
   * file `<webcast title> participants.<ext>`, streamed: the viewers are read 1,000 at a time and
   * each page is written out before the next is read (domain/exports/spreadsheet.ts `exportStream`).
   */
  .get("/webcasts/:id/participants/export", guard, query(participantExportQuery), async (c) => {
    const { row: webcast } = await pathWebcast(c);
    const { type, lang = c.var.locale, ...filters } = c.req.valid("query");
    const pages = exportPages(participantExportHeader(lang), viewerPages(db(c.env.DB), webcast.id, filters), participantExportRow(lang, webcast.timezone));
    const file = exportStream(pages, type, localized(PARTICIPANT_SHEET_NAME, lang));
    const requestId = c.var.requestId;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await file.chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          console.error(`[${requestId}] participants export failed`, error);
          controller.error(error);
        }
      },
      async cancel() {
        await file.chunks.return(undefined);
      },
    });
    return c.body(body, 200, attachmentHeaders(participantExportBasename(webcast.event_title), file));
  });
