import { messageLocale } from "../../../domain/i18n/locales.ts";
import type { PersonKind } from "../../../domain/organizations/people.ts";
import { db } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { sendMail } from "../../mail/mailer.ts";
import { renderActionEmail } from "../auth/emails.ts";
import { issueUserToken } from "../auth/user-tokens.ts";
import { type LocalizedText, localized } from "../../../domain/validation/localized.ts";

const ROLE_NAMES: Record<PersonKind, LocalizedText> = {
  speaker: { en: "speaker", fr: "conférencier" },
  organizer: { en: "organizer", fr: "organisateur" },
  admin: { en: "administrator", fr: "administrateur" },
  owner: { en: "owner", fr: "propriétaire" },
};

interface Invitation {
  organization: string;
  kind: PersonKind;
  /** Who added them (shown in the e-mail). */
  inviter: string;
}

const TEXTS = {
  invitation: {
    en: (i: Invitation) => ({
      subject: `You are invited to join ${i.organization}`,
      intro: `${i.inviter} invited you to join ${i.organization} as ${ROLE_NAMES[i.kind].en}. Choose a password to activate your account.`,
      action: "Choose my password",
      validity: `This link can be used once and expires in 1 hour. If it has expired, ask ${i.inviter} to send it again.`,
      ignore: "If you do not know this organization, you can ignore this e-mail.",
    }),
    fr: (i: Invitation) => ({
      subject: `Invitation à rejoindre ${i.organization}`,
      intro: `${i.inviter} vous invite à rejoindre ${i.organization} en tant que ${ROLE_NAMES[i.kind].fr}. Choisissez un mot de passe pour activer votre compte.`,
      action: "Choisir mon mot de passe",
      validity: `Ce lien ne peut servir qu'une fois et expire dans 1 heure. S'il a expiré, demandez à ${i.inviter} de vous le renvoyer.`,
      ignore: "Si vous ne connaissez pas cette organisation, ignorez ce courriel.",
    }),
  },
  added: {
    en: (i: Invitation) => ({
      subject: `You have been added to ${i.organization}`,
      intro: `${i.inviter} added you to ${i.organization} as ${ROLE_NAMES[i.kind].en}.`,
      action: "Sign in",
      validity: "Sign in with your usual e-mail address and password.",
      ignore: "If you do not know this organization, you can ignore this e-mail.",
    }),
    fr: (i: Invitation) => ({
      subject: `Vous avez été ajouté à ${i.organization}`,
      intro: `${i.inviter} vous a ajouté à ${i.organization} en tant que ${ROLE_NAMES[i.kind].fr}.`,
      action: "Se connecter",
      validity: "Connectez-vous avec votre adresse courriel et votre mot de passe habituels.",
      ignore: "Si vous ne connaissez pas cette organisation, ignorez ce courriel.",
    }),
  },
} as const;

type Recipient = { id: number; email: string; communication_language: string };

/**
 * A person without a usable account (just created, or still pending) gets an invitation whose link
 * is a single-use password-reset token: choosing the password proves the address and activates
 * the account (`/password/reset/{token}`, worker/features/auth/password-routes.ts). The public
 * "forgot password" form ignores pending accounts, so an expired invitation is re-sent by an admin
 * (send-password-reset). The caller has authorized `<kind>s.manage` or users.send_emails.
 */
export async function sendInvitationEmail(env: Env, user: Recipient, invitation: Invitation, origin: string): Promise<void> {
  const token = await issueUserToken(db(env.DB), user.id, "password_reset");
  const locale = messageLocale(user.communication_language);
  const mail = renderActionEmail(localized(TEXTS.invitation, locale)(invitation), `${origin}/password/reset/${token}`, locale);
  await sendMail(env, { to: user.email, ...mail, locale, template: "invitation" });
}

/** An active user added to one more organization (or given a higher role) is told so. */
export async function sendAddedEmail(env: Env, user: Recipient, invitation: Invitation, origin: string): Promise<void> {
  const locale = messageLocale(user.communication_language);
  const mail = renderActionEmail(localized(TEXTS.added, locale)(invitation), `${origin}/login`, locale);
  await sendMail(env, { to: user.email, ...mail, locale, template: "organization_added" });
}
