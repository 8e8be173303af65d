import { Trans, useLingui } from "@lingui/react/macro";
import { SelectField, TextField } from "../../ui/form.tsx";
import type { WebcastTabProps } from "../webcasts/edit-tabs.ts";
import { BrandingImages } from "./branding-images.tsx";
import { THEME_LABELS } from "../webcasts/labels.ts";
import { SettingsTabForm } from "../webcasts/settings-tab-form.tsx";

const COLOR = /^#[0-9a-f]{6}$/i;

/**
 * Branding tab: theme and title colour through the draft, offline (the mutator checks the colour
 * is #rrggbb), and the logo, cover and banner, uploaded online (POST …/branding): images live in
 * R2, not in the synced row.
 */
export function BrandingTab(props: WebcastTabProps) {
  const { t, i18n } = useLingui();
  return (
    <SettingsTabForm {...props} tab="branding" label={t`Branding`} after={<BrandingImages row={props.row} editable={props.editable} />}>
      {({ values, errors, disabled, onChange }) => {
        // A theme set elsewhere (another client, the REST API) stays selectable.
        const themes = values.theme in THEME_LABELS ? Object.keys(THEME_LABELS) : [values.theme, ...Object.keys(THEME_LABELS)];
        return (
          <fieldset className="form__group">
            <legend className="visually-hidden">
              <Trans>Branding</Trans>
            </legend>
            <SelectField
              label={t`Theme`}
              name="theme"
              value={values.theme}
              errors={errors.theme}
              disabled={disabled}
              options={themes.map((theme) => ({ value: theme, label: THEME_LABELS[theme] ? i18n._(THEME_LABELS[theme]) : theme }))}
              onChange={(event) => onChange({ theme: event.target.value })}
            />
            <div className="color-field">
              <input
                type="color"
                className="color-field__swatch"
                aria-label={t`Pick the title colour`}
                value={COLOR.test(values.title_color) ? values.title_color.toLowerCase() : "#000000"}
                disabled={disabled}
                onChange={(event) => onChange({ title_color: event.target.value })}
              />
              <TextField
                label={t`Title colour`}
                name="title_color"
                placeholder="#1d4ed8"
                maxLength={7}
                value={values.title_color}
                errors={errors.title_color}
                disabled={disabled}
                hint={t`As #rrggbb. Leave empty for the theme's colour.`}
                onChange={(event) => onChange({ title_color: event.target.value })}
              />
            </div>
          </fieldset>
        );
      }}
    </SettingsTabForm>
  );
}
