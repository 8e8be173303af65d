import { Trans, useLingui } from "@lingui/react/macro";
import { AccessPassword } from "./access-password.tsx";
import type { WebcastTabProps } from "./edit-tabs.ts";
import { AccessFields } from "./settings-fields.tsx";
import { SettingsTabForm } from "./settings-tab-form.tsx";

/**
 * Access tab: privacy and the sign-in requirements (offline, through the draft), and the access
 * password (online only). Segments come with their table.
 */
export function AccessTab(props: WebcastTabProps) {
  const { t } = useLingui();
  return (
    <SettingsTabForm {...props} tab="access" label={t`Access`} after={<AccessPassword row={props.row} editable={props.editable} />}>
      {(fields) => (
        <fieldset className="form__group">
          <legend className="visually-hidden">
            <Trans>Access</Trans>
          </legend>
          <AccessFields {...fields} />
        </fieldset>
      )}
    </SettingsTabForm>
  );
}
