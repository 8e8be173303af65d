import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { VIEWER_PREVIEW_DELAY_SECONDS } from "../../../domain/webcast-room/media-gate.ts";
import { type GuestLink, audienceUrl, createGuestLink } from "./interaction-api.ts";
import type { RoomTabProps } from "./tabs.ts";

/** Videos: the media library brings them (premiere videos, looped media). */
export function VideosTab({ webcast }: RoomTabProps) {
  return (
    <p className="muted" data-testid="videos-later">
      <Trans>Playing videos during the webcast comes with the media library, in a later issue. Nothing to play yet.</Trans>{" "}
      <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} search={{ tab: "content" }}>
        <Trans>The webcast's content</Trans>
      </Link>
    </p>
  );
}

/**
 * Links: an audience preview link (a room token, POST room/guest-link) opens the viewers' page of
 * the room without signing in, to try the polls, questions and chat as the audience sees them.
 */
export function LinksTab({ webcast, may, connected }: RoomTabProps) {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<{ busy: boolean; link: GuestLink | null; error: string | null; copied: boolean }>({ busy: false, link: null, error: null, copied: false });
  const create = async () => {
    setState({ busy: true, link: null, error: null, copied: false });
    try {
      setState({ busy: false, link: await createGuestLink(webcast.id), error: null, copied: false });
    } catch (error) {
      setState({ busy: false, link: null, error: error instanceof Error ? error.message : t`The link could not be created.`, copied: false });
    }
  };
  const url = state.link ? audienceUrl(webcast.id, state.link.token) : null;
  const copy = async () => {
    if (url === null) return;
    try {
      await navigator.clipboard.writeText(url);
      setState((current) => ({ ...current, copied: true }));
    } catch {
      setState((current) => ({ ...current, error: t`Copying failed: select the link and copy it.` }));
    }
  };
  return (
    <section aria-labelledby="room-links-title" data-testid="room-links">
      <h2 id="room-links-title" className="card__title">
        <Trans>Audience preview</Trans>
      </h2>
      <p className="muted">
        <Trans>A link to the viewers' page of this room, without signing in: try the polls, the questions and the chat as the audience sees them.</Trans>
      </p>
      <p className="muted" data-testid="viewer-preview-delay">
        <Trans>
          Viewers see your changes when their video reaches them: on a live stream, usually {VIEWER_PREVIEW_DELAY_SECONDS.min} to {VIEWER_PREVIEW_DELAY_SECONDS.max} seconds later.
        </Trans>
      </p>
      {may("control.prepare") ? (
        <button type="button" className="button" disabled={state.busy || !connected} aria-busy={state.busy || undefined} onClick={() => void create()} data-testid="guest-link-create">
          <Trans>Create an audience preview link</Trans>
        </button>
      ) : (
        <p className="muted">
          <Trans>Only the producer can create an audience preview link.</Trans>
        </p>
      )}
      {state.error ? (
        <p className="form-alert" role="alert" data-testid="guest-link-error">
          {state.error}
        </p>
      ) : null}
      {url && state.link ? (
        <div className="control-room__callout" data-testid="guest-link">
          <label className="field">
            <span className="field__label">
              <Trans>Audience preview link</Trans>
            </span>
            <input className="field__input" readOnly value={url} onFocus={(event) => event.target.select()} data-testid="guest-link-url" />
          </label>
          <p className="muted">
            <Trans>Valid until {new Date(state.link.expires_at).toLocaleString(i18n.locale)}.</Trans>
          </p>
          <span className="control-room__actions">
            <button type="button" className="button" onClick={() => void copy()} data-testid="guest-link-copy">
              <Trans>Copy the link</Trans>
            </button>
            <a className="button" href={url} target="_blank" rel="noreferrer">
              <Trans>Open</Trans>
            </a>
          </span>
          <p role="status">{state.copied ? <Trans>Link copied.</Trans> : null}</p>
        </div>
      ) : null}
      <p className="muted">
        <Link to="/webcasts/$uid/dashboard" params={{ uid: webcast.id }}>
          <Trans>The webcast's dashboard</Trans>
        </Link>
      </p>
    </section>
  );
}

/** Advanced feed: the live video issue brings the program feed and its streaming outputs. */
export function AdvancedFeedTab({ webcast }: RoomTabProps) {
  return (
    <p className="muted" data-testid="advanced-feed-later">
      <Trans>The program feed and its monitoring come with the live video issue. Streaming outputs are set in the webcast's settings.</Trans>{" "}
      <Link to="/webcasts/$uid/edit" params={{ uid: webcast.id }} search={{ tab: "streaming-outputs" }}>
        <Trans>Streaming outputs</Trans>
      </Link>
    </p>
  );
}
