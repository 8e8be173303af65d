import type { MessageLocale } from "../i18n/locales.ts";

/** Server texts of the sign-up setup step (SPEC §1: en and fr only). */
export const ONBOARDING_MESSAGES = {
  not_required: {
    en: "Your account has no setup left to finish.",
    fr: "Votre compte n'a plus de configuration à terminer.",
  },
} as const satisfies Record<string, Record<MessageLocale, string>>;
export type OnboardingMessage = keyof typeof ONBOARDING_MESSAGES;

export function onboardingMessage(key: OnboardingMessage, locale: MessageLocale): string {
  return ONBOARDING_MESSAGES[key][locale];
}
