import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useRef, useState } from "react";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { ViewerRow } from "../../../domain/viewers/record.ts";
import { cleanViewerFields, splitTags, viewerFieldErrors } from "../../../domain/viewers/rules.ts";
import { ApiRequestError } from "../../api/errors.ts";
import { useSyncEngine } from "../../local/session-sync.ts";
import { FormAlert, TextField } from "../../ui/form.tsx";
import { SwitchField } from "../../ui/form-controls.tsx";
import { Modal } from "../people/modal.tsx";
import { formMessageLocale, refusalText } from "../webcasts/form-support.ts";
import { type ViewerJson, createViewerOnline, updateViewerOnline } from "./api.ts";

/** The form's fields as typed (tags as a comma list, the weight as text). */
export interface ViewerFormValues {
  name: string;
  email: string;
  tags: string;
  control_number: string;
  vote_weight: string;
  password: string;
  registered: boolean;
  is_moderator: boolean;
}

type Field = "name" | "email" | "tags" | "control_number" | "vote_weight" | "password";
const FIELDS: readonly Field[] = ["name", "email", "tags", "control_number", "vote_weight", "password"];

export function formValuesOf(row: Partial<ViewerRow> | null): ViewerFormValues {
  return {
    name: row?.name ?? "",
    email: row?.email ?? "",
    tags: (row?.tags ?? []).join(", "),
    control_number: row?.control_number ?? "",
    vote_weight: row?.vote_weight === undefined || row.vote_weight === null ? "1" : String(row.vote_weight),
    password: "",
    registered: row?.registered ?? false,
    is_moderator: row?.is_moderator ?? false,
  };
}

/** The typed weight as a number: empty is the ordinary weight (1), "1,5" is 1.5, anything else NaN (an error). */
function parseWeight(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(",", ".")) : Number.NaN;
}

function cleaned(values: ViewerFormValues) {
  return cleanViewerFields({
    name: values.name,
    email: values.email,
    tags: splitTags(values.tags),
    control_number: values.control_number,
    vote_weight: parseWeight(values.vote_weight),
    password: values.password,
  });
}

export interface ViewerFormProps {
  webcastId: string;
  /** The viewer being edited; null to add one. */
  viewer: ViewerRow | null;
  /** Whether the edited viewer has a password (the REST list's `has_password`); undefined when unknown (offline). */
  hasPassword?: boolean | undefined;
  /** Values to start from (a refused change being fixed), over the viewer's. */
  initial?: Partial<ViewerRow> | undefined;
  /** The server's field errors of the refused change being fixed. */
  initialErrors?: Record<string, string[]> | undefined;
  initialMessage?: string | undefined;
  online: boolean;
  onClose(): void;
  /** After a save: the change was made (queued, or done by the server for a password: its answer). */
  onSaved(name: string, answer?: ViewerJson): void;
}

/**
 * Adds or edits a viewer in a dialog. Field errors come as the user types, from
 * `viewerFieldErrors` (the server's own rules and texts). Without a password the change goes
 * through the `createViewer` / `updateViewer` mutators (applied here at once, queued offline); a
 * password is a secret that never syncs, so it is set through the REST routes, online only; so is
 * its removal ("Remove the password", sent with the other fields on Save as `password: null`).
 */
export function ViewerForm({ webcastId, viewer, hasPassword, initial, initialErrors, initialMessage, online, onClose, onSaved }: ViewerFormProps) {
  const { t } = useLingui();
  const engine = useSyncEngine();
  const hintId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const start = useRef(formValuesOf(initial ? { ...viewer, ...initial } : viewer));
  const [values, setValues] = useState<ViewerFormValues>(start.current);
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ message: string | null; errors: Record<string, string[]>; values: ViewerFormValues }>({
    message: initialMessage ?? null,
    errors: initialErrors ?? {},
    values: start.current,
  });
  const [busy, setBusy] = useState(false);
  const [removePassword, setRemovePassword] = useState(false);
  const locale = formMessageLocale();
  // The viewer's password is removed on Save: only one it has, and online (the server removes it).
  const removing = removePassword && viewer !== null && hasPassword === true && online;

  const own = viewerFieldErrors(cleaned(values), locale);
  const errorsOf = (field: Field): string[] => {
    const mine = submitted || touched.has(field) ? (own[field] ?? []) : [];
    // A refusal's errors stay on a field until it changes.
    const refused = values[field] === server.values[field] ? (server.errors[field] ?? []) : [];
    return [...new Set([...mine, ...refused])];
  };

  const set = <K extends keyof ViewerFormValues>(field: K, value: ViewerFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if ((FIELDS as readonly string[]).includes(field)) setTouched((current) => (current.has(field as Field) ? current : new Set([...current, field as Field])));
  };

  const focusFirstInvalid = () => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const fields = cleaned(values);
    if (Object.keys(viewerFieldErrors(fields, locale)).length > 0) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    setServer({ message: null, errors: {}, values });
    const flags = { registered: values.registered, is_moderator: values.is_moderator };
    const body = { name: fields.name, email: fields.email, tags: fields.tags, control_number: fields.control_number, vote_weight: fields.vote_weight, ...flags };
    try {
      let answer: ViewerJson | undefined;
      if (fields.password !== null || removing) {
        // Passwords never sync: the server sets (hashed) or removes them, then the next pull brings the row.
        const password = removing ? null : fields.password;
        if (viewer) answer = await updateViewerOnline(webcastId, viewer.id, { ...body, password });
        else answer = await createViewerOnline(webcastId, { ...body, password });
        engine?.requestSync();
      } else if (!engine) {
        return;
      } else if (viewer) {
        const before = cleaned(formValuesOf(viewer));
        const changed: Record<string, unknown> = {};
        for (const key of ["name", "email", "control_number", "vote_weight"] as const) if (fields[key] !== before[key]) changed[key] = fields[key];
        if (JSON.stringify(fields.tags) !== JSON.stringify(viewer.tags)) changed.tags = fields.tags;
        if (flags.registered !== viewer.registered) changed.registered = flags.registered;
        if (flags.is_moderator !== viewer.is_moderator) changed.is_moderator = flags.is_moderator;
        if (Object.keys(changed).length > 0) await engine.mutate("updateViewer", { id: viewer.id, ...changed, now: new Date().toISOString() });
      } else {
        await engine.mutate("createViewer", { id: uuidv7(), webcast_id: webcastId, ...body, now: new Date().toISOString() });
      }
      onSaved(fields.name, answer);
    } catch (error) {
      const refused = refusalText(error);
      if (refused) setServer({ message: refused.message, errors: refused.errors, values });
      else if (error instanceof ApiRequestError) {
        setServer({
          message: error.isNetworkError ? t`The server cannot be reached. Check your connection and try again.` : error.message,
          errors: error.errors,
          values,
        });
      } else throw error;
      focusFirstInvalid();
    } finally {
      setBusy(false);
    }
  };

  const otherErrors = Object.entries(server.errors)
    .filter(([field]) => !(FIELDS as readonly string[]).includes(field))
    .flatMap(([, messages]) => messages);
  const tags = splitTags(values.tags);

  return (
    <Modal title={viewer ? t`Edit the viewer` : t`Add a viewer`} onClose={onClose} testId="viewer-form-dialog">
      <form ref={formRef} className="form viewer-form" noValidate onSubmit={(event) => void submit(event)} data-testid="viewer-form">
        {server.message ? (
          <FormAlert>
            <span data-testid="viewer-form-refusal">{server.message}</span>
            {otherErrors.length > 0 ? (
              <ul className="form-alert__details">
                {otherErrors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
          </FormAlert>
        ) : null}
        <TextField label={t`Name`} name="name" required autoComplete="off" value={values.name} errors={errorsOf("name")} onChange={(event) => set("name", event.target.value)} />
        <TextField label={t`E-mail`} name="email" type="email" required autoComplete="off" value={values.email} errors={errorsOf("email")} onChange={(event) => set("email", event.target.value)} />
        <TextField
          label={t`Tags`}
          name="tags"
          hint={t`Separate tags with commas.`}
          value={values.tags}
          errors={errorsOf("tags")}
          onChange={(event) => set("tags", event.target.value)}
        />
        {tags.length > 0 ? (
          <ul className="viewer-chips" aria-label={t`Tags`} data-testid="viewer-form-tags">
            {tags.map((tag) => (
              <li key={tag} className="viewer-chip">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="form__row">
          <TextField label={t`Control number`} name="control_number" autoComplete="off" value={values.control_number} errors={errorsOf("control_number")} onChange={(event) => set("control_number", event.target.value)} />
          <TextField
            label={t`Vote weight`}
            name="vote_weight"
            inputMode="decimal"
            hint={t`1 for an ordinary vote.`}
            value={values.vote_weight}
            errors={errorsOf("vote_weight")}
            onChange={(event) => set("vote_weight", event.target.value)}
          />
        </div>
        <TextField
          label={viewer ? t`New password` : t`Password`}
          name="password"
          type="password"
          autoComplete="new-password"
          disabled={!online || removing}
          hint={
            online
              ? viewer
                ? t`Optional. Leave empty to keep the current password. Passwords are set by the server and never kept on this device.`
                : t`Optional. Passwords are set by the server and never kept on this device.`
              : t`You are offline: passwords are set by the server and never kept on this device, so they need a connection. Everything else is saved here and sent later.`
          }
          value={values.password}
          errors={errorsOf("password")}
          onChange={(event) => set("password", event.target.value)}
        />
        {viewer && online && hasPassword !== undefined ? (
          <div data-testid="viewer-form-password">
            <p className="muted" aria-live="polite" data-testid="viewer-form-password-state">
              {removing ? t`No password: the current one is removed when you save.` : hasPassword ? t`A password is set.` : t`No password.`}
            </p>
            {hasPassword ? (
              // One button whose label turns: it keeps the keyboard focus, and the choice can be undone.
              <button
                type="button"
                className={removing ? "button button--small" : "button button--small button--danger"}
                onClick={() => {
                  if (!removing) set("password", "");
                  setRemovePassword(!removing);
                }}
                data-testid="viewer-form-remove-password"
              >
                {removing ? <Trans>Keep the password</Trans> : <Trans>Remove the password</Trans>}
              </button>
            ) : null}
          </div>
        ) : null}
        <SwitchField label={t`Registered`} name="registered" checked={values.registered} onChange={(checked) => set("registered", checked)} />
        <SwitchField label={t`Moderator`} name="is_moderator" help={t`A moderator helps run the event's questions.`} checked={values.is_moderator} onChange={(checked) => set("is_moderator", checked)} />
        <p id={hintId} className="visually-hidden">
          <Trans>Fields with errors are marked and explained under each field.</Trans>
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined} aria-describedby={hintId} data-testid="viewer-form-save">
            {viewer ? <Trans>Save</Trans> : <Trans>Add the viewer</Trans>}
          </button>
        </div>
      </form>
    </Modal>
  );
}
