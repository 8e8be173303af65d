import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { PollingSeriesRow } from "../../../domain/polls/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { confirm } from "../../ui/confirm.ts";
import { TextAreaField } from "../../ui/form-controls.tsx";
import { TextField } from "../../ui/form.tsx";
import { RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { MoveButtons } from "../webcasts/reorder-controls.tsx";
import { PendingBadge } from "../webcasts/webcast-status.tsx";

type Webcast = Pick<WebcastRow, "id" | "organization_id">;

/**
 * Creates (`createPollingSeries`) or edits (`updatePollingSeries`, changed fields only) a polling
 * series, offline too; the mutator's field errors show under their inputs until changed.
 */
export function SeriesForm({ webcast, series, onDone }: { webcast: Webcast; series: PollingSeriesRow | null; onDone(saved: boolean): void }) {
  const { t } = useLingui();
  const { run, refusal, busy } = usePartMutations();
  const [values, setValues] = useState({ title: series?.title ?? "", description: series?.description ?? "" });
  const [refused, setRefused] = useState<typeof values | null>(null);
  const errorsOf = (field: keyof typeof values) => (refusal && refused && refused[field] === values[field] ? refusal.errors[field] : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const now = new Date().toISOString();
    let saved: boolean;
    if (series === null) {
      saved = await run("createPollingSeries", { id: uuidv7(), organization_id: webcast.organization_id, webcast_id: webcast.id, ...values, now });
    } else {
      const changed = {
        ...(values.title !== series.title ? { title: values.title } : {}),
        ...(values.description !== (series.description ?? "") ? { description: values.description } : {}),
      };
      saved = Object.keys(changed).length === 0 || (await run("updatePollingSeries", { id: series.id, ...changed, now }));
    }
    if (saved) onDone(true);
    else setRefused(values);
  };

  return (
    <form className="form series-form" noValidate onSubmit={(event) => void submit(event)} aria-label={series ? t`Edit the polling series “${series.title}”` : t`New polling series`} data-testid="series-form">
      <RefusalAlert refusal={refusal} shownFields={["title", "description"]} />
      <TextField label={t`Series title`} name="series_title" value={values.title} errors={errorsOf("title")} disabled={busy} onChange={(event) => setValues({ ...values, title: event.target.value })} />
      <TextAreaField label={t`Description (optional)`} name="series_description" rows={2} value={values.description} errors={errorsOf("description")} disabled={busy} onChange={(event) => setValues({ ...values, description: event.target.value })} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined} data-testid="series-save">
          {series ? <Trans>Save the series</Trans> : <Trans>Add the series</Trans>}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => onDone(false)}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

export interface PollingSeriesSectionProps {
  webcast: Webcast;
  series: PollingSeriesRow;
  unsynced: boolean;
  first: boolean;
  last: boolean;
  canManage: boolean;
  /** Another change of the tab is running (moves wait). */
  busy: boolean;
  onMove(delta: -1 | 1): void;
  /** The series' polls (and the button that adds one to it). */
  children: ReactNode;
}

/**
 * One polling series of the polls tab (SPEC §3: title, description) with its polls: edited in
 * place, moved up or down, deleted after confirmation (`deletePollingSeries`: its polls stay,
 * standalone, in the same change).
 */
export function PollingSeriesSection({ webcast, series, unsynced, first, last, canManage, busy: tabBusy, onMove, children }: PollingSeriesSectionProps) {
  const { t } = useLingui();
  const titleId = useId();
  const { run, refusal, busy } = usePartMutations();
  const [editing, setEditing] = useState(false);

  const remove = async () => {
    const accepted = await confirm({
      title: t`Delete this polling series?`,
      message: t`The series “${series.title}” will be deleted. Its polls are kept, as standalone polls.`,
      acceptLabel: t`Delete`,
      cancelLabel: t`Cancel`,
    });
    if (accepted) await run("deletePollingSeries", { id: series.id, now: new Date().toISOString() });
  };

  return (
    <section className="poll-group" aria-labelledby={titleId} data-testid="series-section" data-series-id={series.id}>
      {editing ? (
        <SeriesForm webcast={webcast} series={series} onDone={() => setEditing(false)} />
      ) : (
        <div className="poll-group__header">
          <div>
            <h2 id={titleId} className="poll-group__title">
              <span className="muted">
                <Trans>Series</Trans>
              </span>{" "}
              {series.title}{" "}
              {unsynced ? (
                <PendingBadge testId="unsynced-badge" />
              ) : null}
            </h2>
            {series.description ? <p className="poll-group__description">{series.description}</p> : null}
          </div>
          {canManage ? (
            <div className="row-actions">
              <MoveButtons id={series.id} name={series.title} first={first} last={last} disabled={busy || tabBusy} testId="series" onMove={onMove} />
              <button type="button" className="button button--small" disabled={busy} data-testid="series-edit" onClick={() => setEditing(true)}>
                <Trans>Edit</Trans>
              </button>
              <button type="button" className="button button--small button--danger" disabled={busy} data-testid="series-delete" onClick={() => void remove()}>
                <Trans>Delete</Trans>
              </button>
            </div>
          ) : null}
        </div>
      )}
      <RefusalAlert refusal={refusal} />
      {children}
    </section>
  );
}
