import { UI_LOCALES, type UiLocale } from "../i18n/locales.ts";

/**
 * A server text (validation rule, error catalogue) in the interface languages. English and French
 * are required (SPEC §1); a text not yet translated to de, pt or es shows in English, the fallback
 * locale. localized.test.ts and the catalogues' own tests check that none is missing today.
 */
export type LocalizedText = Localized<string>;

/** Any per-language value (a text, a template function, a list of headers) with the same rule. */
export type Localized<T> = Readonly<Record<"en" | "fr", T> & Partial<Record<UiLocale, T>>>;

/** The text in `locale`, else in English (SPEC §1: French default, English fallback). */
export function localized<M extends Localized<unknown>>(text: M, locale: UiLocale): NonNullable<M[keyof M]> {
  return (text[locale] ?? text.en) as NonNullable<M[keyof M]>;
}

/** The text in each of the five languages, English where it is not translated. */
export function inEveryLocale(text: LocalizedText): Readonly<Record<UiLocale, string>> {
  return renderedInEveryLocale((locale) => localized(text, locale));
}

/** A text made per language (a message with a number in it) in each of the five languages. */
export function renderedInEveryLocale(render: (locale: UiLocale) => string): Readonly<Record<UiLocale, string>> {
  return Object.fromEntries(UI_LOCALES.map((locale) => [locale, render(locale)])) as Record<UiLocale, string>;
}

/** Decimal separator of numbers shown in messages: a point in English only. */
export function decimalSeparator(locale: UiLocale): "." | "," {
  return locale === "en" ? "." : ",";
}
