import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { FEATURE_FLAGS, type FeatureFlag, type Features } from "../../../domain/organizations/features.ts";
import { type Organization, updateFeatures } from "./api.ts";
import { EMBED_ACTIVITIES_WARNING, FEATURE_GROUPS, FEATURE_LABELS } from "./field-labels.ts";
import { SwitchField } from "../../ui/form-controls.tsx";
import { SaveBar, SaveError } from "./form-parts.tsx";
import { errorsFor, recordOf, sameValues, useReportDirty, useTabForm } from "./form-state.ts";
import { ReadOnlyNote } from "./read-only-note.tsx";
import type { TabProps } from "./tabs.ts";

function draftOf(organization: Organization): Features {
  return recordOf(FEATURE_FLAGS, (flag) => organization.features[flag]);
}

/** Features tab: the 24 SPEC §3 flags as switches (organizations.administer). */
export function FeaturesTab({ organization, editable, onSaved, onDirtyChange }: TabProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState(() => draftOf(organization));
  const form = useTabForm();
  const dirty = editable && !sameValues(draft, draftOf(organization));
  useReportDirty(dirty, onDirtyChange);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await form.save(() => updateFeatures(organization.id, draft));
    if (saved) {
      setDraft(draftOf(saved));
      onSaved(saved);
    }
  };

  const toggle = (flag: FeatureFlag) => (checked: boolean) => setDraft((current) => ({ ...current, [flag]: checked }));

  return (
    <form className="form" onSubmit={save} noValidate aria-label={t`Features`}>
      {editable ? null : <ReadOnlyNote />}
      <SaveError message={form.message} />
      {FEATURE_GROUPS.map((group) => (
        <fieldset key={group.title.id} className="form-section">
          <legend className="form-section__title">{i18n._(group.title)}</legend>
          {group.flags.map((flag) => (
            <SwitchField
              key={flag}
              name={flag}
              label={i18n._(FEATURE_LABELS[flag].label)}
              help={i18n._(FEATURE_LABELS[flag].help)}
              checked={draft[flag]}
              disabled={!editable}
              errors={errorsFor(form.errors, flag, "features")}
              onChange={toggle(flag)}
            >
              {flag === "allow_embed_event_activities" ? (
                <p className="callout" data-tone="warning" data-testid="embed-warning">
                  <strong>
                    <Trans>Security warning</Trans>
                  </strong>{" "}
                  {i18n._(EMBED_ACTIVITIES_WARNING)}
                </p>
              ) : null}
            </SwitchField>
          ))}
        </fieldset>
      ))}
      {editable ? <SaveBar dirty={dirty} saving={form.sending} /> : null}
    </form>
  );
}
