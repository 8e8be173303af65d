import { type UiLocale, messageLocale } from "../../../domain/i18n/locales.ts";
import { db } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { sendMail } from "../../mail/mailer.ts";
import { issueUserToken } from "./user-tokens.ts";
import { type Localized, localized } from "../../../domain/validation/localized.ts";
import { escapeHtml } from "../../../domain/http/html.ts";

/** The recipient as the identity e-mails need it. */
export interface MailRecipient {
  id: number;
  email: string;
  communication_language: string;
}

interface Template {
  subject: string;
  intro: string;
  action: string;
  validity: string;
  ignore: string;
  /** A second, lesser link ("Forgot your password?"), shown after the main one. */
  other?: string;
}

/** Texts per template and language (SPEC §1: server texts in en and fr). */
const TEMPLATES = {
  password_reset: {
    en: {
      subject: "Reset your password",
      intro: "We received a request to reset the password of your account.",
      action: "Choose a new password",
      validity: "This link can be used once and expires in 1 hour.",
      ignore: "If you did not ask for this, you can ignore this e-mail: your password stays the same.",
    },
    fr: {
      subject: "Réinitialisez votre mot de passe",
      intro: "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte.",
      action: "Choisir un nouveau mot de passe",
      validity: "Ce lien ne peut servir qu'une fois et expire dans 1 heure.",
      ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez ce courriel : votre mot de passe reste inchangé.",
    },
  },
  email_verification: {
    en: {
      subject: "Confirm your e-mail address",
      intro: "Welcome! Please confirm your e-mail address to activate your account.",
      action: "Activate my account",
      validity: "This link can be used once and expires in 48 hours.",
      ignore: "If you did not create an account, you can ignore this e-mail.",
    },
    fr: {
      subject: "Confirmez votre adresse courriel",
      intro: "Bienvenue ! Veuillez confirmer votre adresse courriel pour activer votre compte.",
      action: "Activer mon compte",
      validity: "Ce lien ne peut servir qu'une fois et expire dans 48 heures.",
      ignore: "Si vous n'avez pas créé de compte, ignorez ce courriel.",
    },
  },
  /** Sign-up with the address of an active account (issue #14 point 5: no enumeration, the owner is told). */
  account_exists: {
    en: {
      subject: "Someone tried to create an account with your e-mail address",
      intro: "Someone, maybe you, tried to create a new account with this e-mail address. You already have an account, so no new one was created.",
      action: "Log in",
      validity: "For your security, we never send passwords by e-mail.",
      other: "Forgot your password? Reset it",
      ignore: "If it was not you, you can ignore this e-mail: nothing has changed.",
    },
    fr: {
      subject: "Quelqu'un a tenté de créer un compte avec votre adresse courriel",
      intro: "Quelqu'un, peut-être vous, a tenté de créer un nouveau compte avec cette adresse courriel. Vous avez déjà un compte : aucun nouveau compte n'a été créé.",
      action: "Se connecter",
      validity: "Pour votre sécurité, nous n'envoyons jamais de mot de passe par courriel.",
      other: "Mot de passe oublié ? Réinitialisez-le",
      ignore: "Si ce n'était pas vous, ignorez ce courriel : rien n'a changé.",
    },
  },
  /**
   * Sign-up with the address of an account still awaiting activation: the link sets a new password
   * and activates it, so a pending account someone else created with this address (and their
   * password) is taken back by the owner of the mailbox.
   */
  account_exists_pending: {
    en: {
      subject: "Someone tried to create an account with your e-mail address",
      intro:
        "Someone, maybe you, tried to create a new account with this e-mail address. An account awaiting activation already uses it, so no new one was created. If it was you, choose a password to activate that account.",
      action: "Choose a password and activate",
      validity: "This link can be used once and expires in 1 hour.",
      ignore: "If it was not you, you can ignore this e-mail: nothing has changed.",
    },
    fr: {
      subject: "Quelqu'un a tenté de créer un compte avec votre adresse courriel",
      intro:
        "Quelqu'un, peut-être vous, a tenté de créer un nouveau compte avec cette adresse courriel. Un compte en attente d'activation l'utilise déjà : aucun nouveau compte n'a été créé. Si c'était vous, choisissez un mot de passe pour activer ce compte.",
      action: "Choisir un mot de passe et activer",
      validity: "Ce lien ne peut servir qu'une fois et expire dans 1 heure.",
      ignore: "Si ce n'était pas vous, ignorez ce courriel : rien n'a changé.",
    },
  },
} as const satisfies Record<string, Localized<Template>>;


/** Plain text and a simple HTML version of one call-to-action e-mail. */
export function renderActionEmail(template: Template, link: string, locale: UiLocale, otherLink?: string): { subject: string; text: string; html: string } {
  const other = template.other && otherLink ? { label: template.other, link: otherLink } : undefined;
  const text = [template.intro, "", `${template.action}: ${link}`, ...(other ? ["", `${other.label}: ${other.link}`] : []), "", template.validity, template.ignore].join("\n");
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
<p>${escapeHtml(template.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1f5eff;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(template.action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(link)}</p>
${other ? `<p>${escapeHtml(other.label)}: <a href="${escapeHtml(other.link)}">${escapeHtml(other.link)}</a></p>\n` : ""}<p style="font-size:13px;color:#555">${escapeHtml(template.validity)}<br>${escapeHtml(template.ignore)}</p>
</body></html>`;
  return { subject: template.subject, text, html };
}

/**
 * Creates a single-use password reset token (1 h; earlier unused ones invalidated) and e-mails
 * `${origin}/password/reset/${token}` in the user's language. The caller authorizes: the public
 * "forgot password" route, or an admin holding users.send_emails.
 */
export async function sendPasswordResetEmail(env: Env, user: MailRecipient, origin: string): Promise<void> {
  const token = await issueUserToken(db(env.DB), user.id, "password_reset");
  const locale = messageLocale(user.communication_language);
  const mail = renderActionEmail(localized(TEMPLATES.password_reset, locale), `${origin}/password/reset/${token}`, locale);
  await sendMail(env, { to: user.email, ...mail, locale, template: "password_reset" });
}

/**
 * Creates a single-use e-mail verification token (48 h; earlier unused ones invalidated) and
 * e-mails the activation link `${origin}/users/activation/${token}` in the user's language. The
 * caller authorizes: sign-up, its "resend", or an admin holding users.send_emails.
 */
export async function sendVerificationEmail(env: Env, user: MailRecipient, origin: string): Promise<void> {
  const token = await issueUserToken(db(env.DB), user.id, "email_verification");
  const locale = messageLocale(user.communication_language);
  const mail = renderActionEmail(localized(TEMPLATES.email_verification, locale), `${origin}/users/activation/${token}`, locale);
  await sendMail(env, { to: user.email, ...mail, locale, template: "email_verification" });
}

/**
 * Tells the owner of `user`'s address that someone tried to sign up with it (sign-up answers as if
 * the address were new). An active account gets the login and "forgot password" links; a pending
 * one a single-use password link (1 h) that activates it. The caller authorizes: the public
 * sign-up route, rate-limited per address and per e-mail.
 */
export async function sendAccountExistsEmail(env: Env, user: MailRecipient & { status: string }, origin: string): Promise<void> {
  const locale = messageLocale(user.communication_language);
  if (user.status === "pending") {
    const token = await issueUserToken(db(env.DB), user.id, "password_reset");
    const mail = renderActionEmail(localized(TEMPLATES.account_exists_pending, locale), `${origin}/password/reset/${token}`, locale);
    await sendMail(env, { to: user.email, ...mail, locale, template: "account_exists" });
    return;
  }
  const mail = renderActionEmail(localized(TEMPLATES.account_exists, locale), `${origin}/login`, locale, `${origin}/password/request`);
  await sendMail(env, { to: user.email, ...mail, locale, template: "account_exists" });
}
