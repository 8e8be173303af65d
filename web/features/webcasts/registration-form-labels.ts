import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { UI_LOCALES } from "../../../domain/i18n/locales.ts";
import type { ConditionOperator, LocalizedName, RegistrationFieldType } from "../../../domain/registration/record.ts";

/** Labels of the registration form editor's choices (types and condition operators), one map each. */

export const FIELD_TYPE_LABELS: Record<RegistrationFieldType, MessageDescriptor> = {
  text: msg`Text`,
  email: msg`E-mail address`,
  select: msg`Drop-down list (one choice)`,
  multiselect: msg`List (several choices)`,
  radio: msg`Radio buttons (one choice)`,
  checkbox: msg`Checkbox`,
};

export const OPERATOR_LABELS: Record<ConditionOperator, MessageDescriptor> = {
  is_checked: msg`is checked`,
  is_not_checked: msg`is not checked`,
  equals: msg`is`,
  not_equals: msg`is not`,
  includes: msg`includes`,
  does_not_include: msg`does not include`,
};

/** The languages whose name inputs are always shown; the others sit behind a disclosure. */
export const MAIN_NAME_LOCALES = ["en", "fr"] as const satisfies readonly UiLocale[];
export const OTHER_NAME_LOCALES = UI_LOCALES.filter((locale) => !(MAIN_NAME_LOCALES as readonly string[]).includes(locale));

/** A name as the editor shows it: in `locale`, else the first language that has one ("" when none). */
export function displayName(name: LocalizedName, locale: UiLocale): string {
  const own = name[locale]?.trim();
  if (own) return own;
  for (const language of UI_LOCALES) {
    const text = name[language]?.trim();
    if (text) return text;
  }
  return "";
}
