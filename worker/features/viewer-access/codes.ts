import { and, eq, gt, isNull } from "drizzle-orm";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { MAGIC_LINK_TTL_MINUTES, PIN_LENGTH } from "../../../domain/viewer-page/api.ts";
import { SIGN_IN_MAIL } from "../../../domain/viewer-page/messages.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { hashToken, randomToken } from "../../auth/tokens.ts";
import { db } from "../../db/client.ts";
import { viewerSignInCodes } from "../../db/schema/index.ts";
import type { Env } from "../../env.ts";
import { sendMail } from "../../mail/mailer.ts";
import { escapeHtml } from "../../../domain/http/html.ts";

/**
 * Magic links and PINs (docs/viewer-page.md "Magic link and PIN"): one row per e-mail sent, holding
 * the SHA-256 of the link's 256-bit token and of `<viewer id>:<PIN>` (a PIN alone is a million
 * values: salted by the viewer it is only tried against that viewer's codes). One use: the first
 * sign-in with the link or the PIN marks the row used; MAGIC_LINK_TTL_MINUTES.
 */

const MINUTE = 60_000;

/** A uniformly random PIN of PIN_LENGTH digits (rejection sampling: no modulo bias). */
export function randomPin(): string {
  const bound = 10 ** PIN_LENGTH;
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    const value = word[0] ?? limit;
    if (value < limit) return String(value % bound).padStart(PIN_LENGTH, "0");
  }
}

export const pinHash = (viewerId: string, pin: string) => hashToken(`${viewerId}:${pin}`);

/** Creates a code for the viewer and e-mails the link `<origin>/w/{id}?magic=<token>` and the PIN, in `locale`. */
export async function sendSignInCode(env: Env, webcast: Pick<WebcastRow, "id" | "organization_id" | "event_title">, viewer: Pick<ViewerRow, "id" | "name" | "email">, origin: string, locale: UiLocale, now = Date.now()): Promise<void> {
  const token = randomToken();
  const pin = randomPin();
  await db(env.DB)
    .insert(viewerSignInCodes)
    .values({
      id: uuidv7(),
      organization_id: webcast.organization_id,
      webcast_id: webcast.id,
      viewer_id: viewer.id,
      token_hash: await hashToken(token),
      pin_hash: await pinHash(viewer.id, pin),
      expires_at: now + MAGIC_LINK_TTL_MINUTES * MINUTE,
      created_at: now,
    });
  const link = `${origin}/w/${webcast.id}?magic=${token}`;
  const fill = (text: string) =>
    text.replaceAll("{title}", webcast.event_title).replaceAll("{name}", viewer.name).replaceAll("{pin}", pin).replaceAll("{minutes}", String(MAGIC_LINK_TTL_MINUTES));
  const intro = fill(localized(SIGN_IN_MAIL.intro, locale));
  const pinLine = fill(localized(SIGN_IN_MAIL.pin, locale));
  const expiry = fill(localized(SIGN_IN_MAIL.expiry, locale));
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
<p>${escapeHtml(intro).replaceAll("\n", "<br>")}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(pinLine)}</p>
<p>${escapeHtml(expiry)}</p>
</body></html>`;
  await sendMail(env, {
    to: viewer.email,
    subject: fill(localized(SIGN_IN_MAIL.subject, locale)),
    text: `${intro}\n\n${link}\n\n${pinLine}\n\n${expiry}`,
    html,
    locale,
    template: "viewer_sign_in",
  });
}


/** The viewer id of an unused, unexpired code of the webcast whose link token is `token`; null otherwise. */
export async function codeByToken(env: Env, webcastId: string, token: string, now = Date.now()): Promise<{ id: string; viewer_id: string } | null> {
  const [row] = await db(env.DB)
    .select({ id: viewerSignInCodes.id, viewer_id: viewerSignInCodes.viewer_id })
    .from(viewerSignInCodes)
    .where(and(eq(viewerSignInCodes.token_hash, await hashToken(token)), eq(viewerSignInCodes.webcast_id, webcastId), isNull(viewerSignInCodes.used_at), gt(viewerSignInCodes.expires_at, now)));
  return row ?? null;
}

/** An unused, unexpired code of the viewer with this PIN; null otherwise. */
export async function codeByPin(env: Env, webcastId: string, viewerId: string, pin: string, now = Date.now()): Promise<{ id: string } | null> {
  const [row] = await db(env.DB)
    .select({ id: viewerSignInCodes.id })
    .from(viewerSignInCodes)
    .where(
      and(
        eq(viewerSignInCodes.webcast_id, webcastId),
        eq(viewerSignInCodes.viewer_id, viewerId),
        eq(viewerSignInCodes.pin_hash, await pinHash(viewerId, pin)),
        isNull(viewerSignInCodes.used_at),
        gt(viewerSignInCodes.expires_at, now),
      ),
    );
  return row ?? null;
}

/** Marks the code used, once: false when another sign-in used it first (or it expired meanwhile). */
export async function consumeCode(env: Env, codeId: string, now = Date.now()): Promise<boolean> {
  const used = await db(env.DB)
    .update(viewerSignInCodes)
    .set({ used_at: now })
    .where(and(eq(viewerSignInCodes.id, codeId), isNull(viewerSignInCodes.used_at), gt(viewerSignInCodes.expires_at, now)))
    .returning({ id: viewerSignInCodes.id });
  return used.length === 1;
}
