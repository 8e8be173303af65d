import type { UiLocale } from "../i18n/locales.ts";
import { type LocalizedText } from "../validation/localized.ts";

/**
 * Server texts of the sign-up setup step. English and French (SPEC §1), and the other interface
 * languages, so the text follows the server texts wherever they go (issue #12).
 */
export const ONBOARDING_MESSAGES = {
  not_required: {
    en: "Your account has no setup left to finish.",
    fr: "Votre compte n'a plus de configuration à terminer.",
    de: "Für Ihr Konto ist keine Einrichtung mehr abzuschließen.",
    pt: "A sua conta não tem nenhuma configuração por concluir.",
    es: "Su cuenta no tiene ninguna configuración pendiente.",
  },
} as const satisfies Record<string, LocalizedText>;
export type OnboardingMessage = keyof typeof ONBOARDING_MESSAGES;

export function onboardingMessage(key: OnboardingMessage, locale: UiLocale): string {
  return ONBOARDING_MESSAGES[key][locale];
}
