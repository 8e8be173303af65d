import { Trans, useLingui } from "@lingui/react/macro";
import { TextField } from "../../ui/form.tsx";
import type { WebcastTabProps } from "./edit-tabs.ts";
import { IntegrationsSection } from "../integrations/integrations-section.tsx";
import { ResourcesSection } from "../resources/resources-section.tsx";
import { SettingSwitches } from "./settings-fields.tsx";
import { SettingsTabForm } from "./settings-tab-form.tsx";
import { useOrganizationRules } from "./use-local-webcasts.ts";

/**
 * Content tab: what attendees may see and do on the webcast page, the display flags and the tag
 * (the webcast row, through the tab's draft), then the resources (each change its own mutation,
 * outside the draft's form), then the integrations (outgoing webhooks, online and editors only).
 * The description is on the details tab; embed apps have their tab.
 */
export function ContentTab(props: WebcastTabProps) {
  const { t } = useLingui();
  const organization = useOrganizationRules(props.row.organization_id);
  return (
    <SettingsTabForm
      {...props}
      tab="content"
      label={t`Content`}
      after={
        <>
          <ResourcesSection row={props.row} editable={props.editable} />
          <IntegrationsSection row={props.row} />
        </>
      }
    >
      {(fields) => (
        <>
          <fieldset className="form__group">
            <legend className="form__legend">
              <Trans>Attendee options</Trans>
            </legend>
            <SettingSwitches {...fields} fields={["view_resources", "view_details", "switch_language"]} />
          </fieldset>
          <fieldset className="form__group">
            <legend className="form__legend">
              <Trans>Display</Trans>
            </legend>
            <SettingSwitches {...fields} fields={["schedule_visible", "add_to_calendar_visible", "sponsors_visible", "speakers_see_stats", "vod_download"]} organization={organization} />
            <TextField
              label={t`Tag`}
              name="tag"
              maxLength={1000}
              value={fields.values.tag}
              errors={fields.errors.tag}
              disabled={fields.disabled}
              hint={t`Leave empty for no tag.`}
              onChange={(event) => fields.onChange({ tag: event.target.value })}
            />
          </fieldset>
        </>
      )}
    </SettingsTabForm>
  );
}
