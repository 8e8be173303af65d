import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { REGISTRATION_BOUNDS, type LocalizedName } from "../../../domain/registration/record.ts";
import { languageName } from "../../../domain/validation/translations.ts";
import { TextField } from "../../ui/form.tsx";
import { currentLocale } from "../../i18n/i18n.ts";
import { MAIN_NAME_LOCALES, OTHER_NAME_LOCALES } from "./registration-form-labels.ts";

/**
 * A field's or an option's name in each interface language: English and French shown, the other
 * languages behind a disclosure (opened by itself when one of them holds a name). The name's errors
 * (none in any language, too long) show under the first input, which names the group.
 */
export function NameInputs(props: {
  /** The inputs are named `<prefix>.<locale>` (e.g. `registration_fields.0.name.en`). */
  prefix: string;
  name: LocalizedName;
  label(language: string): string;
  errors: readonly string[] | undefined;
  disabled: boolean;
  onChange(name: LocalizedName): void;
  onBlur(): void;
}) {
  const { name, prefix } = props;
  const others = OTHER_NAME_LOCALES.some((locale) => (name[locale] ?? "").trim() !== "");
  const input = (locale: UiLocale, errors?: readonly string[]) => (
    <TextField
      key={locale}
      name={`${prefix}.${locale}`}
      lang={locale}
      label={props.label(languageName(locale, currentLocale()))}
      value={name[locale] ?? ""}
      maxLength={REGISTRATION_BOUNDS.name}
      disabled={props.disabled}
      errors={errors}
      onBlur={props.onBlur}
      onChange={(event) => props.onChange({ ...name, [locale]: event.target.value })}
    />
  );
  return (
    <div className="registration-names">
      {MAIN_NAME_LOCALES.map((locale, index) => input(locale, index === 0 ? props.errors : undefined))}
      <details className="registration-names__others" open={others || undefined}>
        <summary>
          <Trans>Other languages</Trans>
        </summary>
        {OTHER_NAME_LOCALES.map((locale) => input(locale))}
      </details>
    </div>
  );
}

const splitTags = (text: string) => text.split(",").map((tag) => tag.trim()).filter((tag) => tag !== "");

/**
 * An option's tags typed as one text, separated by commas. The text is kept as typed (a trailing
 * comma while typing the next tag) and the list follows it; a list changed elsewhere (Discard)
 * replaces the text.
 */
export function TagsInput(props: { name: string; tags: readonly string[]; errors: readonly string[] | undefined; disabled: boolean; onChange(tags: string[]): void; onBlur(): void }) {
  const { t } = useLingui();
  const joined = props.tags.join(", ");
  const [text, setText] = useState(joined);
  useEffect(() => {
    if (splitTags(text).join(", ") !== joined) setText(joined);
    // Only an outside change of the list resets the text.
  }, [joined]);
  return (
    <TextField
      name={props.name}
      label={t`Tags given to who chooses it`}
      hint={t`Separate tags with commas.`}
      value={text}
      disabled={props.disabled}
      errors={props.errors}
      onBlur={props.onBlur}
      onChange={(event) => {
        setText(event.target.value);
        props.onChange(splitTags(event.target.value));
      }}
    />
  );
}
