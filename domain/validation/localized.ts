import { primaryTag, type UiLocale } from "../i18n/locales.ts";

/**
 * A server text (validation rule, error catalogue) in the interface languages. English and French
 * are required (SPEC §1); a text not yet translated to de, pt or es shows in English, the fallback
 * locale. localized.test.ts and the catalogues' own tests check that none is missing today.
 */
export type LocalizedText = Readonly<Record<"en" | "fr", string> & Partial<Record<UiLocale, string>>>;

/** The text in `locale`, else in English (SPEC §1: French default, English fallback). */
export function localized(text: LocalizedText, locale: UiLocale): string {
  return text[locale] ?? text.en;
}

/**
 * Language of server texts for a requested language ("de-CH" → "de"): one of the five interface
 * languages, French for anything else or nothing (SPEC §1 default locale, §5 "falls back to fr").
 * The wider form of `messageLocale` (domain/i18n/locales.ts), which still stops at en/fr.
 */
export function textLocale(language: string | null | undefined): UiLocale {
  const tag = primaryTag(language);
  return tag === "en" || tag === "fr" || tag === "de" || tag === "pt" || tag === "es" ? tag : "fr";
}

/** Decimal separator of numbers shown in messages: a point in English only. */
export function decimalSeparator(locale: UiLocale): "." | "," {
  return locale === "en" ? "." : ",";
}
