import { Trans, useLingui } from "@lingui/react/macro";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useId, useRef } from "react";
import type { MediaRow } from "../../../domain/media/record.ts";
import { useLocalDatabase } from "../../local/session-sync.ts";
import { UploadProgress } from "../uploads/upload-progress.tsx";
import { dismissUpload } from "../uploads/upload-queue.ts";
import { deviceUploads } from "../uploads/uploads-list.tsx";
import { PendingBadge } from "../webcasts/webcast-status.tsx";
import type { MediaAnswer } from "./api.ts";
import { MEDIA_FAILURE_LABELS, MEDIA_LOOP_MODE_LABELS, MEDIA_STATUS_LABELS, MEDIA_STATUS_TONES, formatMediaDuration, isFailureReason, isoDuration } from "./media-labels.ts";
import { useMediaAnswer } from "./use-media.ts";

export interface MediaCardProps {
  row: MediaRow;
  /** A change of this device is not confirmed by the server yet. */
  pending: boolean;
  busy: boolean;
  onEdit(row: MediaRow): void;
  onDelete(row: MediaRow): void;
  onPreview(row: MediaRow, answer: MediaAnswer): void;
}

/**
 * One video of the library: its poster (a signed URL asked once the card is near the screen,
 * online; a placeholder otherwise), title, length, state (with why it failed), loop settings,
 * this device's uploads of its file, and its actions.
 */
export function MediaCard({ row, pending, busy, onEdit, onDelete, onPreview }: MediaCardProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const ref = useRef<HTMLLIElement>(null);
  const answer = useMediaAnswer(row, ref);
  const title = row.title;
  const failure = row.status === "failed" ? (isFailureReason(row.failure_reason) ? i18n._(MEDIA_FAILURE_LABELS[row.failure_reason]) : t`The video could not be processed.`) : null;
  const mode = i18n._(MEDIA_LOOP_MODE_LABELS[row.loop_mode]);

  return (
    <li ref={ref} className="media-card" aria-labelledby={`${id}-title`} data-testid="media-card" data-media-id={row.id} data-status={row.status}>
      <div className="media-card__poster">
        {answer?.poster_url ? (
          <img src={answer.poster_url} alt="" loading="lazy" decoding="async" />
        ) : (
          <div className="media-card__placeholder" aria-hidden="true" data-testid="media-poster-placeholder">
            <span>▶</span>
          </div>
        )}
        {row.duration !== null ? (
          <span className="media-card__duration">
            <span className="visually-hidden">{t`Length:`} </span>
            <time dateTime={isoDuration(row.duration)} data-testid="media-duration">
              {formatMediaDuration(row.duration)}
            </time>
          </span>
        ) : null}
      </div>
      <div className="media-card__body">
        <h2 id={`${id}-title`} className="media-card__title">
          {title}
        </h2>
        <p className="media-card__badges">
          <span className="badge" data-tone={MEDIA_STATUS_TONES[row.status]} data-testid="media-status">
            {i18n._(MEDIA_STATUS_LABELS[row.status])}
          </span>
          {row.pre_webcast_loop ? (
            <span className="badge" data-testid="media-pre-loop">
              <Trans>Pre-webcast loop · {mode}</Trans>
            </span>
          ) : null}
          {row.post_webcast_loop ? (
            <span className="badge" data-testid="media-post-loop">
              <Trans>Post-webcast loop · {mode}</Trans>
            </span>
          ) : null}
          {row.source === "archive" ? (
            <span className="badge">
              <Trans>From a webcast's recording</Trans>
            </span>
          ) : null}
          {pending ? <PendingBadge testId="media-pending" /> : null}
        </p>
        {failure ? (
          <p className="media-card__failure" data-testid="media-failure">
            {failure}
          </p>
        ) : null}
        {row.description ? <p className="media-card__description muted">{row.description}</p> : null}
        <VideoUploads row={row} />
        <div className="media-card__actions">
          {answer?.file_url ? (
            <button type="button" className="button button--small" data-testid="media-preview" onClick={() => onPreview(row, answer)}>
              <Trans>Preview</Trans>
              <span className="visually-hidden"> {title}</span>
            </button>
          ) : null}
          <button type="button" className="button button--small" disabled={busy} data-testid="media-edit" onClick={() => onEdit(row)}>
            <Trans>Edit</Trans>
            <span className="visually-hidden"> {title}</span>
          </button>
          <button type="button" className="button button--small button--danger" disabled={busy} data-testid="media-delete" onClick={() => onDelete(row)}>
            <Trans>Delete</Trans>
            <span className="visually-hidden"> {title}</span>
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * This device's uploads of the video's file, as they go (and why one failed). Once the video names
 * its file, an upload that is done has nothing more to say: it is let go.
 */
function VideoUploads({ row }: { row: Pick<MediaRow, "id" | "status"> }) {
  const { t } = useLingui();
  const db = useLocalDatabase();
  const uploads = useLiveQuery(() => (db ? deviceUploads(db, { kind: "video", targetId: row.id }) : []), [db, row.id]);
  const taken = row.status !== "created";
  useEffect(() => {
    if (taken) for (const upload of uploads ?? []) if (upload.status === "done") void dismissUpload(upload.id);
  }, [taken, uploads]);
  const shown = (uploads ?? []).filter((upload) => !(taken && upload.status === "done"));
  if (shown.length === 0) return null;
  return (
    <ul className="uploads-list" aria-label={t`Uploads from this device`} data-testid="uploads-list">
      {shown.map((upload) => (
        <li key={upload.id}>
          <UploadProgress upload={upload} />
        </li>
      ))}
    </ul>
  );
}
