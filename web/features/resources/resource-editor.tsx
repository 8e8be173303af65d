import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { MAX_UPLOAD_BYTES, formatBytes, size } from "../../../domain/validation/form-rules.ts";
import type { ResourceRow } from "../../../domain/resources/record.ts";
import type { ResourceKind } from "../../../domain/resources/mutators.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { TextAreaField } from "../../ui/form-controls.tsx";
import { FieldErrors, FormAlert, SelectField, TextField } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import { useOnline } from "../pwa/use-online.ts";
import { formMessageLocale } from "../webcasts/form-support.ts";
import { LANGUAGE_LABELS } from "../webcasts/labels.ts";
import { RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { uploadResourceFile } from "./api.ts";

interface Values {
  title: string;
  description: string;
  /** "" for none. */
  language: "" | "en" | "fr";
  /** The link or the address (link and e-mail resources). */
  url: string;
}
const FIELDS = ["title", "description", "language", "url"] as const;

const valuesOf = (resource: ResourceRow | null): Values => ({ title: resource?.title ?? "", description: resource?.description ?? "", language: resource?.language ?? "", url: resource?.url ?? "" });

export interface ResourceEditorProps {
  webcast: Pick<WebcastRow, "id" | "organization_id">;
  /** null: a new resource of `kind`. */
  resource: ResourceRow | null;
  kind: ResourceKind;
  onDone(saved: boolean): void;
}

/**
 * Adds or edits a resource. Links and e-mail addresses go through their mutators (offline too);
 * a new file is uploaded online (POST …/resources, XHR with a progress bar), after a size check
 * (SPEC §5: 5 GB) that refuses before a byte is sent. Editing changes the title, description,
 * language and address through `updateResource` (offline too). Errors show under their fields
 * until the field changes.
 */
export function ResourceEditor({ webcast, resource, kind, onDone }: ResourceEditorProps) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const engine = useSyncEngine();
  const fileId = useId();
  const { run, refusal, busy } = usePartMutations();
  const [values, setValues] = useState<Values>(() => valuesOf(resource));
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<Values | null>(null);
  const [uploadError, setUploadError] = useState<{ message: string | null; errors: Record<string, string[]> } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;
  const isFile = kind === "file";
  const needsConnection = isFile && resource === null;
  const disabled = busy || uploading;

  const failure = uploadError ?? refusal;
  const errorsOf = (field: (typeof FIELDS)[number]) => (failure && refused && refused[field] === values[field] ? failure.errors[field] : undefined);
  const fileTooLarge = file ? size(file.size, formMessageLocale(), { max: MAX_UPLOAD_BYTES }) : null;
  const fileErrors = fileTooLarge ? [fileTooLarge] : (uploadError?.errors.file ?? []);
  const limit = formatBytes(MAX_UPLOAD_BYTES, formMessageLocale());
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  const upload = async () => {
    if (!file) {
      setUploadError({ message: null, errors: { file: [t`Choose a file to upload.`] } });
      return false;
    }
    if (fileTooLarge) return false;
    setProgress(0);
    try {
      await uploadResourceFile(webcast.id, { title: values.title, description: values.description, language: values.language || null }, file, setProgress);
      engine?.requestSync();
      toast.success(t`The file was uploaded. It appears in the list with the next sync.`);
      return true;
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      if (error.handled) return false;
      const placed = [...FIELDS, "file"].some((field) => (error.errors[field]?.length ?? 0) > 0);
      setUploadError({ message: error.isNetworkError ? t`The server cannot be reached. Check your connection and try again.` : placed ? error.message : (error.errors._?.[0] ?? error.message), errors: error.errors });
      return false;
    } finally {
      setProgress(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    setUploadError(null);
    const now = new Date().toISOString();
    const language = values.language || null;
    let saved: boolean;
    if (resource === null && isFile) {
      if (!online) return;
      saved = await upload();
    } else if (resource === null) {
      saved = await run("createResource", { id: uuidv7(), organization_id: webcast.organization_id, webcast_id: webcast.id, kind, title: values.title, description: values.description, language, url: values.url, now });
    } else {
      const before = valuesOf(resource);
      const changed = {
        ...(values.title !== before.title ? { title: values.title } : {}),
        ...(values.description !== before.description ? { description: values.description } : {}),
        ...(values.language !== before.language ? { language } : {}),
        ...(!isFile && values.url !== before.url ? { url: values.url } : {}),
      };
      saved = Object.keys(changed).length === 0 || (await run("updateResource", { id: resource.id, ...changed, now }));
    }
    if (saved) onDone(true);
    else setRefused(values);
  };

  const label = resource ? t`Edit the resource “${resource.title}”` : kind === "link" ? t`New link` : kind === "email" ? t`New e-mail address` : t`New file`;
  return (
    <form className="form resource-editor" noValidate onSubmit={(event) => void submit(event)} aria-label={label} data-testid="resource-editor">
      {uploadError?.message ? <FormAlert>{uploadError.message}</FormAlert> : <RefusalAlert refusal={refusal} shownFields={[...FIELDS, "file"]} />}
      <TextField label={t`Title`} name="resource_title" value={values.title} errors={errorsOf("title")} disabled={disabled} onChange={(event) => set({ title: event.target.value })} />
      {kind === "file" ? null : (
        <TextField
          label={kind === "link" ? t`Link` : t`E-mail address`}
          name="resource_url"
          type={kind === "link" ? "url" : "email"}
          inputMode={kind === "link" ? "url" : "email"}
          spellCheck={false}
          value={values.url}
          errors={errorsOf("url")}
          disabled={disabled}
          hint={kind === "link" ? t`An address starting with https:// or http://` : undefined}
          onChange={(event) => set({ url: event.target.value })}
        />
      )}
      <TextAreaField label={t`Description (optional)`} name="resource_description" rows={2} value={values.description} errors={errorsOf("description")} disabled={disabled} onChange={(event) => set({ description: event.target.value })} />
      <SelectField
        label={t`Language`}
        name="resource_language"
        value={values.language}
        errors={errorsOf("language")}
        disabled={disabled}
        options={[{ value: "", label: t`Any language` }, ...(["en", "fr"] as const).map((value) => ({ value, label: i18n._(LANGUAGE_LABELS[value]) }))]}
        onChange={(event) => set({ language: event.target.value === "en" || event.target.value === "fr" ? event.target.value : "" })}
      />
      {needsConnection ? (
        <div className="field" data-invalid={fileErrors.length > 0}>
          <label htmlFor={fileId} className="field__label">
            <Trans>File</Trans>
          </label>
          <input
            id={fileId}
            type="file"
            name="resource_file"
            disabled={disabled || !online}
            aria-invalid={fileErrors.length > 0 || undefined}
            aria-describedby={`${fileId}-hint`}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setUploadError(null);
            }}
          />
          <p id={`${fileId}-hint`} className="field__hint">
            <Trans>Up to {limit}. The file is stored on the server: uploading it needs a connection.</Trans>
          </p>
          <FieldErrors errors={fileErrors} />
        </div>
      ) : null}
      {needsConnection && !online ? (
        <FormAlert tone="info">
          <Trans>You are offline. Uploading a file needs a connection.</Trans>
        </FormAlert>
      ) : null}
      {uploading ? <progress className="progress" max={1} value={progress} aria-label={t`Upload progress`} data-testid="resource-progress" /> : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={disabled || (needsConnection && (!online || fileTooLarge !== null))} aria-busy={disabled || undefined} data-testid="resource-save">
          {uploading ? <Trans>Uploading…</Trans> : resource ? <Trans>Save the resource</Trans> : needsConnection ? <Trans>Upload the file</Trans> : <Trans>Add the resource</Trans>}
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
