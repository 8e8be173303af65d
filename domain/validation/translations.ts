import type { UiLocale } from "../i18n/locales.ts";
import { ruleMessage, type RuleResult } from "./rule-messages.ts";

/**
 * SPEC §5 translation rules, for texts typed in several languages (`{ en: "…", fr: "…" }`):
 * registration-form field names and options, notification titles and texts, and the like.
 */
export type Translations = Readonly<Partial<Record<string, string | null | undefined>>>;

/** Translation languages (SPEC §9). */
export const TRANSLATION_LANGUAGES = ["en", "fr", "es", "de", "pt", "it", "ja", "zh", "ko"] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** How the messages name a language: "The French value…", "La valeur en français…", "Der Wert auf Französisch…". */
export const LANGUAGE_NAMES: Record<TranslationLanguage, Record<UiLocale, string>> = {
  en: { en: "English", fr: "anglais", de: "Englisch", pt: "inglês", es: "inglés" },
  fr: { en: "French", fr: "français", de: "Französisch", pt: "francês", es: "francés" },
  es: { en: "Spanish", fr: "espagnol", de: "Spanisch", pt: "espanhol", es: "español" },
  de: { en: "German", fr: "allemand", de: "Deutsch", pt: "alemão", es: "alemán" },
  pt: { en: "Portuguese", fr: "portugais", de: "Portugiesisch", pt: "português", es: "portugués" },
  it: { en: "Italian", fr: "italien", de: "Italienisch", pt: "italiano", es: "italiano" },
  ja: { en: "Japanese", fr: "japonais", de: "Japanisch", pt: "japonês", es: "japonés" },
  zh: { en: "Chinese", fr: "chinois", de: "Chinesisch", pt: "chinês", es: "chino" },
  ko: { en: "Korean", fr: "coréen", de: "Koreanisch", pt: "coreano", es: "coreano" },
};

export function isTranslationLanguage(value: string): value is TranslationLanguage {
  return (TRANSLATION_LANGUAGES as readonly string[]).includes(value);
}

/** The language's name in `locale`; an unknown code is shown as it is. */
export function languageName(language: string, locale: UiLocale): string {
  return isTranslationLanguage(language) ? LANGUAGE_NAMES[language][locale] : language;
}

/** Whether the text in `language` is filled in (not blank). */
export function hasTranslation(value: Translations | null | undefined, language: string): boolean {
  const text = value?.[language];
  return typeof text === "string" && text.trim() !== "";
}

/** SPEC §5 requires_at_least_one_translation: some language holds a non-blank text. */
export function requiresAtLeastOneTranslation(value: Translations | null | undefined, locale: UiLocale): RuleResult {
  return Object.keys(value ?? {}).some((language) => hasTranslation(value, language)) ? null : ruleMessage("at_least_one_translation", locale);
}

/** SPEC §5 required_translation: the text in `language` must be filled in. */
export function requiredTranslation(value: Translations | null | undefined, locale: UiLocale, options: { language: string }): RuleResult {
  return hasTranslation(value, options.language) ? null : ruleMessage("required_translation", locale, { language: languageName(options.language, locale) });
}

/**
 * SPEC §5 required_translation_if_not_in: the text in `language` is required unless `language`
 * is in `list` (e.g. the languages a form leaves optional).
 */
export function requiredTranslationIfNotIn(
  value: Translations | null | undefined,
  locale: UiLocale,
  options: { language: string; list: readonly string[] },
): RuleResult {
  return options.list.includes(options.language) ? null : requiredTranslation(value, locale, options);
}

/**
 * SPEC §5: "The default-language value is required for notification title and text". Same check
 * as required_translation; the message says why this language is required.
 */
export function requiredDefaultTranslation(value: Translations | null | undefined, locale: UiLocale, options: { defaultLanguage: string }): RuleResult {
  if (hasTranslation(value, options.defaultLanguage)) return null;
  return ruleMessage("required_default_translation", locale, { language: languageName(options.defaultLanguage, locale) });
}
