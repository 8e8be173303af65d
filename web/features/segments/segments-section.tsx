import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import type { SegmentRow } from "../../../domain/segments/record.ts";
import type { WebcastRow } from "../../../domain/webcasts/record.ts";
import { confirm } from "../../ui/confirm.ts";
import { TextField } from "../../ui/form.tsx";
import { OfflineChangesNote, RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { useWebcastParts } from "../webcasts/use-webcast-parts.ts";
import { PendingBadge } from "../webcasts/webcast-status.tsx";

/** Segments by name, as filters list them. */
const byName = (a: SegmentRow, b: SegmentRow) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * Segments of the access tab (SPEC §6 "Viewers can be restricted by segment"): named groups of the
 * audience, added (`addSegment`: a name unique in the webcast, whatever its case) and removed
 * (`removeSegment`) through their mutators, offline too; no rename (SPEC §7 has none). The
 * mutator's refusal shows on the name. Read-only without webcasts.update.
 */
export function SegmentsSection({ row, editable }: { row: Pick<WebcastRow, "id" | "organization_id">; editable: boolean }) {
  const { t } = useLingui();
  const parts = useWebcastParts("segments", row.id, byName);
  const { run, refusal, busy, clearRefusal } = usePartMutations();
  const [name, setName] = useState("");
  const [refusedName, setRefusedName] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const added = await run("addSegment", { id: uuidv7(), organization_id: row.organization_id, webcast_id: row.id, name, now: new Date().toISOString() });
    if (added) setName("");
    else setRefusedName(name);
  };

  const remove = async (segment: SegmentRow) => {
    const accepted = await confirm({
      title: t`Remove this segment?`,
      message: t`Viewers will no longer be restricted to the segment “${segment.name}”.`,
      acceptLabel: t`Remove`,
      cancelLabel: t`Cancel`,
    });
    if (accepted) await run("removeSegment", { id: segment.id });
  };

  // The name's errors stay until it is changed; other refusals (a removal) show above the list.
  const nameErrors = refusal && refusedName === name ? refusal.errors.name : undefined;
  return (
    <section className="form-section" aria-labelledby="webcast-segments-title" data-testid="segments-section">
      <h2 id="webcast-segments-title" className="form-section__title">
        <Trans>Segments</Trans>
      </h2>
      <p className="muted">
        <Trans>Segments group the webcast's audience: viewers can be restricted to a segment.</Trans>
      </p>
      {editable ? <OfflineChangesNote /> : null}
      <RefusalAlert refusal={refusal} shownFields={nameErrors ? ["name"] : []} />
      {parts === undefined ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : parts.rows.length === 0 ? (
        <p className="empty-state">
          <Trans>No segments.</Trans>
        </p>
      ) : (
        <ul className="segment-list">
          {parts.rows.map((segment) => (
            <li key={segment.id} className="segment-list__item" data-testid="segment-row">
              <span className="segment-list__name">{segment.name}</span>
              {parts.unsynced.has(segment.id) ? (
                <PendingBadge testId="unsynced-badge" />
              ) : null}
              {editable ? (
                <button type="button" className="button button--small button--danger" disabled={busy} aria-label={t`Remove the segment ${segment.name}`} data-testid="segment-remove" onClick={() => void remove(segment)}>
                  <Trans>Remove</Trans>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <form className="form segment-form" noValidate onSubmit={(event) => void add(event)} aria-label={t`Add a segment`}>
          <div className="segment-form__row">
            <TextField
              label={t`New segment`}
              name="segment_name"
              value={name}
              errors={nameErrors}
              disabled={busy}
              onChange={(event) => {
                setName(event.target.value);
                if (refusal && !refusal.errors.name) clearRefusal();
              }}
            />
            <button type="submit" className="button" disabled={busy} data-testid="segment-add">
              <Trans>Add the segment</Trans>
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
