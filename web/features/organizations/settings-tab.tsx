import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { FieldErrors } from "../../../domain/errors/index.ts";
import type { SubscriptionPeriod } from "../../../domain/organizations/organization.ts";
import { confirm } from "../../ui/confirm.ts";
import { SelectField, TextField } from "../../ui/form.tsx";
import { ActivationSection } from "./activation-section.tsx";
import { type Organization, type SettingsPatch, setSelfServe, updateOrganization } from "./api.ts";
import { SwitchField } from "../../ui/form-controls.tsx";
import { SaveBar, SaveError } from "./form-parts.tsx";
import { errorsFor, numberOrNull, numberText, sameValues, useReportDirty, useTabForm } from "./form-state.ts";
import { ReadOnlyNote } from "./read-only-note.tsx";
import type { TabProps } from "./tabs.ts";

const NUMBER_FIELDS = ["rate_per_minute_live", "rate_per_minute_vod", "rate_per_organizer", "billable_organizers"] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

interface SettingsDraft extends Record<NumberField, string> {
  is_billable: boolean;
  billing_start_date: string;
  subscription_period: SubscriptionPeriod | "";
}

function draftOf(organization: Organization): SettingsDraft {
  return {
    is_billable: organization.is_billable,
    billing_start_date: organization.billing_start_date ?? "",
    subscription_period: organization.subscription_period ?? "",
    rate_per_minute_live: numberText(organization.rate_per_minute_live),
    rate_per_minute_vod: numberText(organization.rate_per_minute_vod),
    rate_per_organizer: numberText(organization.rate_per_organizer),
    billable_organizers: numberText(organization.billable_organizers),
  };
}

export interface SettingsTabProps extends TabProps {
  /** Super admins only: reactivation (SPEC §4 "through sales"). */
  canActivate: boolean;
  /** Some tab holds unsaved changes (a billing-type change would drop them). */
  anyDirty: boolean;
  /** The billing type changed: every tab starts again from the reset organization. */
  onReset(organization: Organization): void;
}

/**
 * Settings tab: billing terms (is_billable, start date, period, rates, billable organizers), the
 * billing type and activation. Billing terms are set by sales: organizations.administer.
 */
export function SettingsTab(props: SettingsTabProps) {
  const { organization, editable, onSaved, onDirtyChange } = props;
  const { t } = useLingui();
  const typeHeadingId = useId();
  const [draft, setDraft] = useState(() => draftOf(organization));
  const [changingType, setChangingType] = useState(false);
  const form = useTabForm();
  const dirty = editable && !sameValues(draft, draftOf(organization));
  useReportDirty(dirty, onDirtyChange);

  const set = <K extends keyof SettingsDraft>(field: K, value: SettingsDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const numbers: Record<NumberField, number | null> = {
      rate_per_minute_live: numberOrNull(draft.rate_per_minute_live),
      rate_per_minute_vod: numberOrNull(draft.rate_per_minute_vod),
      rate_per_organizer: numberOrNull(draft.rate_per_organizer),
      billable_organizers: numberOrNull(draft.billable_organizers),
    };
    const invalid: FieldErrors = {};
    for (const field of NUMBER_FIELDS) if (Number.isNaN(numbers[field])) invalid[field] = [t`Enter a number.`];
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      return;
    }
    const patch: SettingsPatch = {
      is_billable: draft.is_billable,
      billing_start_date: draft.billing_start_date || null,
      subscription_period: draft.subscription_period || null,
      ...numbers,
    };
    const saved = await form.save(() => updateOrganization(organization.id, patch));
    if (saved) {
      setDraft(draftOf(saved));
      onSaved(saved);
    }
  };

  // SPEC §4: changing the billing type resets the settings, so it is confirmed and sent on its own.
  const changeBillingType = async (selfServe: boolean) => {
    const accepted = await confirm({
      title: selfServe ? t`Switch to self-serve billing?` : t`Switch to billing managed by sales?`,
      message: [
        t`Changing the billing type resets this organization's billing terms (billable flag, start date, subscription period, PO number, sales rep, rates and billable organizers), its constraints and its features to the defaults of the new type. Name, contact details and people are kept.`,
        props.anyDirty ? t`Your unsaved changes will be lost.` : "",
      ]
        .filter(Boolean)
        .join(" "),
      acceptLabel: t`Change and reset settings`,
    });
    if (!accepted) return;
    setChangingType(true);
    const saved = await form.save(() => setSelfServe(organization.id, selfServe), t`Billing type changed; the settings were reset.`);
    setChangingType(false);
    if (saved) props.onReset(saved);
  };

  const numberField = (field: NumberField, label: string, step: string) => (
    <TextField
      label={label}
      name={field}
      type="number"
      inputMode="decimal"
      min={0}
      step={step}
      value={draft[field]}
      readOnly={!editable}
      errors={errorsFor(form.errors, field)}
      onChange={(e) => set(field, e.target.value)}
    />
  );

  return (
    <div className="stack">
      <form className="form" onSubmit={save} noValidate aria-label={t`Billing settings`}>
        {editable ? null : <ReadOnlyNote />}
        <SaveError message={form.message} />
        <SwitchField
          name="is_billable"
          label={<Trans>Billable</Trans>}
          help={<Trans>Usage of this organization is invoiced.</Trans>}
          checked={draft.is_billable}
          disabled={!editable}
          errors={errorsFor(form.errors, "is_billable")}
          onChange={(checked) => set("is_billable", checked)}
        />
        <div className="form-grid">
          <TextField
            label={<Trans>Billing start date</Trans>}
            name="billing_start_date"
            type="date"
            value={draft.billing_start_date}
            readOnly={!editable}
            errors={errorsFor(form.errors, "billing_start_date")}
            onChange={(e) => set("billing_start_date", e.target.value)}
          />
          <SelectField
            label={<Trans>Subscription period</Trans>}
            name="subscription_period"
            value={draft.subscription_period}
            disabled={!editable}
            errors={errorsFor(form.errors, "subscription_period")}
            options={[
              { value: "", label: t`Not set` },
              { value: "monthly", label: t`Monthly` },
              { value: "yearly", label: t`Yearly` },
            ]}
            onChange={(e) => set("subscription_period", e.target.value === "monthly" || e.target.value === "yearly" ? e.target.value : "")}
          />
          {numberField("rate_per_minute_live", t`Rate per minute, live (CA$)`, "0.01")}
          {numberField("rate_per_minute_vod", t`Rate per minute, on demand (CA$)`, "0.01")}
          {numberField("rate_per_organizer", t`Rate per organizer (CA$)`, "0.01")}
          {numberField("billable_organizers", t`Billable organizers`, "1")}
        </div>
        {editable ? <SaveBar dirty={dirty} saving={form.sending && !changingType} /> : null}
      </form>

      <section className="form-section" aria-labelledby={typeHeadingId}>
        <h2 id={typeHeadingId} className="form-section__title">
          <Trans>Billing type</Trans>
        </h2>
        <SwitchField
          name="self_serve"
          label={<Trans>Self-serve</Trans>}
          help={<Trans>The owner picks a plan and pays by card. Changing the billing type resets the settings.</Trans>}
          checked={organization.self_serve}
          disabled={!props.canAdminister || changingType}
          errors={errorsFor(form.errors, "self_serve")}
          onChange={(checked) => void changeBillingType(checked)}
        />
      </section>

      <ActivationSection organization={organization} canDeactivate={props.canAdminister} canActivate={props.canActivate} onSaved={onSaved} />
    </div>
  );
}
