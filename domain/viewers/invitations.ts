import { UI_LOCALES, type UiLocale } from "../i18n/locales.ts";
import { max } from "../validation/form-rules.ts";
import { type Localized, type LocalizedText, localized } from "../validation/localized.ts";
import { required } from "../validation/required.ts";

/**
 * The viewers' invitation e-mails (SPEC §3 "Invitation templates: title, sender name, subject,
 * message, recipients"; docs/viewers-api.md "Invitations"): the product's default text per
 * language, the placeholders a customized text may use, and their rendering for one viewer. Pure:
 * the worker renders what it sends, the invitations tab could preview the same text offline.
 *
 * A placeholder is `{{name}}` (spaces inside the braces allowed: `{{ name }}`). Rendering is one
 * pass: a value holding `{{…}}` (a viewer named "{{email}}") is written as is, never expanded.
 */

export const INVITATION_PLACEHOLDERS = ["name", "email", "webcast_title", "webcast_date", "webcast_link", "organization_name", "sender_name"] as const;
export type InvitationPlaceholder = (typeof INVITATION_PLACEHOLDERS)[number];
export type InvitationValues = Readonly<Record<InvitationPlaceholder, string>>;

export const INVITATION_KINDS = ["invitation", "reminder"] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];

/** The languages a webcast has a template in (the interface's five). */
export const INVITATION_LOCALES = UI_LOCALES;

/** The texts of one language's e-mail. `sender_name` "" means the organization's name. */
export interface InvitationTemplateText {
  title: string;
  sender_name: string;
  subject: string;
  message: string;
}

export const INVITATION_BOUNDS = { title: 255, sender_name: 255, subject: 255, message: 10_000 } as const;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

export const INVITATION_MESSAGES = {
  invalid: { en: "Some fields of the invitation are invalid.", fr: "Certains champs de l'invitation sont invalides." },
  unknown_placeholder: {
    en: "Unknown placeholder: {placeholders}. Use {allowed}.",
    fr: "Variable inconnue : {placeholders}. Utilisez {allowed}.",
  },
  link_invalid: {
    en: "This invitation link has expired or is invalid. Ask the organizer to send you a new invitation.",
    fr: "Ce lien d'invitation a expiré ou n'est pas valide. Demandez à l'organisateur de vous envoyer une nouvelle invitation.",
  },
} as const satisfies Record<string, LocalizedText>;

/** The placeholders of `text` that are not in `INVITATION_PLACEHOLDERS`, each once, in order ("{{foo}}" → "foo"). */
export function unknownPlaceholders(text: string): string[] {
  const unknown: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? "";
    if (!(INVITATION_PLACEHOLDERS as readonly string[]).includes(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** `text` with each known placeholder replaced by its value (one pass); unknown ones are left as written. */
export function fillPlaceholders(text: string, values: InvitationValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => ((INVITATION_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as InvitationPlaceholder] : whole));
}

/**
 * One viewer's e-mail from a template: every text with its placeholders filled. The sender name
 * is the template's, else the organization's; `{{sender_name}}` in the texts is that same name.
 */
export function renderInvitation(template: InvitationTemplateText, values: InvitationValues): InvitationTemplateText {
  const sender = template.sender_name.trim() === "" ? values.organization_name : fillPlaceholders(template.sender_name, values);
  const filled = { ...values, sender_name: sender };
  return {
    title: fillPlaceholders(template.title, filled),
    sender_name: sender,
    subject: fillPlaceholders(template.subject, filled),
    message: fillPlaceholders(template.message, filled),
  };
}

/** Field errors of a customized template, in `locale` (`{}` when valid): required, lengths, unknown placeholders. */
export function invitationTemplateErrors(fields: Partial<InvitationTemplateText>, locale: UiLocale): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const allowed = INVITATION_PLACEHOLDERS.map((name) => `{{${name}}}`).join(", ");
  for (const field of ["title", "sender_name", "subject", "message"] as const) {
    const value = fields[field];
    if (value === undefined) continue;
    const messages: string[] = [];
    const missing = field === "subject" || field === "message" ? required(value, locale) : null;
    if (missing) messages.push(missing);
    const long = max(value, locale, { length: INVITATION_BOUNDS[field] });
    if (long) messages.push(long);
    const unknown = unknownPlaceholders(value);
    if (unknown.length > 0) {
      messages.push(
        localized(INVITATION_MESSAGES.unknown_placeholder, locale)
          .replace("{placeholders}", unknown.map((name) => `{{${name}}}`).join(", "))
          .replace("{allowed}", allowed),
      );
    }
    if (messages.length > 0) errors[field] = messages;
  }
  return errors;
}

/** The date line of `{{webcast_date}}`: the start in the webcast's time zone, written in `locale`, with the zone. */
export function invitationDate(startIso: string, timeZone: string, locale: UiLocale): string {
  const tag = locale === "fr" ? "fr-CA" : locale === "en" ? "en-CA" : locale;
  try {
    const text = new Intl.DateTimeFormat(tag, { dateStyle: "full", timeStyle: "short", timeZone }).format(new Date(startIso));
    return `${text} (${timeZone})`;
  } catch {
    return startIso;
  }
}

type Defaults = Record<InvitationKind, Omit<InvitationTemplateText, "sender_name">>;

/**
 * The product's texts, per language and kind (an invitation; a reminder of it). A customized
 * template (POST invitations/customize, one per language) replaces the invitation's texts; a
 * reminder keeps the default reminder's texts with the customized sender name (the schema holds
 * one template per language, written as an invitation).
 */
export const DEFAULT_INVITATIONS: Localized<Defaults> & Record<UiLocale, Defaults> = {
  en: {
    invitation: {
      title: "You're invited",
      subject: "Invitation: {{webcast_title}}",
      message:
        "Hello {{name}},\n\n{{sender_name}} is pleased to invite you to the webcast \"{{webcast_title}}\", on {{webcast_date}}.\n\nYour personal link to join:\n{{webcast_link}}\n\nThis link is yours alone: please do not share it.\n\nSee you soon,\n{{sender_name}}",
    },
    reminder: {
      title: "Reminder",
      subject: "Reminder: {{webcast_title}}",
      message:
        "Hello {{name}},\n\nA friendly reminder: the webcast \"{{webcast_title}}\" takes place on {{webcast_date}}.\n\nYour personal link to join:\n{{webcast_link}}\n\nSee you soon,\n{{sender_name}}",
    },
  },
  fr: {
    invitation: {
      title: "Vous êtes invité",
      subject: "Invitation : {{webcast_title}}",
      message:
        "Bonjour {{name}},\n\n{{sender_name}} a le plaisir de vous inviter au webcast « {{webcast_title}} », le {{webcast_date}}.\n\nVotre lien personnel pour y assister :\n{{webcast_link}}\n\nCe lien vous est réservé : merci de ne pas le partager.\n\nÀ bientôt,\n{{sender_name}}",
    },
    reminder: {
      title: "Rappel",
      subject: "Rappel : {{webcast_title}}",
      message:
        "Bonjour {{name}},\n\nPetit rappel : le webcast « {{webcast_title}} » a lieu le {{webcast_date}}.\n\nVotre lien personnel pour y assister :\n{{webcast_link}}\n\nÀ bientôt,\n{{sender_name}}",
    },
  },
  pt: {
    invitation: {
      title: "Você está convidado",
      subject: "Convite: {{webcast_title}}",
      message:
        "Olá {{name}},\n\n{{sender_name}} tem o prazer de convidá-lo para o webcast \"{{webcast_title}}\", em {{webcast_date}}.\n\nSeu link pessoal para participar:\n{{webcast_link}}\n\nEste link é só seu: por favor, não o compartilhe.\n\nAté breve,\n{{sender_name}}",
    },
    reminder: {
      title: "Lembrete",
      subject: "Lembrete: {{webcast_title}}",
      message:
        "Olá {{name}},\n\nUm lembrete amigável: o webcast \"{{webcast_title}}\" acontece em {{webcast_date}}.\n\nSeu link pessoal para participar:\n{{webcast_link}}\n\nAté breve,\n{{sender_name}}",
    },
  },
  es: {
    invitation: {
      title: "Está invitado",
      subject: "Invitación: {{webcast_title}}",
      message:
        "Hola {{name}}:\n\n{{sender_name}} tiene el placer de invitarle al webcast «{{webcast_title}}», el {{webcast_date}}.\n\nSu enlace personal para asistir:\n{{webcast_link}}\n\nEste enlace es solo para usted: por favor, no lo comparta.\n\nHasta pronto,\n{{sender_name}}",
    },
    reminder: {
      title: "Recordatorio",
      subject: "Recordatorio: {{webcast_title}}",
      message:
        "Hola {{name}}:\n\nLe recordamos que el webcast «{{webcast_title}}» tendrá lugar el {{webcast_date}}.\n\nSu enlace personal para asistir:\n{{webcast_link}}\n\nHasta pronto,\n{{sender_name}}",
    },
  },
  de: {
    invitation: {
      title: "Sie sind eingeladen",
      subject: "Einladung: {{webcast_title}}",
      message:
        "Hallo {{name}},\n\n{{sender_name}} lädt Sie herzlich zum Webcast „{{webcast_title}}“ am {{webcast_date}} ein.\n\nIhr persönlicher Link zur Teilnahme:\n{{webcast_link}}\n\nDieser Link gilt nur für Sie: Bitte geben Sie ihn nicht weiter.\n\nBis bald,\n{{sender_name}}",
    },
    reminder: {
      title: "Erinnerung",
      subject: "Erinnerung: {{webcast_title}}",
      message:
        "Hallo {{name}},\n\neine kurze Erinnerung: Der Webcast „{{webcast_title}}“ findet am {{webcast_date}} statt.\n\nIhr persönlicher Link zur Teilnahme:\n{{webcast_link}}\n\nBis bald,\n{{sender_name}}",
    },
  },
};

/** The default template of `locale` and `kind`, sender name empty (= the organization's name). */
export function defaultInvitation(locale: UiLocale, kind: InvitationKind = "invitation"): InvitationTemplateText {
  return { ...localized(DEFAULT_INVITATIONS, locale)[kind], sender_name: "" };
}
