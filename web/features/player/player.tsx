import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import type { UiLocale } from "../../../domain/i18n/locales.ts";
import { PLAYBACK_MESSAGES } from "../../../domain/viewer-page/playback-messages.ts";
import { type PlaybackData, driftCorrection, editedTime, nextCutEnd, sourceTime } from "../../../domain/viewer-page/playback.ts";
import { localized } from "../../../domain/validation/localized.ts";
import { isAbortError } from "../../api/errors.ts";
import { type HlsHandle, type HlsLoader, type HlsStatus, attachHls } from "./hls-source.ts";
import { type Program, programOf } from "./program.ts";
import { ReplayControls } from "./replay-controls.tsx";
import "./player.css";

export interface PlayerProps {
  data: PlaybackData;
  /** The server's clock (epoch ms): the page's `serverNow()`. Premieres and live only. */
  serverNow?: () => number;
  /** The room's live_since from its socket (fresher than `data.premiere.live_since`); omitted: the data's. */
  liveSince?: number | null;
  /** The show is over (the room is stopping or archived): the outro loop of a live webcast. */
  ended?: boolean;
  /** The room's poster-overlay toggle; omitted: the webcast's setting in the data. */
  posterOverlay?: boolean;
  /**
   * The playing position on the room's time line (ms since live_since): a premiere's position in
   * its playlist, a replay's time in the recording, a live stream's program date time minus
   * live_since (else the player's time). Not called while a loop plays.
   */
  onMediaTime?: (ms: number) => void;
  /**
   * The show (not a loop around it) starts or stops playing: `playing` on the media's first frames
   * after a start or a resume, not playing on pause, end, or when a loop takes over (the page's
   * viewing sessions, issue #19).
   */
  onPlayingChange?: (playing: boolean) => void;
  /** Tests and the e2e: how hls.js is loaded, and which engine plays HLS. */
  loadHls?: HlsLoader;
  hlsEngine?: "auto" | "native" | "hls.js";
}

/** How often a premiere re-decides what plays (the next video, the outro), and corrects its drift. */
export const PROGRAM_TICK_MS = 1_000;
export const DRIFT_CHECK_MS = 3_000;

type Status = "loading" | "buffering" | "reconnecting" | "failed" | "ended" | null;
type Gate = "unmute" | "tap" | null;

/**
 * The viewer page's player (issue #19): a premiere played as if live at the room's shared
 * position, the intro and outro loops around the show, a replay with its edit list applied, a
 * live HLS stream. One media element for everything (a `<video>`, an `<audio>` for an audio
 * webcast), whose source changes when the program does (program.ts). Autoplay: with sound, else
 * muted with an "Unmute" button, else a "Tap to play" button. States are said in a live region.
 */
export function Player({ data, serverNow = Date.now, liveSince, ended = false, posterOverlay, onMediaTime, onPlayingChange, loadHls, hlsEngine = "auto" }: PlayerProps) {
  const { t, i18n } = useLingui();
  const mediaRef = useRef<HTMLMediaElement | null>(null);
  const hlsRef = useRef<HlsHandle | null>(null);
  const [, setTick] = useState(0);
  const [loopsDone, setLoopsDone] = useState<ReadonlySet<string>>(() => new Set());
  const [status, setStatus] = useState<Status>(null);
  const [gate, setGate] = useState<Gate>(null);

  const room = liveSince !== undefined ? liveSince : (data.premiere?.live_since ?? null);
  const program = programOf({ data, liveSince: room, serverNow, ended, loopDone: (role) => loopsDone.has(role) });
  const latest = useRef({ program, room, onMediaTime, onPlayingChange });
  latest.current = { program, room, onMediaTime, onPlayingChange };
  const setMedia = useCallback((element: HTMLMediaElement | null) => {
    mediaRef.current = element;
  }, []);

  // A premiere's position moves with time: re-decide every second.
  useEffect(() => {
    if (data.kind !== "premiere") return;
    const timer = setInterval(() => setTick((tick) => tick + 1), PROGRAM_TICK_MS);
    return () => clearInterval(timer);
  }, [data.kind]);

  const autoplay = useCallback(async (media: HTMLMediaElement) => {
    try {
      await media.play();
      setGate((current) => (current === "tap" ? null : current));
    } catch (error) {
      if (isAbortError(error)) return; // the source changed meanwhile
      if (!media.muted) {
        media.muted = true;
        try {
          await media.play();
          setGate("unmute");
          return;
        } catch {
          // Refused even muted (data saver, a strict policy): the viewer starts it.
        }
      }
      setGate("tap");
    }
  }, []);

  // The program changed: put its source in the element.
  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return;
    const current = latest.current.program;
    if (current.type === "idle") {
      setStatus(null);
      if (media.getAttribute("src")) {
        media.pause();
        media.removeAttribute("src");
        media.load();
      }
      return;
    }
    if (current.type === "hls") {
      let cancelled = false;
      const onStatus = (next: HlsStatus) => setStatus(next === "playing" ? null : next);
      void attachHls(media, current.url, { onStatus, ...(loadHls ? { loadHls } : {}), engine: hlsEngine }).then((handle) => {
        if (cancelled) return handle.destroy();
        hlsRef.current = handle;
        void autoplay(media);
      });
      return () => {
        cancelled = true;
        hlsRef.current?.destroy();
        hlsRef.current = null;
      };
    }
    setStatus("loading");
    // A plain "repeat" loop loops by itself (seamless); one with an edit list is looped by hand.
    media.loop = current.loop && current.edition === null;
    const start = () => {
      media.currentTime = current.startAt();
      void autoplay(media);
    };
    if (media.getAttribute("src") === current.url && media.readyState >= 1) {
      start();
      return;
    }
    media.addEventListener("loadedmetadata", start, { once: true });
    media.src = current.url;
    return () => media.removeEventListener("loadedmetadata", start);
  }, [program.key, autoplay, loadHls, hlsEngine]);

  // The end of what plays: a loop starts over (or, played once, gives way), a premiere's video
  // waits for the show's time line to move on, a replay stops.
  const finished = useCallback((media: HTMLMediaElement, current: Program) => {
    if (current.type !== "file") return;
    if (current.role === "intro" || current.role === "outro") {
      if (current.loop) {
        media.currentTime = current.startAt();
        void media.play().catch(() => undefined);
      } else setLoopsDone((done) => new Set([...done, current.role]));
    } else if (current.role === "replay") {
      media.pause();
      setStatus("ended");
    } else setTick((tick) => tick + 1);
  }, []);

  // The element's events: the edit list (cuts jumped, the end), the media time, the states.
  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return;
    const onTime = () => {
      const { program: current, room: since, onMediaTime: report } = latest.current;
      const at = media.currentTime;
      if (current.type === "file" && current.edition) {
        const jump = nextCutEnd(current.edition, at);
        if (jump !== null) {
          media.currentTime = jump;
          return;
        }
        if (at >= current.edition.end) return finished(media, current);
      }
      if (!report) return;
      if (current.type === "file" && current.item) report(Math.round((current.item.startS + (current.edition ? editedTime(current.edition, at) : at)) * 1000));
      else if (current.type === "file" && current.role === "replay") report(Math.round(at * 1000));
      else if (current.type === "hls") {
        const date = hlsRef.current?.programDateMs() ?? null;
        report(Math.round(date !== null && since !== null ? date - since : at * 1000));
      }
    };
    const showing = (playing: boolean) => {
      const current = latest.current.program;
      const aLoop = current.type === "file" && (current.role === "intro" || current.role === "outro");
      latest.current.onPlayingChange?.(playing && !aLoop);
    };
    const onEnded = () => {
      showing(false);
      finished(media, latest.current.program);
    };
    const onWaiting = () => setStatus("buffering");
    const onPlaying = () => {
      setStatus(null);
      showing(true);
    };
    const onPause = () => showing(false);
    const onError = () => {
      if (latest.current.program.type === "file") setStatus("failed");
    };
    const onVolume = () => {
      if (!media.muted) setGate((current) => (current === "unmute" ? null : current));
    };
    const listeners: [string, () => void][] = [
      ["timeupdate", onTime],
      ["ended", onEnded],
      ["waiting", onWaiting],
      ["playing", onPlaying],
      ["pause", onPause],
      ["error", onError],
      ["volumechange", onVolume],
    ];
    for (const [name, listener] of listeners) media.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of listeners) media.removeEventListener(name, listener);
    };
  }, [finished]);

  // A premiere's video keeps to the shared position (domain driftCorrection): every few seconds,
  // unless the viewer paused it (a seek brings them back when they play again).
  useEffect(() => {
    if (data.kind !== "premiere") return;
    const timer = setInterval(() => {
      const media = mediaRef.current;
      const current = latest.current.program;
      if (!media || current.type !== "file" || !current.item || media.paused || media.seeking || media.readyState < 2) return;
      const expectedSource = current.startAt();
      const edition = current.edition;
      const expected = edition ? editedTime(edition, expectedSource) : expectedSource;
      const actual = edition ? editedTime(edition, media.currentTime) : media.currentTime;
      const correction = driftCorrection(expected, actual);
      if (correction.action === "seek") media.currentTime = edition ? sourceTime(edition, correction.seekTo) : correction.seekTo;
      media.playbackRate = correction.rate;
    }, DRIFT_CHECK_MS);
    return () => clearInterval(timer);
  }, [data.kind]);

  const unmute = () => {
    const media = mediaRef.current;
    if (!media) return;
    media.muted = false;
    setGate(null);
  };
  const tapToPlay = () => {
    const media = mediaRef.current;
    if (!media) return;
    media.muted = false;
    void media.play().then(
      () => setGate(null),
      () => setGate("tap"),
    );
  };

  const idle = program.type === "idle";
  const statusText = idle
    ? program.reason === "not_started"
      ? t`The show has not started yet.`
      : program.reason === "over"
        ? t`The show is over.`
        : program.reason === "no_live"
          ? t`The live video is not available yet.`
          : localized(PLAYBACK_MESSAGES[program.reason], i18n.locale as UiLocale)
    : status === "loading"
      ? t`Loading…`
      : status === "buffering"
        ? t`Buffering…`
        : status === "reconnecting"
          ? t`Reconnecting to the stream…`
          : status === "failed"
            ? t`The video could not be played.`
            : status === "ended"
              ? t`The replay has ended.`
              : "";
  const overlay = posterOverlay ?? data.poster_overlay;
  const poster = (program.type === "file" ? program.poster : null) ?? data.poster_url;
  const edited = program.type === "file" && program.role === "replay" && program.edition !== null ? program.edition : null;
  const role = program.type === "file" ? program.role : program.type;
  const audioOnly = data.audio_only;
  const mediaLabel = audioOnly ? t`Webcast audio` : t`Webcast video`;

  return (
    <div className="player" data-testid="player" data-kind={data.kind} data-program={role} data-audio-only={audioOnly ? "true" : undefined}>
      <div className={`player__stage${audioOnly ? " player__stage--audio" : ""}`}>
        {audioOnly ? (
          <>
            {poster ? <img className="player__poster" src={poster} alt="" /> : <div className="player__poster player__poster--blank" aria-hidden="true" />}
            <audio ref={setMedia} className="player__media" controls={!edited} hidden={idle} aria-label={mediaLabel} data-testid="player-video" />
          </>
        ) : (
          <video ref={setMedia} className="player__media" controls={!edited} playsInline poster={poster ?? undefined} hidden={idle} aria-label={mediaLabel} data-testid="player-video">
            {data.captions.map((caption) => (
              <track key={caption.url} kind="captions" srcLang={caption.lang} label={caption.label} src={caption.url} />
            ))}
          </video>
        )}
        {idle && !audioOnly ? poster ? <img className="player__poster" src={poster} alt="" /> : <div className="player__poster player__poster--blank" aria-hidden="true" /> : null}
        {overlay && !audioOnly ? (
          <div className="player__overlay" data-testid="player-poster-overlay">
            {data.poster_url ? <img src={data.poster_url} alt="" /> : null}
          </div>
        ) : null}
        {gate === "tap" && !idle ? (
          <button type="button" className="player__tap button button--primary" onClick={tapToPlay} data-testid="player-tap">
            <Trans>Tap to play</Trans>
          </button>
        ) : null}
      </div>
      <div className="player__bar">
        {gate === "unmute" && !idle ? (
          <button type="button" className="button" onClick={unmute} data-testid="player-unmute">
            <Trans>Unmute</Trans>
          </button>
        ) : null}
        {edited ? <ReplayControls media={mediaRef} edition={edited} /> : null}
        {data.replay?.download_url && role === "replay" ? (
          <a className="button" href={data.replay.download_url} download data-testid="player-download">
            <Trans>Download the replay</Trans>
          </a>
        ) : null}
      </div>
      <p className="player__status" role="status" aria-live="polite" data-testid="player-status">
        {statusText}
      </p>
    </div>
  );
}
