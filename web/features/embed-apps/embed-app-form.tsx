import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { EMBED_APP_LIMITS } from "../../../domain/embed-apps/mutators.ts";
import type { EmbedAppRow } from "../../../domain/embed-apps/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { TextAreaField } from "../../ui/form-controls.tsx";
import { TextField } from "../../ui/form.tsx";
import { EmbedAppPreview } from "./embed-app-preview.tsx";
import { RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";

const FIELDS = ["title", "description", "embed_code"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const valuesOf = (app: EmbedAppRow | null): Values => ({ title: app?.title ?? "", description: app?.description ?? "", embed_code: app?.embed_code ?? "" });

/**
 * Creates (`createEmbedApp`) or edits (`updateEmbedApp`, changed fields only) an embed app,
 * offline too: title, description and the embed code (at most 20,000 characters, counted as the
 * mutator counts them), which can be previewed in its sandboxed frame before saving.
 */
export function EmbedAppForm({ webcast, app, onDone }: { webcast: Pick<WebcastRow, "id" | "organization_id">; app: EmbedAppRow | null; onDone(saved: boolean): void }) {
  const { t, i18n } = useLingui();
  const { run, refusal, busy } = usePartMutations();
  const [values, setValues] = useState<Values>(() => valuesOf(app));
  const [refused, setRefused] = useState<Values | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const errorsOf = (field: (typeof FIELDS)[number]) => (refusal && refused && refused[field] === values[field] ? refusal.errors[field] : undefined);
  const length = [...values.embed_code].length;
  const count = i18n.number(length);
  const limit = i18n.number(EMBED_APP_LIMITS.embed_code);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const now = new Date().toISOString();
    let saved: boolean;
    if (app === null) {
      saved = await run("createEmbedApp", { id: uuidv7(), organization_id: webcast.organization_id, webcast_id: webcast.id, ...values, now });
    } else {
      const before = valuesOf(app);
      const changed = Object.fromEntries(FIELDS.filter((field) => values[field] !== before[field]).map((field) => [field, values[field]]));
      saved = Object.keys(changed).length === 0 || (await run("updateEmbedApp", { id: app.id, ...changed, now }));
    }
    if (saved) onDone(true);
    else setRefused(values);
  };

  return (
    <form className="form embed-app-form" noValidate onSubmit={(event) => void submit(event)} aria-label={app ? t`Edit the embed app “${app.title}”` : t`New embed app`} data-testid="embed-app-form">
      <RefusalAlert refusal={refusal} shownFields={FIELDS} />
      <TextField label={t`Title`} name="embed_title" value={values.title} errors={errorsOf("title")} disabled={busy} onChange={(event) => setValues({ ...values, title: event.target.value })} />
      <TextAreaField label={t`Description (optional)`} name="embed_description" rows={2} value={values.description} errors={errorsOf("description")} disabled={busy} onChange={(event) => setValues({ ...values, description: event.target.value })} />
      <TextAreaField
        label={t`Embed code`}
        name="embed_code"
        rows={8}
        spellCheck={false}
        value={values.embed_code}
        errors={errorsOf("embed_code")}
        disabled={busy}
        onChange={(event) => {
          setValues({ ...values, embed_code: event.target.value });
          setPreviewing(false);
        }}
      />
      <p className="field__hint embed-app-form__count" data-over={length > EMBED_APP_LIMITS.embed_code || undefined} data-testid="embed-code-count">
        <Trans>
          {count} of {limit} characters. The code runs in an isolated frame: it cannot reach this site, your account or the viewers' data.
        </Trans>
      </p>
      {previewing && values.embed_code.trim() ? <EmbedAppPreview code={values.embed_code} title={values.title || t`New embed app`} /> : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined} data-testid="embed-app-save">
          {app ? <Trans>Save the embed app</Trans> : <Trans>Add the embed app</Trans>}
        </button>
        <button type="button" className="button" disabled={!values.embed_code.trim()} aria-pressed={previewing} data-testid="embed-app-form-preview" onClick={() => setPreviewing(!previewing)}>
          {previewing ? <Trans>Hide the preview</Trans> : <Trans>Preview</Trans>}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
