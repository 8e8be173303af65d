/**
 * Language rules of SPEC §1 and §5. Pure: callers pass in what they read (query, storage, browser).
 * No authorization needed.
 */
export const UI_LOCALES = ["en", "fr", "pt", "es", "de"] as const;
export type UiLocale = (typeof UI_LOCALES)[number];

export const DEFAULT_LOCALE: UiLocale = "fr";
export const FALLBACK_LOCALE: UiLocale = "en";

/** Local storage keys use this prefix (SPEC §7). */
export const STORAGE_PREFIX = "igo";
export const LOCALE_STORAGE_KEY = `${STORAGE_PREFIX}.locale`;

export function isUiLocale(value: unknown): value is UiLocale {
  return typeof value === "string" && (UI_LOCALES as readonly string[]).includes(value);
}

/** "fr-CA" → "fr"; anything unusable → undefined. */
export function primaryTag(value: string | null | undefined): string | undefined {
  const tag = value?.trim().toLowerCase().split(/[-_;,]/)[0];
  return tag ? tag : undefined;
}

/**
 * Initial UI language: the `lang` query value, else the stored preference, else French when the
 * browser language is French, otherwise English (SPEC §5). Unknown values are skipped.
 */
export function resolveInitialLocale(input: {
  query?: string | null;
  stored?: string | null;
  browser?: readonly string[];
}): UiLocale {
  const fromQuery = primaryTag(input.query);
  if (isUiLocale(fromQuery)) return fromQuery;
  const fromStorage = primaryTag(input.stored);
  if (isUiLocale(fromStorage)) return fromStorage;
  const browser = primaryTag(input.browser?.[0]);
  return browser === "fr" ? "fr" : "en";
}

/**
 * Language of server texts (validation, API errors, e-mails) for a requested language ("de-CH" →
 * "de"): one of the five interface languages, French for anything else or nothing (SPEC §1 default
 * locale, §5 "falls back to fr"). A text not translated into de, pt or es shows in English
 * (`localized`, domain/validation/localized.ts).
 */
export function messageLocale(language: string | null | undefined): UiLocale {
  const tag = primaryTag(language);
  return isUiLocale(tag) ? tag : "fr";
}

/** Reads the first language of an Accept-Language header value. */
export function languageFromHeader(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag?.trim() ?? "", q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  return ranked[0]?.tag;
}
