import { Trans } from "@lingui/react/macro";
import { useEffect, useMemo, useRef, useState } from "react";
import type { PlaybackData } from "../../../domain/viewer-page/playback.ts";
import type { RoomPhase } from "../../../domain/webcast-room/live-state.ts";
import { isAbortError } from "../../api/errors.ts";
import { fetchPlayback } from "../player/api.ts";
import { Player } from "../player/player.tsx";
import { viewingSessionTransport } from "./api.ts";
import { ViewingSessionTracker } from "./viewing-session.ts";
import "./viewer-stage.css";

/** What the viewer room gives its stage (ViewerRoom's `Stage`: the player, or a test's stand-in). */
export interface StageProps {
  webcastId: string;
  /** The freshest room token (the playback call's credential). */
  token(): string;
  /** The room's live_since (media time 0); undefined before the room's first welcome. */
  liveSince: number | null | undefined;
  phase: RoomPhase | undefined;
  /** The room's poster-overlay toggle as the gate shows it (in step with the picture). */
  posterOverlay: boolean | undefined;
  /** The room's clock (epoch ms). */
  serverNow(): number;
  /** The player's position on the room's time line; null once there is no player. */
  onMediaTime(ms: number | null): void;
}

/** The playback data is asked again this long before its signed URLs expire, and after a failure. */
export const PLAYBACK_RENEW_MARGIN_MS = 60_000;
export const PLAYBACK_RETRY_MS = 10_000;

/**
 * The viewer page's stage (issue #19): the player (web/features/player) fed by GET
 * /api/watch/{id}/playback with the room token, asked again when the room's phase changes (the
 * live stream starts, the replay appears) and before its signed URLs expire. The player's media
 * time goes to the room's gate (media-gated-screen.ts).
 */
export function ViewerStage({ webcastId, token, liveSince, phase, posterOverlay, serverNow, onMediaTime }: StageProps) {
  const [data, setData] = useState<PlaybackData | null>(null);
  const [failed, setFailed] = useState(false);
  const [nonce, setNonce] = useState(0);
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const report = useRef(onMediaTime);
  report.current = onMediaTime;

  useEffect(() => {
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    fetchPlayback(webcastId, tokenRef.current(), controller.signal).then(
      (answer) => {
        setData(answer);
        setFailed(false);
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        // Offline, or a token that just expired (the page renews it): try again, keep what plays.
        if (!isAbortError(cause)) setFailed(true);
        retry = setTimeout(() => setNonce((value) => value + 1), PLAYBACK_RETRY_MS);
      },
    );
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [webcastId, phase, nonce]);

  const expiresAt = data ? Date.parse(data.urls_expire_at) : Number.NaN;
  useEffect(() => {
    if (Number.isNaN(expiresAt)) return;
    const due = Math.max(PLAYBACK_RETRY_MS, expiresAt - PLAYBACK_RENEW_MARGIN_MS - Date.now());
    const timer = setTimeout(() => setNonce((value) => value + 1), Math.min(due, 2_147_483_647));
    return () => clearTimeout(timer);
  }, [expiresAt]);

  // No player, no media time: the gate lets everything through.
  useEffect(() => () => report.current(null), []);

  // Viewing sessions (issue #19): from the show's first frames to its pause or end, and when the
  // page goes away (a keepalive end; the server's timeout closes what is lost).
  const tracker = useMemo(() => new ViewingSessionTracker(viewingSessionTransport(webcastId, () => tokenRef.current())), [webcastId]);
  useEffect(() => {
    const leave = () => void tracker.stopped();
    addEventListener("pagehide", leave);
    return () => {
      removeEventListener("pagehide", leave);
      leave();
    };
  }, [tracker]);
  const sessionKind = data?.kind === "replay" ? "vod" : "live";

  const ended = phase === "stopping" || phase === "archived";
  return (
    <div className="viewer-page__stage viewer-page__stage--player" data-testid="viewer-room-stage">
      {data ? (
        <Player
          data={data}
          serverNow={serverNow}
          ended={ended}
          onMediaTime={(ms) => report.current(ms)}
          onPlayingChange={(playing) => void (playing ? tracker.playing(sessionKind) : tracker.stopped())}
          {...(liveSince !== undefined ? { liveSince } : {})}
          {...(posterOverlay !== undefined ? { posterOverlay } : {})}
        />
      ) : failed ? (
        <p className="form-alert" role="alert" data-testid="viewer-stage-error">
          <Trans>The video cannot be loaded right now. Trying again…</Trans>
        </p>
      ) : (
        <p className="muted" aria-busy="true" data-testid="viewer-stage-loading">
          <Trans>Loading the video…</Trans>
        </p>
      )}
    </div>
  );
}
