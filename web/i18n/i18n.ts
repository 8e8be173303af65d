import { i18n, type Messages } from "@lingui/core";
import {
  DEFAULT_LOCALE,
  LOCALE_STORAGE_KEY,
  type UiLocale,
  isUiLocale,
  resolveInitialLocale,
} from "../../domain/i18n/locales.ts";
import { readStored, writeStored } from "../lib/storage.ts";
import { preloadCatalog } from "./catalog-urls.ts";

export { i18n };

// One chunk per language: only the active catalog is downloaded up front; the service worker
// precaches the others so switching works offline.
const importers: Record<UiLocale, () => Promise<{ messages: Messages }>> = {
  en: () => import("./locales/en/messages.po"),
  fr: () => import("./locales/fr/messages.po"),
  pt: () => import("./locales/pt/messages.po"),
  es: () => import("./locales/es/messages.po"),
  de: () => import("./locales/de/messages.po"),
};

const loading = new Map<UiLocale, Promise<{ messages: Messages }>>();

/** A catalog's module, imported once (a failed import is tried again next time). */
function loadCatalog(locale: UiLocale): Promise<{ messages: Messages }> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = importers[locale]();
    loading.set(locale, promise);
    promise.catch(() => loading.delete(locale));
  }
  return promise;
}

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
  if (options.persist) {
    writeStored(LOCALE_STORAGE_KEY, locale);
    // Also as a cookie, the stored choice the worker can read: the viewer page's first screen is
    // written in it (domain/viewer-page/first-screen.ts `firstScreenLocale`).
    if (typeof document !== "undefined") document.cookie = `${LOCALE_STORAGE_KEY}=${locale}; path=/; max-age=31536000; SameSite=Lax`;
  }
  const { messages } = await loadCatalog(locale);
  // A quicker, later switch wins over a slower earlier one.
  if (request !== latestRequest) return;
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

/** The active UI locale (for request headers and formatting outside React). */
export function currentLocale(): UiLocale {
  return isUiLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/**
 * The first screen cannot render before its catalog: its download starts as soon as this module
 * runs, while the rest of the app's modules are still being evaluated, rather than when boot()
 * asks for it (web/main.tsx; issue #4 offline home render). The built index.html names each
 * catalog's URL (vite.config.ts `igo-catalogs`): a modulepreload link starts the download at once,
 * where an `import()` would only start it once the modules being evaluated are done. Other
 * languages stay lazy.
 */
function preloadInitialCatalog(): void {
  const locale = detectInitialLocale();
  preloadCatalog(locale);
  void loadCatalog(locale).catch(() => undefined);
}

if (import.meta.env.MODE !== "test" && typeof document !== "undefined") preloadInitialCatalog();
