import type { UiLocale } from "../i18n/locales.ts";
import type { LimitKey } from "./limits.ts";
import { type Localized, type LocalizedText, localized } from "../validation/localized.ts";

/** Server texts of organizations and their people lists (SPEC §1: en and fr only). */
export const ORGANIZATION_MESSAGES = {
  name_required: { en: "The organization name is required.", fr: "Le nom de l'organisation est obligatoire." },
  deactivated: {
    en: "This organization is deactivated: new services cannot be created. Reactivation goes through sales.",
    fr: "Cette organisation est désactivée : il n'est plus possible de créer de nouveaux services. La réactivation passe par l'équipe commerciale.",
  },
  activation_through_sales: {
    en: "Reactivation goes through sales: only a super administrator can reactivate an organization.",
    fr: "La réactivation passe par l'équipe commerciale : seul un super administrateur peut réactiver une organisation.",
  },
  billing_fields_administered: {
    en: "Only the back office can change the billing settings of an organization.",
    fr: "Seule l'administration (back-office) peut modifier les paramètres de facturation d'une organisation.",
  },
  self_serve_confirm: {
    en: "Changing the billing type resets the billing settings, rates, limits and features to the defaults of the new billing type. Confirm to proceed.",
    fr: "Changer le type de facturation réinitialise les paramètres de facturation, les tarifs, les limites et les fonctionnalités aux valeurs par défaut du nouveau type. Confirmez pour continuer.",
  },
  equal_or_higher_role: {
    en: "This user already holds an equal or higher role in this organization.",
    fr: "Cet utilisateur détient déjà un rôle égal ou supérieur dans cette organisation.",
  },
  last_owner: {
    en: "An organization must keep at least one owner.",
    fr: "Une organisation doit conserver au moins un propriétaire.",
  },
  change_role_forbidden: {
    en: "You are not authorized to change this user's role.",
    fr: "Vous n'êtes pas autorisé à modifier le rôle de cet utilisateur.",
  },
  already_verified: {
    en: "This user's e-mail address is already verified.",
    fr: "L'adresse courriel de cet utilisateur est déjà vérifiée.",
  },
  verification_sent: { en: "The verification e-mail has been sent.", fr: "Le courriel de vérification a été envoyé." },
  password_reset_sent: { en: "The password reset e-mail has been sent.", fr: "Le courriel de réinitialisation du mot de passe a été envoyé." },
} as const satisfies Record<string, LocalizedText>;
export type OrganizationMessage = keyof typeof ORGANIZATION_MESSAGES;

export function organizationMessage(key: OrganizationMessage, locale: UiLocale): string {
  return localized(ORGANIZATION_MESSAGES[key], locale);
}

/** "limit reached" per limit (SPEC §5 "Speaker and viewer limits give limit-reached messages", §8). */
const LIMIT_REACHED: Record<LimitKey, Localized<(limit: number) => string>> = {
  max_organizers: {
    en: (n) => `Organizer limit reached: this organization may have at most ${n} organizers (owners, admins and organizers).`,
    fr: (n) => `Limite d'organisateurs atteinte : cette organisation peut compter au plus ${n} organisateurs (propriétaires, administrateurs et organisateurs).`,
  },
  max_speakers: {
    en: (n) => `Speaker limit reached: this organization may have at most ${n} speakers.`,
    fr: (n) => `Limite de conférenciers atteinte : cette organisation peut compter au plus ${n} conférenciers.`,
  },
  max_viewers: {
    en: (n) => `Viewer limit reached: at most ${n} viewers are allowed.`,
    fr: (n) => `Limite de participants atteinte : au plus ${n} participants sont permis.`,
  },
  max_webcasts: {
    en: (n) => `Webcast limit reached: at most ${n} webcasts per month are allowed.`,
    fr: (n) => `Limite de webcasts atteinte : au plus ${n} webcasts par mois sont permis.`,
  },
  max_simultaneous_webcasts: {
    en: (n) => `Simultaneous webcast limit reached: at most ${n} webcasts may run at the same time.`,
    fr: (n) => `Limite de webcasts simultanés atteinte : au plus ${n} webcasts peuvent avoir lieu en même temps.`,
  },
  max_duration: {
    en: (n) => `Maximum duration reached: a webcast may last at most ${n} minutes.`,
    fr: (n) => `Durée maximale atteinte : un webcast peut durer au plus ${n} minutes.`,
  },
  max_media: {
    en: (n) => `Media limit reached: at most ${n} media per webcast are allowed.`,
    fr: (n) => `Limite de médias atteinte : au plus ${n} médias par webcast sont permis.`,
  },
  max_people_per_table: {
    en: (n) => `Table limit reached: at most ${n} people per table are allowed.`,
    fr: (n) => `Limite de la table atteinte : au plus ${n} personnes par table sont permises.`,
  },
  inactivity_timeout: {
    en: (n) => `The webcast was stopped after ${n} seconds of inactivity.`,
    fr: (n) => `Le webcast a été arrêté après ${n} secondes d'inactivité.`,
  },
};

export function limitReachedMessage(key: LimitKey, limit: number, locale: UiLocale): string {
  return localized(LIMIT_REACHED[key], locale)(limit);
}
