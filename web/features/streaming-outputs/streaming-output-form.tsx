import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { StreamingOutputRow } from "../../../domain/streaming-outputs/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { SwitchField } from "../../ui/form-controls.tsx";
import { TextField } from "../../ui/form.tsx";
import { RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";

const FIELDS = ["rtmp_url", "stream_key", "username", "password"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const valuesOf = (output: StreamingOutputRow | null): Values => ({
  rtmp_url: output?.rtmp_url ?? "",
  stream_key: output?.stream_key ?? "",
  username: output?.username ?? "",
  password: output?.password ?? "",
});

/** A secret text field (stream key, password) with a Show / Hide button. */
function SecretField(props: { label: string; name: string; value: string; errors: readonly string[] | undefined; disabled: boolean; hint?: string; autoComplete: string; onChange(value: string): void }) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <div className="secret-field">
      <TextField
        label={props.label}
        name={props.name}
        type={shown ? "text" : "password"}
        autoComplete={props.autoComplete}
        spellCheck={false}
        value={props.value}
        errors={props.errors}
        disabled={props.disabled}
        hint={props.hint}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <button type="button" className="button button--small secret-field__toggle" aria-pressed={shown} data-testid={`${props.name}-toggle`} onClick={() => setShown(!shown)}>
        {shown ? t`Hide` : t`Show`}
        <span className="visually-hidden"> {props.label}</span>
      </button>
    </div>
  );
}

/**
 * Creates (`output` null) or edits a streaming output through its mutator (offline too): the
 * create sends every field, an edit only the changed ones (a blank username and password clear
 * them). The mutator's field errors show on their fields. The credentials' inputs are named
 * `output_username` / `output_password`: every tab stays mounted, and the access tab has a
 * `password` of its own.
 */
export function StreamingOutputForm({ webcast, output, onDone }: { webcast: Pick<WebcastRow, "id" | "organization_id">; output: StreamingOutputRow | null; onDone(saved: boolean): void }) {
  const { t } = useLingui();
  const { run, refusal, busy } = usePartMutations();
  const [values, setValues] = useState<Values>(() => valuesOf(output));
  const [activated, setActivated] = useState(false);
  const [refused, setRefused] = useState<Values | null>(null);

  // A field's refusal stops showing once it is changed.
  const errorsOf = (field: (typeof FIELDS)[number]) => (refusal && refused && refused[field] === values[field] ? refusal.errors[field] : undefined);
  const set = (field: (typeof FIELDS)[number]) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const now = new Date().toISOString();
    let saved: boolean;
    if (output === null) {
      saved = await run("createStreamingOutput", { id: uuidv7(), organization_id: webcast.organization_id, webcast_id: webcast.id, ...values, activated, now });
    } else {
      const before = valuesOf(output);
      const changed = Object.fromEntries(FIELDS.filter((field) => values[field] !== before[field]).map((field) => [field, values[field]]));
      saved = Object.keys(changed).length === 0 || (await run("updateStreamingOutput", { id: output.id, ...changed, now }));
    }
    if (saved) onDone(true);
    else setRefused(values);
  };

  return (
    <form className="form streaming-output-form" noValidate onSubmit={(event) => void submit(event)} aria-label={output ? t`Edit the streaming output` : t`New streaming output`} data-testid="streaming-output-form">
      <RefusalAlert refusal={refusal} shownFields={FIELDS} />
      <TextField
        label={t`RTMP URL`}
        name="rtmp_url"
        type="url"
        inputMode="url"
        spellCheck={false}
        value={values.rtmp_url}
        errors={errorsOf("rtmp_url")}
        disabled={busy}
        hint={t`The address of the service, with its path, e.g. rtmp://a.rtmp.youtube.com/live2`}
        onChange={(event) => set("rtmp_url")(event.target.value)}
      />
      <SecretField label={t`Stream key`} name="stream_key" autoComplete="off" value={values.stream_key} errors={errorsOf("stream_key")} disabled={busy} onChange={set("stream_key")} />
      <div className="form__row">
        <TextField label={t`Username (optional)`} name="output_username" autoComplete="off" value={values.username} errors={errorsOf("username")} disabled={busy} onChange={(event) => set("username")(event.target.value)} />
        <SecretField
          label={t`Password (optional)`}
          name="output_password"
          autoComplete="new-password"
          value={values.password}
          errors={errorsOf("password")}
          disabled={busy}
          hint={t`Some services ask for a username and a password: give both or neither.`}
          onChange={set("password")}
        />
      </div>
      {output === null ? <SwitchField name="activated" label={t`Activate it`} help={t`The webcast is re-streamed to this output once it goes on air.`} checked={activated} disabled={busy} onChange={setActivated} /> : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined} data-testid="output-save">
          {output ? <Trans>Save the output</Trans> : <Trans>Add the output</Trans>}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
