import { type UiLocale, messageLocale } from "../../../domain/i18n/locales.ts";
import type { WebcastSpeakerRow } from "../../../domain/speakers/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { db } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { sendMail } from "../../mail/mailer.ts";
import { renderActionEmail } from "../auth/emails.ts";
import { issueUserToken } from "../auth/user-tokens.ts";
import { type Localized, localized } from "../../../domain/validation/localized.ts";

interface Invitation {
  title: string;
  /** The start, written in the webcast's time zone and the recipient's language. */
  when: string;
  timezone: string;
  inviter: string;
  producer: boolean;
  /** No usable account yet: the link sets a password first. */
  pending: boolean;
}

const TEXTS = {
  en: (i: Invitation) => ({
    subject: `You are a speaker of "${i.title}"`,
    intro:
      `${i.inviter} invited you to speak at the webcast "${i.title}" on ${i.when} (${i.timezone}).` +
      (i.producer ? " You are its producer: you will run the control room, slides, polls and questions." : ""),
    action: i.pending ? "Choose my password" : "Open the webcast",
    validity: i.pending
      ? "Your account is not active yet: choose a password first (this link can be used once and expires in 1 hour), then open the webcast from your home page."
      : "Sign in with your usual e-mail address and password.",
    ignore: "If you do not expect this invitation, you can ignore this e-mail.",
  }),
  fr: (i: Invitation) => ({
    subject: `Vous êtes conférencier de « ${i.title} »`,
    intro:
      `${i.inviter} vous invite à intervenir dans le webcast « ${i.title} » le ${i.when} (${i.timezone}).` +
      (i.producer ? " Vous en êtes le producteur : vous animerez la régie, les diapositives, les sondages et les questions." : ""),
    action: i.pending ? "Choisir mon mot de passe" : "Ouvrir le webcast",
    validity: i.pending
      ? "Votre compte n'est pas encore actif : choisissez d'abord un mot de passe (ce lien ne peut servir qu'une fois et expire dans 1 heure), puis ouvrez le webcast depuis votre page d'accueil."
      : "Connectez-vous avec votre adresse courriel et votre mot de passe habituels.",
    ignore: "Si vous n'attendiez pas cette invitation, ignorez ce courriel.",
  }),
} as const satisfies Localized<(i: Invitation) => Record<string, string>>;

function startIn(webcast: Pick<WebcastRow, "event_start_date_time" | "timezone">, locale: UiLocale): string {
  try {
    return new Intl.DateTimeFormat(locale === "fr" ? "fr-CA" : "en-CA", { dateStyle: "full", timeStyle: "short", timeZone: webcast.timezone }).format(new Date(webcast.event_start_date_time));
  } catch {
    return webcast.event_start_date_time;
  }
}

type Recipient = { id: number; email: string; communication_language: string; status: string; password_hash: string | null };

/**
 * E-mails a speaker their invitation to the webcast, in their language, at their account's current
 * address: a link to the webcast's control room (/webcasts/{uid}/control-room), or — for a person
 * invited to the organization who has not chosen a password yet — a single-use password link
 * first (as the people invitation does). Throws when the provider fails (recorded in the outbox).
 * The caller has authorized `webcasts.update` on the webcast.
 */
export async function sendSpeakerInvitation(env: Env, recipient: Recipient, webcast: WebcastRow, speaker: WebcastSpeakerRow, inviter: string, origin: string): Promise<void> {
  const locale = messageLocale(recipient.communication_language);
  const pending = recipient.status === "pending" && recipient.password_hash === null;
  const link = pending ? `${origin}/password/reset/${await issueUserToken(db(env.DB), recipient.id, "password_reset")}` : `${origin}/webcasts/${webcast.id}/control-room`;
  const texts = localized(TEXTS, locale)({ title: webcast.event_title, when: startIn(webcast, locale), timezone: webcast.timezone, inviter, producer: speaker.is_producer, pending });
  const mail = renderActionEmail(texts, link, locale);
  await sendMail(env, { to: recipient.email, ...mail, locale, template: "speaker_invitation" });
}
