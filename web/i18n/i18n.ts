import { i18n, type Messages } from "@lingui/core";
import {
  DEFAULT_LOCALE,
  LOCALE_STORAGE_KEY,
  type UiLocale,
  isUiLocale,
  resolveInitialLocale,
} from "../../domain/i18n/locales.ts";
import { readStored, writeStored } from "../lib/storage.ts";

export { i18n };

// One chunk per language: only the active catalog is downloaded up front; the service worker
// precaches the others so switching works offline.
const catalogs: Record<UiLocale, () => Promise<{ messages: Messages }>> = {
  en: () => import("./locales/en/messages.po"),
  fr: () => import("./locales/fr/messages.po"),
  pt: () => import("./locales/pt/messages.po"),
  es: () => import("./locales/es/messages.po"),
  de: () => import("./locales/de/messages.po"),
};

/** SPEC §5: `?lang=`, else the stored choice, else French for a French browser, else English. */
export function detectInitialLocale(): UiLocale {
  return resolveInitialLocale({
    query: new URLSearchParams(globalThis.location?.search ?? "").get("lang"),
    stored: readStored(LOCALE_STORAGE_KEY),
    browser: globalThis.navigator?.languages ?? [],
  });
}

let latestRequest = 0;

/**
 * Loads a catalog and activates it; every `useLingui` consumer re-renders (no reload).
 * `persist` stores the choice under `igo.locale` (only an explicit pick is stored, not `?lang`).
 */
export async function activateLocale(locale: UiLocale, options: { persist?: boolean } = {}): Promise<void> {
  const request = ++latestRequest;
  if (options.persist) writeStored(LOCALE_STORAGE_KEY, locale);
  const { messages } = await catalogs[locale]();
  // A quicker, later switch wins over a slower earlier one.
  if (request !== latestRequest) return;
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

/** The active UI locale (for request headers and formatting outside React). */
export function currentLocale(): UiLocale {
  return isUiLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}
