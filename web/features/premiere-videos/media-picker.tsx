import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import type { MediaRow } from "../../../domain/media/record.ts";
import { EmptyState } from "../../ui/list-controls.tsx";
import { formatMediaDuration } from "../media/media-labels.ts";
import { matchesSearch } from "../media/use-media.ts";
import { Modal } from "../people/modal.tsx";

/**
 * Picks a video of the library for a premiere's playlist: the processed ones not listed yet
 * (only those can play), searched by title or description.
 */
export function MediaPicker({ videos, canManageLibrary, onPick, onClose }: { videos: readonly MediaRow[]; canManageLibrary: boolean; onPick(video: MediaRow): void; onClose(): void }) {
  const { t } = useLingui();
  const searchId = useId();
  const [query, setQuery] = useState("");
  const shown = videos.filter((video) => matchesSearch(video, query));
  return (
    <Modal title={t`Add a video from the library`} onClose={onClose} testId="media-picker">
      <div className="media-picker">
        {videos.length === 0 ? (
          <EmptyState>
            <Trans>No video of the library is ready to play. Videos can be added once they are processed.</Trans>{" "}
            {canManageLibrary ? (
              <Link to="/media">
                <Trans>Upload a video</Trans>
              </Link>
            ) : null}
          </EmptyState>
        ) : (
          <>
            <div className="field">
              <label htmlFor={searchId} className="field__label">
                <Trans>Search by title or description</Trans>
              </label>
              <input id={searchId} type="search" className="field__input" value={query} data-testid="media-picker-search" onChange={(event) => setQuery(event.target.value)} />
            </div>
            {shown.length === 0 ? (
              <p className="muted" role="status">
                <Trans>No video matches “{query}”.</Trans>
              </p>
            ) : (
              <ul className="media-picker__list" aria-label={t`Videos ready to play`}>
                {shown.map((video) => {
                  const title = video.title;
                  return (
                    <li key={video.id} className="media-picker__item" data-testid="media-picker-item">
                      <span className="media-picker__name">
                        <strong>{title}</strong>
                        {video.duration !== null ? <span className="muted"> · {formatMediaDuration(video.duration)}</span> : null}
                      </span>
                      <button type="button" className="button button--small button--primary" aria-label={t`Add “${title}”`} data-testid="media-picker-add" onClick={() => onPick(video)}>
                        <Trans>Add</Trans>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            <Trans>Close</Trans>
          </button>
        </div>
      </div>
    </Modal>
  );
}
