import type { UiLocale } from "../../domain/i18n/locales.ts";

/**
 * Each language named in itself (endonyms), so people can find their own language whatever the
 * current one is. Deliberately not translated.
 */
export const LOCALE_NAMES: Record<UiLocale, string> = {
  en: "English",
  fr: "Français",
  pt: "Português",
  es: "Español",
  de: "Deutsch",
};
