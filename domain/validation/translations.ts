import type { MessageLocale } from "../i18n/locales.ts";
import { ruleMessage, type RuleResult } from "./rule-messages.ts";

/**
 * SPEC §5 translation rules, for texts typed in several languages (`{ en: "…", fr: "…" }`):
 * registration-form field names and options, notification titles and texts, and the like.
 */
export type Translations = Readonly<Partial<Record<string, string | null | undefined>>>;

/** Translation languages (SPEC §9). */
export const TRANSLATION_LANGUAGES = ["en", "fr", "es", "de", "pt", "it", "ja", "zh", "ko"] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** How the messages name a language: "The French value…", "La valeur en français…". */
export const LANGUAGE_NAMES: Record<TranslationLanguage, Record<MessageLocale, string>> = {
  en: { en: "English", fr: "anglais" },
  fr: { en: "French", fr: "français" },
  es: { en: "Spanish", fr: "espagnol" },
  de: { en: "German", fr: "allemand" },
  pt: { en: "Portuguese", fr: "portugais" },
  it: { en: "Italian", fr: "italien" },
  ja: { en: "Japanese", fr: "japonais" },
  zh: { en: "Chinese", fr: "chinois" },
  ko: { en: "Korean", fr: "coréen" },
};

export function isTranslationLanguage(value: string): value is TranslationLanguage {
  return (TRANSLATION_LANGUAGES as readonly string[]).includes(value);
}

/** The language's name in `locale`; an unknown code is shown as it is. */
export function languageName(language: string, locale: MessageLocale): string {
  return isTranslationLanguage(language) ? LANGUAGE_NAMES[language][locale] : language;
}

/** Whether the text in `language` is filled in (not blank). */
export function hasTranslation(value: Translations | null | undefined, language: string): boolean {
  const text = value?.[language];
  return typeof text === "string" && text.trim() !== "";
}

/** SPEC §5 requires_at_least_one_translation: some language holds a non-blank text. */
export function requiresAtLeastOneTranslation(value: Translations | null | undefined, locale: MessageLocale): RuleResult {
  return Object.keys(value ?? {}).some((language) => hasTranslation(value, language)) ? null : ruleMessage("at_least_one_translation", locale);
}

/** SPEC §5 required_translation: the text in `language` must be filled in. */
export function requiredTranslation(value: Translations | null | undefined, locale: MessageLocale, options: { language: string }): RuleResult {
  return hasTranslation(value, options.language) ? null : ruleMessage("required_translation", locale, { language: languageName(options.language, locale) });
}

/**
 * SPEC §5 required_translation_if_not_in: the text in `language` is required unless `language`
 * is in `list` (e.g. the languages a form leaves optional).
 */
export function requiredTranslationIfNotIn(
  value: Translations | null | undefined,
  locale: MessageLocale,
  options: { language: string; list: readonly string[] },
): RuleResult {
  return options.list.includes(options.language) ? null : requiredTranslation(value, locale, options);
}

/**
 * SPEC §5: "The default-language value is required for notification title and text". Same check
 * as required_translation; the message says why this language is required.
 */
export function requiredDefaultTranslation(value: Translations | null | undefined, locale: MessageLocale, options: { defaultLanguage: string }): RuleResult {
  if (hasTranslation(value, options.defaultLanguage)) return null;
  return ruleMessage("required_default_translation", locale, { language: languageName(options.defaultLanguage, locale) });
}
