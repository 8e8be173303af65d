import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import type { FieldErrors } from "../../../domain/errors/index.ts";
import { LIMIT_KEYS, type LimitKey, type Limits } from "../../../domain/organizations/limits.ts";
import { type Organization, updateConstraints } from "./api.ts";
import { LIMIT_LABELS, UNIT_LABELS } from "./field-labels.ts";
import { TextField } from "../../ui/form.tsx";
import { SaveBar, SaveError } from "./form-parts.tsx";
import { errorsFor, numberOrNull, numberText, recordOf, sameValues, useReportDirty, useTabForm } from "./form-state.ts";
import { ReadOnlyNote } from "./read-only-note.tsx";
import type { TabProps } from "./tabs.ts";

type ConstraintsDraft = Record<LimitKey, string>;

function draftOf(organization: Organization): ConstraintsDraft {
  return recordOf(LIMIT_KEYS, (name) => numberText(organization.limits[name]));
}

/** Constraints tab: the SPEC §3 limits; an empty field means unlimited (organizations.administer). */
export function ConstraintsTab({ organization, editable, onSaved, onDirtyChange }: TabProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState(() => draftOf(organization));
  const form = useTabForm();
  const dirty = editable && !sameValues(draft, draftOf(organization));
  useReportDirty(dirty, onDirtyChange);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const limits: Limits = recordOf(LIMIT_KEYS, (name) => numberOrNull(draft[name]));
    const invalid: FieldErrors = {};
    for (const name of LIMIT_KEYS) {
      const value = limits[name];
      if (value !== null && (!Number.isInteger(value) || value < 0)) invalid[name] = [t`Enter a whole number of 0 or more, or leave empty for unlimited.`];
    }
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      return;
    }
    const saved = await form.save(() => updateConstraints(organization.id, limits));
    if (saved) {
      setDraft(draftOf(saved));
      onSaved(saved);
    }
  };

  return (
    <form className="form" onSubmit={save} noValidate aria-label={t`Constraints`}>
      {editable ? null : <ReadOnlyNote />}
      <p className="field__hint">
        <Trans>Leave a field empty for no limit.</Trans>
      </p>
      <SaveError message={form.message} />
      <div className="form-grid">
        {LIMIT_KEYS.map((name) => {
          const { label, unit, help } = LIMIT_LABELS[name];
          const unitText = unit ? i18n._(UNIT_LABELS[unit]) : undefined;
          return (
            <TextField
              key={name}
              label={unitText ? `${i18n._(label)} (${unitText})` : i18n._(label)}
              hint={help ? i18n._(help) : undefined}
              errors={errorsFor(form.errors, name, "limits")}
              name={name}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder={t`Unlimited`}
              value={draft[name]}
              readOnly={!editable}
              onChange={(e) => setDraft((current) => ({ ...current, [name]: e.target.value }))}
            />
          );
        })}
      </div>
      {editable ? <SaveBar dirty={dirty} saving={form.sending} /> : null}
    </form>
  );
}

