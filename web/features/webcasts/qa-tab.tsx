import { Trans, useLingui } from "@lingui/react/macro";
import { WEBCAST_SETTINGS_TABS } from "../../../domain/webcasts/draft.ts";
import type { WebcastTabProps } from "./edit-tabs.ts";
import { SettingSwitches } from "./settings-fields.tsx";
import { SettingsTabForm } from "./settings-tab-form.tsx";

/** Q&A tab: the question attendee options (ask, poster overlay, question wall) and anonymous questions. */
export function QaTab(props: WebcastTabProps) {
  const { t } = useLingui();
  return (
    <SettingsTabForm {...props} tab="qa" label={t`Q&A`}>
      {(fields) => (
        <fieldset className="form__group">
          <legend className="visually-hidden">
            <Trans>Questions and answers</Trans>
          </legend>
          <SettingSwitches {...fields} fields={WEBCAST_SETTINGS_TABS.qa} />
        </fieldset>
      )}
    </SettingsTabForm>
  );
}
