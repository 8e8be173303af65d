import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { WEBCAST_KINDS, type WebcastDraftDetails, type WebcastDraftField, type WebcastFormErrors } from "../../../domain/webcasts/draft.ts";
import { SelectField, TextField } from "../../ui/form.tsx";
import { TextAreaField } from "../../ui/form-controls.tsx";
import { placeStartErrors } from "./form-support.ts";
import { KIND_LABELS, LANGUAGE_LABELS } from "./labels.ts";

export type DraftErrors = WebcastFormErrors;

export interface WebcastFieldsProps {
  step: "general" | "schedule";
  details: WebcastDraftDetails;
  errors: DraftErrors;
  /** Organizations the user may create webcasts in; omitted on an existing webcast (it cannot move). */
  organizations?: readonly { id: number; name: string }[];
  /** Fields that cannot change (an on-air webcast's schedule and type). */
  locked?: ReadonlySet<WebcastDraftField>;
  disabled?: boolean;
  onChange(patch: Partial<WebcastDraftDetails>): void;
}

let zones: readonly string[] | null = null;
/** The runtime's IANA time zones (plus the current value if the runtime does not list it). */
function timeZones(current: string): readonly string[] {
  zones ??= typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];
  return zones.includes(current) || current === "" ? zones : [current, ...zones];
}

/** The time zone field's options (`timeZones`, labelled without underscores); the control room's reschedule uses them too. */
export function timeZoneOptions(current: string): { value: string; label: string }[] {
  return timeZones(current).map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));
}

/** The fields of one wizard step (the edit screen shows both steps, one after the other). */
export function WebcastFields({ step, details, errors: given, organizations, locked, disabled, onChange }: WebcastFieldsProps) {
  const { t, i18n } = useLingui();
  const zoneOptions = useMemo(() => timeZoneOptions(details.timezone), [details.timezone]);
  const isLocked = (field: WebcastDraftField) => disabled === true || locked?.has(field) === true;
  // "The start is in the past" goes under the date (issue #12).
  const errors = step === "schedule" ? placeStartErrors(details, given) : given;

  if (step === "general") {
    return (
      <fieldset className="form__group" data-testid="step-general">
        <legend className="visually-hidden">
          <Trans>General information</Trans>
        </legend>
        {organizations ? (
          <SelectField
            label={t`Organization`}
            name="organization_id"
            value={details.organization_id === null ? "" : String(details.organization_id)}
            errors={errors.organization_id}
            disabled={isLocked("organization_id")}
            options={[{ value: "", label: t`Choose an organization` }, ...organizations.map((org) => ({ value: String(org.id), label: org.name }))]}
            onChange={(event) => onChange({ organization_id: event.target.value === "" ? null : Number(event.target.value) })}
          />
        ) : null}
        <TextField
          label={t`Title`}
          name="event_title"
          required
          maxLength={255}
          value={details.event_title}
          errors={errors.event_title}
          disabled={isLocked("event_title")}
          onChange={(event) => onChange({ event_title: event.target.value })}
        />
        <TextAreaField
          label={t`Description`}
          name="description"
          rows={4}
          value={details.description}
          errors={errors.description}
          disabled={isLocked("description")}
          onChange={(event) => onChange({ description: event.target.value })}
        />
        <SelectField
          label={t`Webcast language`}
          name="language"
          value={details.language}
          errors={errors.language}
          disabled={isLocked("language")}
          options={(["fr", "en"] as const).map((language) => ({ value: language, label: i18n._(LANGUAGE_LABELS[language]) }))}
          onChange={(event) => onChange({ language: event.target.value === "en" ? "en" : "fr" })}
        />
        <SelectField
          label={t`Type`}
          name="kind"
          value={details.kind}
          errors={errors.kind}
          disabled={isLocked("kind")}
          options={WEBCAST_KINDS.map((kind) => ({ value: kind, label: i18n._(KIND_LABELS[kind]) }))}
          onChange={(event) => onChange({ kind: WEBCAST_KINDS.find((kind) => kind === event.target.value) ?? "live" })}
        />
      </fieldset>
    );
  }
  return (
    <fieldset className="form__group" data-testid="step-schedule">
      <legend className="visually-hidden">
        <Trans>Date and time</Trans>
      </legend>
      <div className="form__row">
        <TextField
          label={t`Start date`}
          name="start_date"
          type="date"
          required
          value={details.start_date}
          errors={errors.start_date}
          disabled={isLocked("start_date")}
          onChange={(event) => onChange({ start_date: event.target.value })}
        />
        <TextField
          label={t`Start time`}
          name="start_time"
          type="time"
          required
          value={details.start_time}
          errors={errors.start_time}
          disabled={isLocked("start_time")}
          onChange={(event) => onChange({ start_time: event.target.value })}
        />
      </div>
      <SelectField
        label={t`Time zone`}
        name="timezone"
        value={details.timezone}
        errors={errors.timezone}
        disabled={isLocked("timezone")}
        options={zoneOptions}
        onChange={(event) => onChange({ timezone: event.target.value })}
      />
      <TextField
        label={t`Duration (minutes)`}
        name="duration"
        inputMode="numeric"
        required
        value={details.duration}
        errors={errors.duration}
        disabled={isLocked("duration")}
        hint={details.kind === "test" ? t`A test webcast lasts at most 20 minutes.` : undefined}
        onChange={(event) => onChange({ duration: event.target.value })}
      />
    </fieldset>
  );
}
