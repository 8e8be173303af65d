import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import type { MediaRow } from "../../../domain/media/record.ts";
import { can } from "../../../domain/permissions/can.ts";
import type { PremiereVideoRow } from "../../../domain/premiere-videos/record.ts";
import { uuidv7 } from "../../../domain/sync/uuidv7.ts";
import { EmptyState } from "../../ui/list-controls.tsx";
import { MEDIA_STATUS_LABELS, formatMediaDuration } from "../media/media-labels.ts";
import { useMediaAnswer, useMediaLibrary } from "../media/use-media.ts";
import { useCurrentUser } from "../session/store.ts";
import type { WebcastTabProps } from "../webcasts/edit-tabs.ts";
import { OfflineChangesNote, RefusalAlert, usePartMutations } from "../webcasts/part-mutations.tsx";
import { MoveButtons, moveKey, swapped, useMoveFocus } from "../webcasts/reorder-controls.tsx";
import { byPosition, useWebcastParts } from "../webcasts/use-webcast-parts.ts";
import { PendingBadge } from "../webcasts/webcast-status.tsx";
import { MediaPicker } from "./media-picker.tsx";
import "../media/media.css";

/**
 * The premiere videos tab of /webcasts/{uid}/edit (SPEC §2; premiere webcasts only): the videos of
 * the organization's library the premiere plays, in order (`view_premiere_videos` joined with
 * `view_media`). Adding (processed videos only), removing and reordering set the whole playlist
 * through `setPremiereVideos`, offline too. Read-only without webcasts.update.
 */
export function PremiereVideosTab({ row, editable }: WebcastTabProps) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const parts = useWebcastParts("premiere_videos", row.id, byPosition);
  const library = useMediaLibrary(row.organization_id);
  const { run, refusal, busy } = usePartMutations();
  const [picking, setPicking] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusMoved = useMoveFocus(listRef, parts);
  // After a removal, once the list shows it: the next video's remove button, else the add button.
  const focusAfterRemoval = useRef<{ next: string | null } | null>(null);
  useEffect(() => {
    const wanted = focusAfterRemoval.current;
    if (!wanted || !parts || busy) return;
    focusAfterRemoval.current = null;
    const next = wanted.next ? listRef.current?.querySelector<HTMLButtonElement>(`[data-remove-id="${wanted.next}"]`) : null;
    (next ?? addRef.current)?.focus();
  }, [parts, busy]);
  const entries = parts?.rows ?? [];
  const mediaById = new Map((library?.rows ?? []).map((video) => [video.id, video]));
  const listed = new Set(entries.map((entry) => entry.media_id));
  const available = (library?.rows ?? []).filter((video) => video.status === "processed" && !listed.has(video.id)).sort((a, b) => a.title.localeCompare(b.title));
  const canManageLibrary = can(user, "media.manage", row.organization_id);
  const titleOf = (entry: PremiereVideoRow) => mediaById.get(entry.media_id)?.title ?? t`A deleted video`;

  const save = (videos: readonly Pick<PremiereVideoRow, "id" | "media_id">[]) =>
    run("setPremiereVideos", { webcast_id: row.id, videos: videos.map(({ id, media_id }) => ({ id, media_id })), now: new Date().toISOString() });

  const add = async (video: MediaRow) => {
    setPicking(false);
    const title = video.title;
    if (await save([...entries, { id: uuidv7(), media_id: video.id }])) setAnnouncement(t`“${title}” was added to the playlist.`);
    addRef.current?.focus();
  };

  const remove = async (index: number) => {
    const entry = entries[index];
    if (!entry) return;
    const title = titleOf(entry);
    focusAfterRemoval.current = { next: (entries[index + 1] ?? entries[index - 1])?.id ?? null };
    if (!(await save(entries.filter((other) => other.id !== entry.id)))) {
      focusAfterRemoval.current = null;
      return;
    }
    setAnnouncement(t`“${title}” was removed from the playlist.`);
  };

  const move = async (index: number, delta: -1 | 1) => {
    const moved = entries[index];
    const neighbour = entries[index + delta];
    if (!moved || !neighbour) return;
    focusMoved(moved.id, delta);
    const order = swapped(entries.map((entry) => entry.id), moved.id, neighbour.id);
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const title = titleOf(moved);
    if (await save(order.flatMap((id) => byId.get(id) ?? []))) setAnnouncement(t`“${title}” moved to position ${index + delta + 1}.`);
  };

  return (
    <section className="form-section" aria-labelledby="premiere-videos-title" data-testid="premiere-videos">
      <h2 id="premiere-videos-title" className="form-section__title">
        <Trans>Premiere videos</Trans>
      </h2>
      <p className="muted">
        <Trans>The videos of the library this premiere plays, in this order. Playing them during the premiere comes in a later version.</Trans>
      </p>
      {editable ? <OfflineChangesNote /> : null}
      <RefusalAlert refusal={refusal} />
      {parts === undefined || library === undefined ? (
        <p className="muted" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : entries.length === 0 ? (
        <EmptyState>
          <Trans>No videos in the playlist yet.</Trans>
        </EmptyState>
      ) : (
        <ol className="premiere-list" ref={listRef} aria-label={t`Playlist`}>
          {entries.map((entry, index) => (
            <PremiereEntry
              key={entry.id}
              entry={entry}
              video={mediaById.get(entry.media_id)}
              title={titleOf(entry)}
              index={index}
              count={entries.length}
              unsynced={parts.unsynced.has(entry.id)}
              editable={editable}
              busy={busy}
              onMove={(delta) => void move(index, delta)}
              onRemove={() => void remove(index)}
            />
          ))}
        </ol>
      )}
      {editable && entries.length > 1 ? (
        <p className="muted">
          <Trans>To reorder, use the arrow buttons, or Alt + ↑ / Alt + ↓ on a video.</Trans>
        </p>
      ) : null}
      {editable ? (
        <div className="row-actions premiere-actions">
          <button ref={addRef} type="button" className="button button--primary" disabled={busy || library === undefined} data-testid="premiere-add" onClick={() => setPicking(true)}>
            <Trans>Add a video from the library</Trans>
          </button>
          {canManageLibrary ? (
            <Link to="/media" className="button" data-testid="premiere-upload-link">
              <Trans>Upload a video</Trans>
            </Link>
          ) : null}
        </div>
      ) : null}
      {picking ? <MediaPicker videos={available} canManageLibrary={canManageLibrary} onPick={(video) => void add(video)} onClose={() => setPicking(false)} /> : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

interface EntryProps {
  entry: PremiereVideoRow;
  video: MediaRow | undefined;
  title: string;
  index: number;
  count: number;
  unsynced: boolean;
  editable: boolean;
  busy: boolean;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}

function PremiereEntry({ entry, video, title, index, count, unsynced, editable, busy, onMove, onRemove }: EntryProps) {
  const { t, i18n } = useLingui();
  const ref = useRef<HTMLLIElement>(null);
  const answer = useMediaAnswer(video ?? { id: entry.media_id, updated_at: "", status: "created", file_name: null, source: "upload" }, ref);
  const position = index + 1;
  return (
    <li
      ref={ref}
      className="premiere-list__item"
      data-testid="premiere-entry"
      data-media-id={entry.media_id}
      onKeyDown={(event) => {
        const delta = editable ? moveKey(event) : null;
        if (delta === null) return;
        event.preventDefault();
        onMove(delta);
      }}
    >
      <div className="premiere-list__thumb" aria-hidden="true">
        {answer?.poster_url ? <img src={answer.poster_url} alt="" loading="lazy" /> : null}
      </div>
      <div className="premiere-list__main">
        <p className="premiere-list__title">
          <span className="visually-hidden">{t`${position}.`} </span>
          {title}
        </p>
        <p className="premiere-list__meta muted">
          {video?.duration != null ? <time>{formatMediaDuration(video.duration)}</time> : null}
          {video && video.status !== "processed" ? (
            <>
              {" "}
              <span className="badge" data-tone="warning">
                {i18n._(MEDIA_STATUS_LABELS[video.status])}
              </span>
            </>
          ) : null}
          {unsynced ? (
            <>
              {" "}
              <PendingBadge testId="premiere-unsynced" />
            </>
          ) : null}
        </p>
      </div>
      {editable ? (
        <div className="row-actions">
          <MoveButtons id={entry.id} name={title} first={index === 0} last={index === count - 1} disabled={busy} testId="premiere" onMove={onMove} />
          <button type="button" className="button button--small button--danger" disabled={busy} aria-label={t`Remove “${title}” from the playlist`} data-remove-id={entry.id} data-testid="premiere-remove" onClick={onRemove}>
            <Trans>Remove</Trans>
          </button>
        </div>
      ) : null}
    </li>
  );
}
