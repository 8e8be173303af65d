import { useLingui } from "@lingui/react/macro";
import type { OrganizationRules } from "../../../domain/sync/types.ts";
import { WEBCAST_PRIVACIES } from "../../../domain/webcasts/record.ts";
import type { WebcastAccessField, WebcastAccessValues, WebcastDraftField, WebcastFormErrors } from "../../../domain/webcasts/draft.ts";
import { SwitchField } from "../../ui/form-controls.tsx";
import { SelectField } from "../../ui/form.tsx";
import { PRIVACY_LABELS, SWITCH_LABELS } from "./labels.ts";
import { isAllowed } from "./organization-features.ts";

type SwitchName = keyof typeof SWITCH_LABELS & (WebcastAccessField | WebcastDraftField);

/**
 * One on/off setting, labelled from SWITCH_LABELS (`name` is the draft field, as tests and e2e find
 * it). `notAllowed`: the organization does not allow it, so it can be turned off but not on.
 */
export function SettingSwitch(props: { field: SwitchName; checked: boolean; errors: WebcastFormErrors; disabled: boolean; notAllowed?: boolean; onChange(checked: boolean): void }) {
  const { t, i18n } = useLingui();
  const labels = SWITCH_LABELS[props.field];
  if (!labels) return null;
  const blocked = props.notAllowed === true && !props.checked;
  return (
    <SwitchField
      name={props.field}
      label={i18n._(labels.label)}
      help={blocked ? t`Your organization does not allow this.` : labels.help ? i18n._(labels.help) : undefined}
      checked={props.checked}
      disabled={props.disabled || blocked}
      errors={props.errors[props.field]}
      onChange={props.onChange}
    />
  );
}

export interface AccessPayloadFieldsProps {
  values: WebcastAccessValues;
  errors: WebcastFormErrors;
  disabled: boolean;
  onChange(patch: Partial<WebcastAccessValues>): void;
}

/** Privacy and the sign-in requirements (the wizard's access step and the access tab). */
export function AccessFields({ values, errors, disabled, onChange }: AccessPayloadFieldsProps) {
  const { t, i18n } = useLingui();
  return (
    <>
      <SelectField
        label={t`Privacy`}
        name="privacy"
        value={values.privacy}
        errors={errors.privacy}
        disabled={disabled}
        options={WEBCAST_PRIVACIES.map((privacy) => ({ value: privacy, label: i18n._(PRIVACY_LABELS[privacy]) }))}
        onChange={(event) => onChange({ privacy: WEBCAST_PRIVACIES.find((privacy) => privacy === event.target.value) ?? "public" })}
      />
      {(["registration_required", "control_number_required", "sso_required"] as const).map((field) => (
        <SettingSwitch key={field} field={field} checked={values[field]} errors={errors} disabled={disabled} onChange={(checked) => onChange({ [field]: checked })} />
      ))}
    </>
  );
}

/** Switches for boolean access-payload settings (attendee options, Q&A and display flags). */
export function SettingSwitches(props: AccessPayloadFieldsProps & { fields: readonly (SwitchName & WebcastAccessField)[]; organization?: OrganizationRules | null }) {
  const { fields, values, errors, disabled, organization = null, onChange } = props;
  return (
    <>
      {fields.map((field) => (
        <SettingSwitch
          key={field}
          field={field}
          checked={values[field] === true}
          errors={errors}
          disabled={disabled}
          notAllowed={!isAllowed(organization, field, true)}
          onChange={(checked) => onChange({ [field]: checked })}
        />
      ))}
    </>
  );
}
