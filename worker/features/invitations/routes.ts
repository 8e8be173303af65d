import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { appOrigin } from "../../mail/mailer.ts";
import { INVITATION_MESSAGES, invitationTemplateErrors } from "../../../domain/viewers/invitations.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { db } from "../../db/client.ts";
import { invitationTemplates, viewers } from "../../db/schema/index.ts";
import type { AppEnv } from "../../env.ts";
import { ApiError } from "../../http/api-error.ts";
import { jsonBody } from "../../http/validators.ts";
import { findWebcast } from "../webcasts/service.ts";
import { pathWebcast, webcastGuard } from "../webcasts/guards.ts";
import { PLACEHOLDER_NAMES, bulkInvitationsBody, customizeBody, invitationCounts, queueDeliveries, webcastTemplates } from "./service.ts";
import { verifyInvitationToken } from "./token.ts";
import { wakeViewerJobs } from "./wake.ts";

/**
 * Invitation templates and sending (docs/viewers-api.md "Invitations"; SPEC §3, §7), mounted at
 * /api. The webcast's routes need `viewers.manage`; GET /api/invitations/{token} needs no session
 * (the signed link is the credential; a GET passes the CSRF check, and `authenticate` leaves
 * `auth` null for a visitor).
 */
const guard = webcastGuard("viewers.manage");

export const invitationRoutes = new Hono<AppEnv>()
  /** GET …/invitations → templates (5 languages, defaults filled), placeholders, recipients and deliveries counts. */
  .get("/webcasts/:id/invitations", guard, async (c) => {
    const { row } = await pathWebcast(c);
    const database = db(c.env.DB);
    const [templates, counts] = await Promise.all([webcastTemplates(database, row.id), invitationCounts(database, row.id)]);
    return c.json({ data: { templates, placeholders: PLACEHOLDER_NAMES, ...counts } }, 200);
  })
  /** POST …/invitations/customize `{ locale, title?, sender_name?, subject, message }` → `{ data: Template }`. */
  .post("/webcasts/:id/invitations/customize", guard, jsonBody(customizeBody), async (c) => {
    const { row } = await pathWebcast(c);
    const body = c.req.valid("json");
    const locale = c.var.locale;
    const fields = { subject: body.subject.trim(), message: body.message.trim(), title: body.title?.trim() ?? "", sender_name: body.sender_name?.trim() ?? "" };
    const errors = invitationTemplateErrors(fields, locale);
    if (Object.keys(errors).length > 0) throw new ApiError("validation_failed", { message: localized(INVITATION_MESSAGES.invalid, locale), errors });
    const values = { title: fields.title === "" ? null : fields.title, sender_name: fields.sender_name === "" ? null : fields.sender_name, subject: fields.subject, message: fields.message, updated_at: new Date().toISOString() };
    const database = db(c.env.DB);
    await database
      .insert(invitationTemplates)
      .values({ webcast_id: row.id, locale: body.locale, organization_id: row.organization_id, ...values })
      .onConflictDoUpdate({ target: [invitationTemplates.webcast_id, invitationTemplates.locale], set: values });
    const template = (await webcastTemplates(database, row.id)).find((candidate) => candidate.locale === body.locale);
    return c.json({ data: template }, 200);
  })
  /** POST …/bulk-invitations `{ recipient_status, kind? }` → 202 `{ data: { queued } }`; the webcast's ViewerJobs sends them. */
  .post("/webcasts/:id/bulk-invitations", guard, jsonBody(bulkInvitationsBody), async (c) => {
    const { row } = await pathWebcast(c);
    const body = c.req.valid("json");
    const queued = await queueDeliveries(c.env, row, body.recipient_status, body.kind ?? "invitation", appOrigin(c.env, c.req.url));
    if (queued > 0) await wakeViewerJobs(c.env, row.id);
    return c.json({ data: { queued } }, 202);
  })
  /**
   * GET /api/invitations/{token} (no session) → `{ data: { webcast: { id, title, start, timezone },
   * viewer: { name } } }`; 404 "link expired or invalid" for a bad signature, a viewer gone or moved.
   */
  .get("/invitations/:token", async (c) => {
    const payload = await verifyInvitationToken(c.env, c.req.param("token"));
    const gone = () => new ApiError("not_found", { message: localized(INVITATION_MESSAGES.link_invalid, c.var.locale) });
    if (!payload) throw gone();
    const database = db(c.env.DB);
    const [viewer] = await database
      .select({ name: viewers.name })
      .from(viewers)
      .where(and(eq(viewers.id, payload.v), eq(viewers.webcast_id, payload.w)));
    const found = viewer ? await findWebcast(database, payload.w) : undefined;
    if (!viewer || !found) throw gone();
    c.header("Cache-Control", "no-store");
    return c.json({ data: { webcast: { id: found.row.id, title: found.row.event_title, start: found.row.event_start_date_time, timezone: found.row.timezone }, viewer: { name: viewer.name } } }, 200);
  });
