
import { type LocalizedText } from "../validation/localized.ts";

type Text = LocalizedText;

/** Refusals and field errors of the webcast mutators (SPEC §1: server texts in en and fr only). */
export const WEBCAST_MESSAGES = {
  create_forbidden: { en: "You are not allowed to create webcasts in this organization.", fr: "Vous n'êtes pas autorisé à créer des webcasts dans cette organisation." },
  update_forbidden: { en: "You are not allowed to edit this webcast.", fr: "Vous n'êtes pas autorisé à modifier ce webcast." },
  delete_forbidden: { en: "You are not allowed to delete this webcast.", fr: "Vous n'êtes pas autorisé à supprimer ce webcast." },
  organization_not_found: { en: "This organization does not exist.", fr: "Cette organisation n'existe pas." },
  webcasts_disabled: { en: "Webcasts are not enabled for this organization.", fr: "Les webcasts ne sont pas activés pour cette organisation." },
  premiere_disabled: { en: "Premiere webcasts are not enabled for this organization.", fr: "Les webcasts en première ne sont pas activés pour cette organisation." },
  already_exists: { en: "A webcast with this identifier already exists.", fr: "Un webcast avec cet identifiant existe déjà." },
  not_found: { en: "This webcast no longer exists: it was deleted.", fr: "Ce webcast n'existe plus : il a été supprimé." },
  on_air_locked: {
    en: "This webcast is live: its start time, duration and type can no longer be changed.",
    fr: "Ce webcast est en direct : son heure de début, sa durée et son type ne peuvent plus être modifiés.",
  },
  live_delete: { en: "A live webcast cannot be deleted.", fr: "Un webcast en direct ne peut pas être supprimé." },
  invalid: { en: "Some fields of the webcast are invalid.", fr: "Certains champs du webcast sont invalides." },
  title_required: { en: "The title is required.", fr: "Le titre est obligatoire." },
  title_too_long: { en: "The title may have at most 255 characters.", fr: "Le titre peut compter au plus 255 caractères." },
  description_too_long: { en: "The description may have at most 10,000 characters.", fr: "La description peut compter au plus 10 000 caractères." },
  duration_positive: { en: "The duration must be at least 1 minute.", fr: "La durée doit être d'au moins 1 minute." },
  test_duration: { en: "A test webcast may last at most 20 minutes.", fr: "Un webcast test peut durer au plus 20 minutes." },
  timezone_invalid: { en: "This time zone is not known.", fr: "Ce fuseau horaire est inconnu." },
  rtmp_disabled: { en: "RTMP sources are not enabled for this organization.", fr: "Les sources RTMP ne sont pas activées pour cette organisation." },
  vmr_disabled: { en: "Virtual meeting room sources are not enabled for this organization.", fr: "Les sources salle de réunion virtuelle ne sont pas activées pour cette organisation." },
  hd_disabled: { en: "Full HD (1080p) webcasts are not enabled for this organization.", fr: "Les webcasts Full HD (1080p) ne sont pas activés pour cette organisation." },
  replay_download_disabled: { en: "Replay download is not enabled for this organization.", fr: "Le téléchargement de la rediffusion n'est pas activé pour cette organisation." },
  title_color_invalid: { en: "The title colour must look like #1d4ed8.", fr: "La couleur du titre doit ressembler à #1d4ed8." },
  // Server-made changes (REST settings calls, issue #5).
  server_only: { en: "This change can only be made by the server.", fr: "Cette modification ne peut être faite que par le serveur." },
  billing_forbidden: { en: "You are not allowed to change the billing of this webcast.", fr: "Vous n'êtes pas autorisé à modifier la facturation de ce webcast." },
  reset_on_air: { en: "This webcast is on air: stop it before resetting it.", fr: "Ce webcast est en direct : arrêtez-le avant de le réinitialiser." },
  reset_canceled: { en: "A canceled webcast cannot be reset.", fr: "Un webcast annulé ne peut pas être réinitialisé." },
  image_key_invalid: { en: "This image was not stored for this webcast.", fr: "Cette image n'a pas été enregistrée pour ce webcast." },
  // Form rules of the webcast draft (domain/webcasts/draft.ts), checked before a mutation is made.
  date_invalid: { en: "Enter a date as YYYY-MM-DD.", fr: "Saisissez une date au format AAAA-MM-JJ." },
  time_invalid: { en: "Enter a time as hh:mm.", fr: "Saisissez une heure au format hh:mm." },
  duration_integer: { en: "The duration must be a whole number of minutes.", fr: "La durée doit être un nombre entier de minutes." },
} as const satisfies Record<string, Text>;
export type WebcastMessage = keyof typeof WEBCAST_MESSAGES;

/**
 * SPEC §8 "test quota reached": the organization has used its test webcasts of that month
 * (`TEST_WEBCASTS_PER_MONTH`, rules.ts, passed in to keep this module free of the rules).
 */
export function testQuotaMessage(quota: number): Text {
  return {
    en: `Test webcast quota reached: at most ${quota} test ${quota === 1 ? "webcast" : "webcasts"} per month ${quota === 1 ? "is" : "are"} allowed.`,
    fr: `Quota de webcasts test atteint : au plus ${quota} ${quota > 1 ? "webcasts test" : "webcast test"} par mois ${quota > 1 ? "sont permis" : "est permis"}.`,
  };
}
