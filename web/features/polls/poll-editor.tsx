import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { POLL_OPTIONS, type UpdatePollArgs } from "../../../domain/polls/mutators.ts";
import { POLL_DISPLAYS, type PollOption, type PollRow, type PollingSeriesRow } from "../../../domain/polls/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { SwitchField, TextAreaField } from "../../ui/form-controls.tsx";
import { FieldErrors, FormAlert, SelectField, TextField } from "../../ui/form.tsx";
import { LANGUAGE_LABELS } from "../webcasts/labels.ts";
import { RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { POLL_DISPLAY_LABELS } from "./poll-labels.ts";

interface PollDraft {
  title: string;
  description: string;
  language: "en" | "fr";
  options: PollOption[];
  recommended: string | null;
  multiple_choice: boolean;
  display: PollRow["display"];
  /** "" for none. */
  series_id: string;
}

const draftOf = (poll: PollRow | null, webcast: Pick<WebcastRow, "language">): PollDraft => ({
  title: poll?.title ?? "",
  description: poll?.description ?? "",
  language: poll?.language ?? webcast.language,
  options: poll ? poll.options.map((option) => ({ ...option })) : [{ id: uuidv7(), text: "" }, { id: uuidv7(), text: "" }],
  recommended: poll?.recommended_option_id ?? null,
  multiple_choice: poll?.multiple_choice ?? false,
  display: poll?.display ?? "fluid",
  series_id: poll?.series_id ?? "",
});

/** Field errors of the poll mutators that this form shows under an input (the rest go in the alert). */
const PLACED = /^(title|description|options(\.\d+\.(text|id))?|recommended_option_id|series_id)$/;
const sameOptions = (a: readonly PollOption[], b: readonly PollOption[]) => JSON.stringify(a.map((o) => [o.id, o.text.trim()])) === JSON.stringify(b.map((o) => [o.id, o.text]));

export interface PollEditorProps {
  webcast: Pick<WebcastRow, "id" | "organization_id" | "language">;
  /** null: a new poll (in `seriesId`, last). */
  poll: PollRow | null;
  series: readonly PollingSeriesRow[];
  seriesId?: string | null;
  onDone(saved: boolean): void;
}

/**
 * Creates (`createPoll`) or edits (`updatePoll`, the changed fields only) a poll through its
 * mutators, offline too: title, description, language, 2 to 20 options (added, removed, reordered;
 * ids kept so votes keep pointing at them), the recommended option, the choice mode, the display
 * and the series. While the poll is open its options and choice mode are locked, as the mutator
 * says. The mutator's field errors (`options.2.text`…) show under their inputs until changed.
 */
export function PollEditor({ webcast, poll, series, seriesId = null, onDone }: PollEditorProps) {
  const { t, i18n } = useLingui();
  const { run, refusal, busy } = usePartMutations();
  const [draft, setDraft] = useState<PollDraft>(() => ({ ...draftOf(poll, webcast), ...(poll ? {} : { series_id: seriesId ?? "" }) }));
  const [refused, setRefused] = useState<PollDraft | null>(null);
  const locked = poll?.status === "open";
  const set = (patch: Partial<PollDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const errors = (field: string, unchanged: (before: PollDraft) => boolean): string[] | undefined =>
    refusal && refused && unchanged(refused) ? refusal.errors[field] : undefined;
  const optionErrors = (option: PollOption): string[] => {
    const index = refused?.options.findIndex((before) => before.id === option.id) ?? -1;
    if (!refusal || !refused || index < 0 || refused.options[index]?.text !== option.text) return [];
    return [...(refusal.errors[`options.${index}.text`] ?? []), ...(refusal.errors[`options.${index}.id`] ?? [])];
  };

  const setOption = (index: number, text: string) => set({ options: draft.options.map((option, at) => (at === index ? { ...option, text } : option)) });
  const moveOption = (index: number, delta: -1 | 1) => {
    const options = [...draft.options];
    const [moved] = options.splice(index, 1);
    if (moved) options.splice(index + delta, 0, moved);
    set({ options });
  };
  const removeOption = (index: number) => {
    const removed = draft.options[index];
    set({ options: draft.options.filter((_, at) => at !== index), recommended: draft.recommended === removed?.id ? null : draft.recommended });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const now = new Date().toISOString();
    const fields = {
      title: draft.title,
      description: draft.description,
      language: draft.language,
      options: draft.options,
      recommended_option_id: draft.recommended,
      multiple_choice: draft.multiple_choice,
      display: draft.display,
      series_id: draft.series_id || null,
    };
    let saved: boolean;
    if (poll === null) {
      saved = await run("createPoll", { id: uuidv7(), organization_id: webcast.organization_id, webcast_id: webcast.id, ...fields, now });
    } else {
      const changed: Omit<UpdatePollArgs, "id" | "now"> = {};
      if (fields.title !== poll.title) changed.title = fields.title;
      if (fields.description !== (poll.description ?? "")) changed.description = fields.description;
      if (fields.language !== poll.language) changed.language = fields.language;
      if (!locked && !sameOptions(fields.options, poll.options)) changed.options = fields.options;
      if (fields.recommended_option_id !== poll.recommended_option_id) changed.recommended_option_id = fields.recommended_option_id;
      if (!locked && fields.multiple_choice !== poll.multiple_choice) changed.multiple_choice = fields.multiple_choice;
      if (fields.display !== poll.display) changed.display = fields.display;
      if (fields.series_id !== poll.series_id) changed.series_id = fields.series_id;
      saved = Object.keys(changed).length === 0 || (await run("updatePoll", { id: poll.id, ...changed, now }));
    }
    if (saved) onDone(true);
    else setRefused(draft);
  };

  const placed = Object.keys(refusal?.errors ?? {}).filter((field) => PLACED.test(field));
  const optionCountErrors = errors("options", (before) => before.options.length === draft.options.length) ?? [];
  return (
    <form className="form poll-editor" noValidate onSubmit={(event) => void submit(event)} aria-label={poll ? t`Edit the poll “${poll.title}”` : t`New poll`} data-testid="poll-editor">
      <RefusalAlert refusal={refusal} shownFields={placed} />
      <TextField label={t`Question`} name="poll_title" value={draft.title} errors={errors("title", (before) => before.title === draft.title)} disabled={busy} onChange={(event) => set({ title: event.target.value })} />
      <TextAreaField label={t`Description (optional)`} name="poll_description" rows={2} value={draft.description} errors={errors("description", (before) => before.description === draft.description)} disabled={busy} onChange={(event) => set({ description: event.target.value })} />
      <fieldset className="form__group poll-editor__options" data-testid="poll-options">
        <legend className="form__legend">
          <Trans>Options</Trans>
        </legend>
        {locked ? (
          <FormAlert tone="info">
            <span data-testid="poll-locked">
              <Trans>This poll is open: viewers are voting, so its options and its choice mode are locked. Close it in the control room to change them.</Trans>
            </span>
          </FormAlert>
        ) : (
          <p className="field__hint">
            <Trans>From 2 to 20 options. Choose the recommended answer, if there is one.</Trans>
          </p>
        )}
        <ol className="poll-options">
          {draft.options.map((option, index) => {
            const number = index + 1;
            return (
              <li key={option.id} className="poll-options__item" data-testid="poll-option">
                <TextField label={t`Option ${number}`} name={`poll_option_${index}`} value={option.text} errors={optionErrors(option)} disabled={busy || locked} onChange={(event) => setOption(index, event.target.value)} />
                <label className="poll-options__recommended">
                  <input type="radio" name="poll_recommended" value={option.id} checked={draft.recommended === option.id} disabled={busy} onChange={() => set({ recommended: option.id })} /> <Trans>Recommended</Trans>
                  <span className="visually-hidden"> {t`(option ${number})`}</span>
                </label>
                <div className="row-actions">
                  <button type="button" className="button button--small" disabled={busy || locked || index === 0} aria-label={t`Move option ${number} up`} onClick={() => moveOption(index, -1)}>
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button type="button" className="button button--small" disabled={busy || locked || index === draft.options.length - 1} aria-label={t`Move option ${number} down`} onClick={() => moveOption(index, 1)}>
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button
                    type="button"
                    className="button button--small button--danger"
                    data-testid={`poll-option-remove-${index}`}
                    disabled={busy || locked || draft.options.length <= POLL_OPTIONS.min}
                    aria-label={t`Remove option ${number}`}
                    onClick={() => removeOption(index)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        <FieldErrors errors={optionCountErrors} />
        <div className="poll-editor__option-actions">
          <button
            type="button"
            className="button button--small"
            data-testid="poll-option-add"
            disabled={busy || locked || draft.options.length >= POLL_OPTIONS.max}
            onClick={() => set({ options: [...draft.options, { id: uuidv7(), text: "" }] })}
          >
            <Trans>Add an option</Trans>
          </button>
          <label className="poll-options__recommended">
            <input type="radio" name="poll_recommended" value="" checked={draft.recommended === null} disabled={busy} onChange={() => set({ recommended: null })} /> <Trans>No recommended option</Trans>
          </label>
        </div>
        <FieldErrors errors={errors("recommended_option_id", (before) => before.recommended === draft.recommended) ?? []} />
      </fieldset>
      <SwitchField
        name="poll_multiple_choice"
        label={t`Multiple choice`}
        help={t`Viewers may choose several options.`}
        checked={draft.multiple_choice}
        disabled={busy || locked}
        onChange={(multiple_choice) => set({ multiple_choice })}
      />
      <div className="form__row">
        <SelectField
          label={t`Display`}
          name="poll_display"
          value={draft.display}
          disabled={busy}
          hint={i18n._(POLL_DISPLAY_LABELS[draft.display].help)}
          options={POLL_DISPLAYS.map((value) => ({ value, label: i18n._(POLL_DISPLAY_LABELS[value].label) }))}
          onChange={(event) => set({ display: event.target.value as PollRow["display"] })}
        />
        <SelectField
          label={t`Language`}
          name="poll_language"
          value={draft.language}
          disabled={busy}
          options={(["en", "fr"] as const).map((value) => ({ value, label: i18n._(LANGUAGE_LABELS[value]) }))}
          onChange={(event) => set({ language: event.target.value === "fr" ? "fr" : "en" })}
        />
        <SelectField
          label={t`Polling series`}
          name="poll_series"
          value={draft.series_id}
          disabled={busy}
          errors={errors("series_id", (before) => before.series_id === draft.series_id)}
          options={[{ value: "", label: t`None (standalone poll)` }, ...series.map((item) => ({ value: item.id, label: item.title }))]}
          onChange={(event) => set({ series_id: event.target.value })}
        />
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined} data-testid="poll-save">
          {poll ? <Trans>Save the poll</Trans> : <Trans>Add the poll</Trans>}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
