import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { MAX_UPLOAD_BYTES, formatBytes, size } from "../../../domain/validation/form-rules.ts";
import type { ResourceRow } from "../../../domain/resources/record.ts";
import type { ResourceKind } from "../../../domain/resources/mutators.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { resourceFieldErrors } from "../../../domain/resources/mutators.ts";
import { dismissUpload } from "../uploads/upload-queue.ts";
import { UploadProgress } from "../uploads/upload-progress.tsx";
import { TextAreaField } from "../../ui/form-controls.tsx";
import { FieldErrors, FormAlert, SelectField, TextField } from "../../ui/form.tsx";
import { toast } from "../../ui/toast.ts";
import { useOnline } from "../pwa/use-online.ts";
import { formMessageLocale } from "../webcasts/form-support.ts";
import { LANGUAGE_LABELS } from "../webcasts/labels.ts";
import { RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { queueResourceFile } from "./api.ts";
import { useStoredUpload } from "./resource-uploads.tsx";

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
  /** This device's id of the upload the editor follows (a new file), or null. */
  onUploadChange?(upload: string | null): void;
}

/**
 * Adds or edits a resource. Links and e-mail addresses go through their mutators (offline too).
 * A new file goes on the upload client (docs/uploads.md): its size, name and type are checked first
 * (SPEC §5: 5 GB; refused before any request), then it is queued with the step that makes the
 * resource once it is in ("resource.create", ./api.ts); the editor follows its progress and closes
 * when it is done. Offline, the upload waits for the network. Editing changes the title,
 * description, language and address through `updateResource` (offline too). Errors show under
 * their fields until the field changes.
 */
export function ResourceEditor({ webcast, resource, kind, onDone, onUploadChange }: ResourceEditorProps) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const fileId = useId();
  const { run, refusal, busy } = usePartMutations();
  const [values, setValues] = useState<Values>(() => valuesOf(resource));
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<Values | null>(null);
  const [uploadError, setUploadError] = useState<{ message: string | null; errors: Record<string, string[]> } | null>(null);
  const [queuedId, setQueuedId] = useState<string | null>(null);
  const [queueing, setQueueing] = useState(false);
  const upload = useStoredUpload(queuedId);
  const isFile = kind === "file";
  const isNewFile = isFile && resource === null;
  // Sending (or waiting to): the fields are what the resource will be made with.
  const uploading = queueing || (upload != null && upload.status !== "failed" && upload.status !== "canceled");
  const disabled = busy || uploading;

  const finished = useRef(false);
  useEffect(() => {
    if (!upload || finished.current) return;
    if (upload.status === "done") {
      finished.current = true;
      toast.success(t`The file was uploaded. It appears in the list with the next sync.`);
      void dismissUpload(upload.id);
      onDone(true);
    } else if (upload.status === "canceled") setQueuedId(null);
  }, [upload, onDone, t]);

  useEffect(() => onUploadChange?.(queuedId), [queuedId, onUploadChange]);

  const failure = uploadError ?? refusal;
  const errorsOf = (field: (typeof FIELDS)[number]) => (failure && refused && refused[field] === values[field] ? failure.errors[field] : undefined);
  const fileTooLarge = file ? size(file.size, formMessageLocale(), { max: MAX_UPLOAD_BYTES }) : null;
  const fileErrors = fileTooLarge ? [fileTooLarge] : (uploadError?.errors.file ?? []);
  const limit = formatBytes(MAX_UPLOAD_BYTES, formMessageLocale());
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  const queueFile = async (): Promise<boolean> => {
    if (!file) {
      setUploadError({ message: null, errors: { file: [t`Choose a file to upload.`] } });
      return false;
    }
    if (fileTooLarge) return false;
    // The resource's own rules first (the server judges again when the file is in).
    const fields = { title: values.title, description: values.description, language: values.language || null };
    const errors = resourceFieldErrors({ ...fields, kind: "file", url: null, file_key: "incoming", file_name: file.name }, formMessageLocale());
    if (errors.file_name) errors.file = [...(errors.file ?? []), ...errors.file_name];
    if (Object.keys(errors).length > 0) {
      setUploadError({ message: null, errors });
      return false;
    }
    setQueueing(true);
    try {
      if (upload?.status === "failed") await dismissUpload(upload.id);
      const queued = await queueResourceFile(webcast, fields, file);
      if (!queued.ok) {
        setUploadError({ message: null, errors: { file: Object.values(queued.errors).flat() } });
        return false;
      }
      setQueuedId(queued.upload);
      return true;
    } finally {
      setQueueing(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    setUploadError(null);
    const now = new Date().toISOString();
    const language = values.language || null;
    if (isNewFile) {
      // The editor closes once the upload is done (above).
      if (!(await queueFile())) setRefused(values);
      return;
    }
    let saved: boolean;
    if (resource === null) {
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
      {isNewFile ? (
        <div className="field" data-invalid={fileErrors.length > 0}>
          <label htmlFor={fileId} className="field__label">
            <Trans>File</Trans>
          </label>
          <input
            id={fileId}
            type="file"
            name="resource_file"
            disabled={disabled}
            aria-invalid={fileErrors.length > 0 || undefined}
            aria-describedby={`${fileId}-hint`}
            onChange={(event) => {
              setFile(event.currentTarget.files?.[0] ?? null);
              setUploadError(null);
            }}
          />
          <p id={`${fileId}-hint`} className="field__hint">
            <Trans>Up to {limit}. The file is sent in the background: you may close this form, its upload goes on.</Trans>
          </p>
          <FieldErrors errors={fileErrors} />
        </div>
      ) : null}
      {isNewFile && !online ? (
        <FormAlert tone="info">
          <Trans>You are offline: the file will be uploaded when you are back online, and the resource added then.</Trans>
        </FormAlert>
      ) : null}
      {upload ? <UploadProgress upload={upload} /> : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={disabled || (isNewFile && fileTooLarge !== null)} aria-busy={disabled || undefined} data-testid="resource-save">
          {uploading ? <Trans>Uploading…</Trans> : resource ? <Trans>Save the resource</Trans> : isNewFile ? <Trans>Upload the file</Trans> : <Trans>Add the resource</Trans>}
        </button>
        <button type="button" className="button" disabled={busy || queueing} data-testid="resource-cancel" onClick={() => onDone(false)}>
          {uploading ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
        </button>
      </div>
    </form>
  );
}
