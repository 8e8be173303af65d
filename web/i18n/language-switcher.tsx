import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { UI_LOCALES, isUiLocale } from "../../domain/i18n/locales.ts";
import { activateLocale } from "./i18n.ts";
import { LOCALE_NAMES } from "./locale-names.ts";

/**
 * Stores the choice under `igo.locale` and switches the UI in place. Below `sm` the closed select
 * shows only the language code (FR, EN…) drawn over it, so the phone header fits; the list still
 * names each language in itself.
 */
export function LanguageSwitcher() {
  const { i18n, t } = useLingui();
  const id = useId();
  return (
    <div className="language-switcher" data-tour="language">
      <label htmlFor={id} className="visually-hidden">
        {t`Language`}
      </label>
      <select
        id={id}
        data-testid="language-switcher"
        value={i18n.locale}
        onChange={(event) => {
          const locale = event.currentTarget.value;
          if (isUiLocale(locale)) void activateLocale(locale, { persist: true });
        }}
      >
        {UI_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <span className="language-switcher__code" aria-hidden="true">
        {i18n.locale.toUpperCase()}
      </span>
    </div>
  );
}
