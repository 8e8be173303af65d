import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import {
  INVITATION_LOCALES,
  INVITATION_PLACEHOLDERS,
  type InvitationKind,
  type InvitationTemplateText,
  defaultInvitation,
  invitationDate,
  renderInvitation,
} from "../../../domain/viewers/invitations.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import type { Db } from "../../db/client.ts";
import { invitationDeliveries, invitationTemplates, viewers } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { type OutgoingMail, sendMail } from "../../mail/mailer.ts";
import { invitationLink } from "./token.ts";
import { escapeHtml } from "../../../domain/http/html.ts";

/**
 * The invitations' logic (docs/viewers-api.md "Invitations"): templates (stored or default),
 * recipients and deliveries counts, the queueing of a bulk send and the e-mail of one delivery.
 * Callers authorize `viewers.manage` on the webcast (the sender runs for the webcast's ViewerJobs).
 */

export const RECIPIENT_STATUSES = ["all", "registered", "not_registered", "not_invited"] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** A template as answered: the stored texts, else the default ones (`customized` false). */
export interface TemplateResource extends InvitationTemplateText {
  locale: UiLocale;
  customized: boolean;
}

export const customizeBody = () =>
  z.strictObject({
    locale: z.enum(INVITATION_LOCALES),
    title: z.string().max(2_000).nullable().optional(),
    sender_name: z.string().max(2_000).nullable().optional(),
    subject: z.string().max(2_000),
    message: z.string().max(20_000),
  });

export const bulkInvitationsBody = () => z.strictObject({ recipient_status: z.enum(RECIPIENT_STATUSES), kind: z.enum(["invitation", "reminder"]).optional() });

/** The webcast's templates in the five languages, stored ones first filled in. */
export async function webcastTemplates(database: Db, webcastId: string): Promise<TemplateResource[]> {
  const stored = await database.select().from(invitationTemplates).where(eq(invitationTemplates.webcast_id, webcastId));
  return INVITATION_LOCALES.map((locale) => {
    const row = stored.find((candidate) => candidate.locale === locale);
    if (!row) return { locale, ...defaultInvitation(locale), customized: false };
    return { locale, title: row.title ?? defaultInvitation(locale).title, sender_name: row.sender_name ?? "", subject: row.subject, message: row.message, customized: true };
  });
}

/** The texts one delivery of `kind` is written from, in `locale` (docs: a reminder keeps the default texts, with the customized sender name). */
export async function templateFor(database: Db, webcastId: string, locale: UiLocale, kind: InvitationKind): Promise<InvitationTemplateText> {
  const [row] = await database
    .select()
    .from(invitationTemplates)
    .where(and(eq(invitationTemplates.webcast_id, webcastId), eq(invitationTemplates.locale, locale)));
  const fallback = defaultInvitation(locale, kind);
  if (!row) return fallback;
  if (kind === "reminder") return { ...fallback, sender_name: row.sender_name ?? "" };
  return { title: row.title ?? fallback.title, sender_name: row.sender_name ?? "", subject: row.subject, message: row.message };
}

/** The language of a webcast's viewers' e-mails: the webcast's (SPEC §3 language), viewers having none of their own. */
export function viewerLocale(webcast: Pick<WebcastRow, "language">): UiLocale {
  return webcast.language;
}

/** How many viewers each recipient choice names, and the deliveries by state. */
export async function invitationCounts(database: Db, webcastId: string) {
  const [recipients] = await database
    .select({
      all: count(),
      registered: sql<number>`COALESCE(SUM(${viewers.registered}), 0)`,
      not_invited: sql<number>`COALESCE(SUM(1 - ${viewers.invitation_sent}), 0)`,
    })
    .from(viewers)
    .where(eq(viewers.webcast_id, webcastId));
  const byStatus = await database
    .select({ status: invitationDeliveries.status, total: count() })
    .from(invitationDeliveries)
    .where(eq(invitationDeliveries.webcast_id, webcastId))
    .groupBy(invitationDeliveries.status);
  const all = recipients?.all ?? 0;
  const registered = Number(recipients?.registered ?? 0);
  const deliveries = { queued: 0, sent: 0, failed: 0 };
  for (const row of byStatus) deliveries[row.status] = row.total;
  return { recipients: { all, registered, not_registered: all - registered, not_invited: Number(recipients?.not_invited ?? 0) }, deliveries };
}

/**
 * Queues one delivery per chosen viewer of the webcast in one INSERT … SELECT (no row-by-row
 * work, whatever the list's size); ids are UUIDv7-shaped from the time and the row number. A
 * viewer who already has a delivery of this kind waiting (queued) is not queued twice.
 */
export async function queueDeliveries(env: Env, webcast: Pick<WebcastRow, "id" | "organization_id">, status: RecipientStatus, kind: InvitationKind, origin: string): Promise<number> {
  const now = new Date().toISOString();
  // A UUIDv7 prefix of this call (time + random), then the row number: unique and time-ordered.
  const prefix = uuidv7().slice(0, 24);
  const result = await env.DB.prepare(
    `INSERT INTO invitation_deliveries (id, organization_id, webcast_id, viewer_id, kind, status, attempts, origin, created_at)
     SELECT ?1 || printf('%012x', ROW_NUMBER() OVER (ORDER BY v.id)), v.organization_id, v.webcast_id, v.id, ?2, 'queued', 0, ?5, ?3
     FROM viewers v
     WHERE v.webcast_id = ?4 ${recipientSql(status)}
       AND NOT EXISTS (SELECT 1 FROM invitation_deliveries d WHERE d.viewer_id = v.id AND d.kind = ?2 AND d.status = 'queued')`,
  )
    .bind(prefix, kind, now, webcast.id, origin)
    .run();
  return result.meta.changes ?? 0;
}

function recipientSql(status: RecipientStatus): string {
  return { all: "", registered: "AND v.registered = 1", not_registered: "AND v.registered = 0", not_invited: "AND v.invitation_sent = 0" }[status];
}

/** What one delivery's e-mail needs. */
export interface DeliveryTarget {
  viewer: { id: string; name: string; email: string };
  kind: InvitationKind;
}

/** A webcast as the e-mails need it. */
export type MailWebcast = Pick<WebcastRow, "id" | "event_title" | "event_start_date_time" | "timezone" | "language"> & { organization_name: string };

/** Renders a delivery's e-mail (text and HTML) from the template, with the viewer's personal link. */
export async function invitationMail(env: Env, template: InvitationTemplateText, webcast: MailWebcast, target: DeliveryTarget, origin: string): Promise<OutgoingMail> {
  const locale = viewerLocale(webcast);
  const link = await invitationLink(env, origin, target.viewer.id, webcast.id);
  const mail = renderInvitation(template, {
    name: target.viewer.name,
    email: target.viewer.email,
    webcast_title: webcast.event_title,
    webcast_date: invitationDate(webcast.event_start_date_time, webcast.timezone, locale),
    webcast_link: link,
    organization_name: webcast.organization_name,
    sender_name: "",
  });
  return {
    to: target.viewer.email,
    subject: mail.subject,
    text: mail.title.trim() === "" ? mail.message : `${mail.title}\n\n${mail.message}`,
    html: invitationHtml(mail, link, locale),
    locale,
    template: target.kind === "invitation" ? "viewer_invitation" : "viewer_reminder",
  };
}


/** The message as HTML: its text escaped, paragraphs kept, the personal link made a link (no other markup from the template). */
function invitationHtml(mail: InvitationTemplateText, link: string, locale: UiLocale): string {
  const paragraphs = mail.message
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll("\n", "<br>").replaceAll(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`)
    .join("\n");
  return `<!doctype html>
<html lang="${locale}"><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
${mail.title.trim() === "" ? "" : `<h1 style="font-size:20px">${escapeHtml(mail.title)}</h1>\n`}${paragraphs}
</body></html>`;
}

/** Sends one rendered delivery through the mailer (recorded in the outbox; throws when the provider fails). */
export function deliver(env: Env, mail: OutgoingMail): Promise<void> {
  return sendMail(env, mail);
}

/** The names a template may use, for GET invitations. */
export const PLACEHOLDER_NAMES = INVITATION_PLACEHOLDERS.map((name) => `{{${name}}}`);
