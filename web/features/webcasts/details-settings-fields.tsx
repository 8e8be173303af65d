import { Trans, useLingui } from "@lingui/react/macro";
import type { OrganizationRules } from "../../../domain/sync/types.ts";
import type { WebcastDraftDetails, WebcastDraftField, WebcastFormErrors } from "../../../domain/webcasts/draft.ts";
import { WEBCAST_EVENT_TYPES, WEBCAST_QUALITIES, WEBCAST_SOURCE_TYPES, type WebcastRow } from "../../../domain/webcasts/record.ts";
import { SelectField } from "../../ui/form.tsx";
import { EVENT_TYPE_LABELS, QUALITY_LABELS, SOURCE_TYPE_LABELS } from "./labels.ts";
import { isAllowed } from "./organization-features.ts";
import { SettingSwitch } from "./settings-fields.tsx";

/**
 * The details tab's settings: event type, source, quality, screen sharing, replay. Sources and
 * qualities the organization does not allow (allow_rtmp_mode, allow_vmr_sources,
 * allow_1080_webcasts) are left out when this device knows its features; the saved and the typed
 * values always stay. Without the features every option is offered, and the mutator refuses one
 * that is not allowed — at once when the rules are here, else from the server (rejected changes).
 */
export function DetailsSettingsFields(props: {
  details: WebcastDraftDetails;
  saved: Pick<WebcastRow, "source_type" | "quality">;
  organization: OrganizationRules | null;
  errors: WebcastFormErrors;
  locked?: ReadonlySet<WebcastDraftField> | undefined;
  disabled: boolean;
  onChange(patch: Partial<WebcastDraftDetails>): void;
}) {
  const { details, saved, organization, errors, locked, disabled, onChange } = props;
  const { t, i18n } = useLingui();
  const isLocked = (field: WebcastDraftField) => disabled || locked?.has(field) === true;
  const sources = WEBCAST_SOURCE_TYPES.filter((type) => isAllowed(organization, "source_type", type) || type === details.source_type || type === saved.source_type);
  const qualities = WEBCAST_QUALITIES.filter((quality) => isAllowed(organization, "quality", quality) || quality === details.quality || quality === saved.quality);
  return (
    <fieldset className="form__group" data-testid="details-settings">
      <legend className="form__legend">
        <Trans>Broadcast</Trans>
      </legend>
      <SelectField
        label={t`Event type`}
        name="event_type"
        value={details.event_type}
        errors={errors.event_type}
        disabled={isLocked("event_type")}
        options={WEBCAST_EVENT_TYPES.map((type) => ({ value: type, label: i18n._(EVENT_TYPE_LABELS[type]) }))}
        onChange={(event) => onChange({ event_type: WEBCAST_EVENT_TYPES.find((type) => type === event.target.value) ?? "video" })}
      />
      <SelectField
        label={t`Source`}
        name="source_type"
        value={details.source_type ?? ""}
        errors={errors.source_type}
        disabled={isLocked("source_type")}
        hint={organization ? undefined : t`Your organization may allow only some sources; a source it does not allow is refused when saved.`}
        options={[{ value: "", label: t`Not chosen yet` }, ...sources.map((type) => ({ value: type, label: i18n._(SOURCE_TYPE_LABELS[type]) }))]}
        onChange={(event) => onChange({ source_type: WEBCAST_SOURCE_TYPES.find((type) => type === event.target.value) ?? null })}
      />
      <SelectField
        label={t`Quality`}
        name="quality"
        value={details.quality}
        errors={errors.quality}
        disabled={isLocked("quality")}
        options={qualities.map((quality) => ({ value: quality, label: i18n._(QUALITY_LABELS[quality]) }))}
        onChange={(event) => onChange({ quality: WEBCAST_QUALITIES.find((quality) => quality === event.target.value) ?? "720p" })}
      />
      <SettingSwitch field="screen_sharing" checked={details.screen_sharing} errors={errors} disabled={isLocked("screen_sharing")} onChange={(checked) => onChange({ screen_sharing: checked })} />
      <SettingSwitch field="replay_enabled" checked={details.replay_enabled} errors={errors} disabled={isLocked("replay_enabled")} onChange={(checked) => onChange({ replay_enabled: checked })} />
    </fieldset>
  );
}
