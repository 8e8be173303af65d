import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { canForWebcast, permissionWebcast } from "../../../domain/permissions/can.ts";
import type { PollRow } from "../../../domain/polls/record.ts";
import { confirm } from "../../ui/confirm.ts";
import { FormAlert } from "../../ui/form.tsx";
import { useCurrentUser } from "../session/store.ts";
import type { WebcastTabProps } from "../webcasts/edit-tabs.ts";
import { OfflineChangesNote, RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { PollEditor } from "./poll-editor.tsx";
import { PollExports } from "./poll-exports.tsx";
import { PollList } from "./poll-list.tsx";
import { PollingSeriesSection, SeriesForm } from "./polling-series-section.tsx";
import { swapped, useMoveFocus } from "../webcasts/reorder-controls.tsx";
import { byPosition, useWebcastParts } from "../webcasts/use-webcast-parts.ts";

/** `editing`: a poll's id, or a new poll in a series (`new:<series id>`) or standalone (`new:`). */
const NEW = "new:";

/**
 * Polls tab (SPEC §3 polls and polling series, §4 badges, §9 display modes and exports): the
 * series in order, each with its polls, then the standalone polls, read live from the replica.
 * Every change is its own mutation, applied here and queued (offline too). Editing needs
 * `polls.manage` for the webcast: the organization's permission or being its producer speaker
 * (SPEC §6, from the synced speakers); anyone else who sees the webcast reads the polls.
 */
export function PollsTab({ row }: WebcastTabProps) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const speakers = useWebcastParts("webcast_speakers", row.id, byPosition);
  const polls = useWebcastParts("polls", row.id, byPosition);
  const series = useWebcastParts("polling_series", row.id, byPosition);
  const { run, refusal, busy } = usePartMutations();
  const [editing, setEditing] = useState<string | null>(null);
  const [addingSeries, setAddingSeries] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  const focusMoved = useMoveFocus(listRef, polls, series);

  if (!speakers || !polls || !series) {
    return (
      <p className="muted" aria-busy="true">
        <Trans>Loading…</Trans>
      </p>
    );
  }

  const canManage = canForWebcast(user, "polls.manage", permissionWebcast(row, speakers.rows));
  const seriesIds = new Set(series.rows.map((item) => item.id));
  // A poll whose series was deleted on another device (not pulled yet) shows as standalone.
  const standalone = polls.rows.filter((poll) => poll.series_id === null || !seriesIds.has(poll.series_id));
  const now = () => new Date().toISOString();
  const scope = { organization_id: row.organization_id, webcast_id: row.id };

  const movePoll = async (group: readonly PollRow[], index: number, delta: -1 | 1) => {
    const poll = group[index];
    const neighbour = group[index + delta];
    if (!poll || !neighbour) return;
    focusMoved(poll.id, delta);
    const ids = swapped(polls.rows.map((item) => item.id), poll.id, neighbour.id);
    if (await run("reorderPolls", { ...scope, ids, now: now() })) setAnnouncement(t`“${poll.title}” moved to position ${index + delta + 1}.`);
  };

  const moveSeries = async (index: number, delta: -1 | 1) => {
    const moved = series.rows[index];
    const neighbour = series.rows[index + delta];
    if (!moved || !neighbour) return;
    focusMoved(moved.id, delta);
    const ids = swapped(series.rows.map((item) => item.id), moved.id, neighbour.id);
    if (await run("reorderPollingSeries", { ...scope, ids, now: now() })) setAnnouncement(t`“${moved.title}” moved to position ${index + delta + 1}.`);
  };

  const deletePoll = async (poll: PollRow) => {
    const accepted = await confirm({ title: t`Delete this poll?`, message: t`The poll “${poll.title}” and its options will be deleted.`, acceptLabel: t`Delete`, cancelLabel: t`Cancel` });
    if (accepted && (await run("deletePoll", { id: poll.id }))) setAnnouncement(t`The poll “${poll.title}” was deleted.`);
  };

  const group = (list: readonly PollRow[], seriesId: string | null) => (
    <>
      <PollList
        webcast={row}
        polls={list}
        series={series.rows}
        unsynced={polls.unsynced}
        canManage={canManage}
        busy={busy}
        editing={editing}
        onEdit={setEditing}
        onMove={(index, delta) => void movePoll(list, index, delta)}
        onDelete={(poll) => void deletePoll(poll)}
      />
      {canManage ? (
        editing === `${NEW}${seriesId ?? ""}` ? (
          <PollEditor webcast={row} poll={null} series={series.rows} seriesId={seriesId} onDone={() => setEditing(null)} />
        ) : (
          <button type="button" className="button" disabled={editing !== null} data-testid={seriesId ? "series-poll-add" : "poll-add"} onClick={() => setEditing(`${NEW}${seriesId ?? ""}`)}>
            {seriesId ? <Trans>Add a poll to this series</Trans> : <Trans>Add a poll</Trans>}
          </button>
        )
      ) : null}
    </>
  );

  return (
    <section className="polls-tab" aria-label={t`Polls`} data-testid="polls-tab">
      <p className="muted">
        <Trans>Polls are published to viewers from the control room. Group them in series to run them together.</Trans>
      </p>
      {canManage ? (
        <OfflineChangesNote />
      ) : (
        <FormAlert tone="info">
          <span data-testid="polls-read-only">
            <Trans>You may view the polls of this webcast but not change them: that takes the organization's poll rights or being the webcast's producer.</Trans>
          </span>
        </FormAlert>
      )}
      <RefusalAlert refusal={refusal} />
      <div ref={listRef} className="poll-groups">
        {series.rows.map((item, index) => (
          <PollingSeriesSection
            key={item.id}
            webcast={row}
            series={item}
            unsynced={series.unsynced.has(item.id)}
            first={index === 0}
            last={index === series.rows.length - 1}
            canManage={canManage}
            busy={busy}
            onMove={(delta) => void moveSeries(index, delta)}
          >
            {group(
              polls.rows.filter((poll) => poll.series_id === item.id),
              item.id,
            )}
          </PollingSeriesSection>
        ))}
        <section className="poll-group" aria-labelledby="standalone-polls-title" data-testid="standalone-polls">
          <h2 id="standalone-polls-title" className="poll-group__title">
            {series.rows.length > 0 ? <Trans>Standalone polls</Trans> : <Trans>Polls</Trans>}
          </h2>
          {group(standalone, null)}
        </section>
      </div>
      {canManage && (polls.rows.length > 1 || series.rows.length > 1) ? (
        <p className="muted">
          <Trans>To reorder, use the arrow buttons, or Alt + ↑ / Alt + ↓ on a poll.</Trans>
        </p>
      ) : null}
      {canManage ? (
        addingSeries ? (
          <SeriesForm webcast={row} series={null} onDone={() => setAddingSeries(false)} />
        ) : (
          <button type="button" className="button" data-testid="series-add" onClick={() => setAddingSeries(true)}>
            <Trans>Add a polling series</Trans>
          </button>
        )
      ) : null}
      {canManage ? <PollExports uid={row.id} /> : null}
      <p className="visually-hidden" aria-live="polite" data-testid="polls-announcement">
        {announcement}
      </p>
    </section>
  );
}
