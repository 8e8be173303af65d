import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { MEDIA_LOOP_MODES, type MediaLoopMode, type MediaRow } from "../../../domain/media/record.ts";
import { SwitchField, TextAreaField } from "../../ui/form-controls.tsx";
import { SelectField, TextField } from "../../ui/form.tsx";
import { Modal } from "../people/modal.tsx";
import { RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { MEDIA_LOOP_MODE_LABELS } from "./media-labels.ts";

interface Values {
  title: string;
  description: string;
  pre_webcast_loop: boolean;
  post_webcast_loop: boolean;
  loop_mode: MediaLoopMode;
}
const FIELDS = ["title", "description", "pre_webcast_loop", "post_webcast_loop", "loop_mode"] as const;

const valuesOf = (row: MediaRow): Values => ({ title: row.title, description: row.description ?? "", pre_webcast_loop: row.pre_webcast_loop, post_webcast_loop: row.post_webcast_loop, loop_mode: row.loop_mode });

/**
 * Edits a video's title, description and loop settings in a dialog: the changed fields go through
 * `updateMedia` (offline too). The mutator's field errors show under their fields until changed.
 */
export function MediaEditor({ row, onClose }: { row: MediaRow; onClose(saved: boolean): void }) {
  const { t, i18n } = useLingui();
  const { run, refusal, busy } = usePartMutations();
  const [values, setValues] = useState<Values>(() => valuesOf(row));
  const [refused, setRefused] = useState<Values | null>(null);
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const errorsOf = (field: (typeof FIELDS)[number]) => (refusal && refused && refused[field] === values[field] ? refusal.errors[field] : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const before = valuesOf(row);
    const changed = Object.fromEntries(FIELDS.filter((field) => values[field] !== before[field]).map((field) => [field, values[field]])) as Partial<Values>;
    if (Object.keys(changed).length === 0) return onClose(false);
    if (await run("updateMedia", { id: row.id, ...changed, now: new Date().toISOString() })) onClose(true);
    else setRefused(values);
  };

  const title = row.title;
  return (
    <Modal title={t`Edit the video “${title}”`} onClose={() => onClose(false)} testId="media-editor">
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <RefusalAlert refusal={refusal} shownFields={FIELDS} />
        <TextField label={t`Title`} name="media_title" value={values.title} errors={errorsOf("title")} disabled={busy} required onChange={(event) => set({ title: event.target.value })} />
        <TextAreaField label={t`Description (optional)`} name="media_description" rows={3} value={values.description} errors={errorsOf("description")} disabled={busy} onChange={(event) => set({ description: event.target.value })} />
        <SwitchField
          label={t`Pre-webcast loop`}
          help={t`Offered to play before a webcast starts.`}
          name="media_pre_webcast_loop"
          checked={values.pre_webcast_loop}
          disabled={busy}
          onChange={(checked) => set({ pre_webcast_loop: checked })}
        />
        <SwitchField
          label={t`Post-webcast loop`}
          help={t`Offered to play after a webcast ends.`}
          name="media_post_webcast_loop"
          checked={values.post_webcast_loop}
          disabled={busy}
          onChange={(checked) => set({ post_webcast_loop: checked })}
        />
        <SelectField
          label={t`As a loop, it plays`}
          name="media_loop_mode"
          value={values.loop_mode}
          errors={errorsOf("loop_mode")}
          disabled={busy}
          options={MEDIA_LOOP_MODES.map((mode) => ({ value: mode, label: i18n._(MEDIA_LOOP_MODE_LABELS[mode]) }))}
          onChange={(event) => set({ loop_mode: event.target.value === "once" ? "once" : "repeat" })}
        />
        <div className="dialog__actions">
          <button type="button" className="button" disabled={busy} onClick={() => onClose(false)}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined} data-testid="media-save">
            <Trans>Save</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Plays a video's file from its signed URL (ranges: seeking works) in a dialog. */
export function MediaPreview({ title, fileUrl, posterUrl, onClose }: { title: string; fileUrl: string; posterUrl: string | null; onClose(): void }) {
  const { t } = useLingui();
  return (
    <Modal title={t`Preview of “${title}”`} onClose={onClose} testId="media-preview-dialog">
      <video className="media-preview__video" controls preload="metadata" src={fileUrl} poster={posterUrl ?? undefined} aria-label={t`Video “${title}”`} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </Modal>
  );
}
