import type { UiLocale } from "../i18n/locales.ts";
import { type LocalizedText, localized } from "../validation/localized.ts";

type Text = LocalizedText;

/**
 * Texts of the webcast integrations (outgoing webhooks), in the two server languages (SPEC §5:
 * validation messages exist in English and French). Generic texts (required, too long, the SPEC
 * array-of-url and duplicate-name messages) come from domain/validation. Pure data.
 */
export const INTEGRATION_MESSAGES = {
  invalid: { en: "Some webhooks are invalid.", fr: "Certains webhooks sont invalides." },
  https_required: {
    en: "Use an https:// address: http:// is accepted only for this machine (localhost, 127.0.0.1, [::1]).",
    fr: "Utilisez une adresse https:// : http:// n'est accepté que pour cette machine (localhost, 127.0.0.1, [::1]).",
  },
  events_required: { en: "Choose at least one event.", fr: "Choisissez au moins un événement." },
  unknown_event: { en: "Unknown event: {event}.", fr: "Événement inconnu : {event}." },
  too_many: { en: "A webcast can have at most {max} webhooks.", fr: "Un webcast peut avoir au plus {max} webhooks." },
} as const satisfies Record<string, Text>;

export type IntegrationMessageKey = keyof typeof INTEGRATION_MESSAGES;

/** The message in `locale` with its `{placeholders}` filled (values shown as given). */
export function integrationMessage(key: IntegrationMessageKey, locale: UiLocale, params: Record<string, string | number> = {}): string {
  return localized(INTEGRATION_MESSAGES[key], locale).replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : match));
}
