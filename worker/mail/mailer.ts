import { eq } from "drizzle-orm";
import type { UiLocale } from "../../domain/i18n/locales.ts";
import { db } from "../db/client.ts";
import { mailOutbox } from "../db/schema/index.ts";
import type { Env } from "../env.ts";

/** A rendered message. Features render their own (in the recipient's language) and hand it here. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  locale: UiLocale;
  /** Which template produced it ("password_reset", …), for the outbox and tests. */
  template: string;
}

/**
 * Sends an e-mail through the configured transport and records it in `mail_outbox`:
 * - "local" (default; `npm start`, tests): stored only, readable in the local mailbox screen;
 * - "http" (production): POSTed as JSON to MAIL_HTTP_URL with a bearer MAIL_HTTP_TOKEN, the shape
 *   most transactional providers accept ({ from, to, subject, text, html }).
 * A provider failure is recorded and thrown, so the caller can tell the user.
 */
export async function sendMail(env: Env, mail: OutgoingMail): Promise<void> {
  const transport = env.MAIL_TRANSPORT === "http" ? "http" : "local";
  const [row] = await db(env.DB)
    .insert(mailOutbox)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, locale: mail.locale, template: mail.template, transport })
    .returning({ id: mailOutbox.id });
  if (transport === "local" || !row) return;

  try {
    if (!env.MAIL_HTTP_URL || !env.MAIL_HTTP_TOKEN) throw new Error("MAIL_HTTP_URL and MAIL_HTTP_TOKEN must be set for the http transport");
    const response = await fetch(env.MAIL_HTTP_URL, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.MAIL_HTTP_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ from: env.MAIL_FROM ?? "iGo <no-reply@igo.events>", to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }),
    });
    if (!response.ok) throw new Error(`mail provider answered ${response.status}`);
    await db(env.DB).update(mailOutbox).set({ status: "sent" }).where(eq(mailOutbox.id, row.id));
  } catch (error) {
    await db(env.DB).update(mailOutbox).set({ status: "failed", error: String(error) }).where(eq(mailOutbox.id, row.id));
    throw error;
  }
}

/** The public origin used in links inside e-mails (APP_URL, else the request's origin). */
export function appOrigin(env: Env, requestUrl: string): string {
  return env.APP_URL ?? new URL(requestUrl).origin;
}
