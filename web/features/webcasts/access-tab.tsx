import { Trans, useLingui } from "@lingui/react/macro";
import { AccessPassword } from "./access-password.tsx";
import { DialInSection } from "../dial-in/dial-in-section.tsx";
import type { WebcastTabProps } from "./edit-tabs.ts";
import { SegmentsSection } from "../segments/segments-section.tsx";
import { AccessFields } from "./settings-fields.tsx";
import { SettingsTabForm } from "./settings-tab-form.tsx";
import { RegistrationFormEditor } from "./registration-form-editor.tsx";

/**
 * Access tab: privacy and the sign-in requirements and the registration form (offline, through
 * the draft), the access
 * password (online only), the segments (offline, each change its own mutation) and phone dial-in
 * (online only: numbers and PIN live on the server).
 */
export function AccessTab(props: WebcastTabProps) {
  const { t } = useLingui();
  const after = (
    <>
      <AccessPassword row={props.row} editable={props.editable} />
      <SegmentsSection row={props.row} editable={props.editable} />
      <DialInSection row={props.row} editable={props.editable} />
    </>
  );
  return (
    <SettingsTabForm {...props} tab="access" label={t`Access`} after={after}>
      {(fields) => (
        <>
          <fieldset className="form__group">
            <legend className="visually-hidden">
              <Trans>Access</Trans>
            </legend>
            <AccessFields {...fields} />
          </fieldset>
          <RegistrationFormEditor
            fields={fields.values.registration_fields}
            refused={fields.errors.registration_fields}
            disabled={fields.disabled}
            onChange={(registration_fields) => fields.onChange({ registration_fields })}
          />
        </>
      )}
    </SettingsTabForm>
  );
}
