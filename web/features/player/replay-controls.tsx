import { useLingui } from "@lingui/react/macro";
import { type RefObject, useEffect, useState } from "react";
import type { MediaEdition } from "../../../domain/media/record.ts";
import { editedDuration, editedTime, sourceTime } from "../../../domain/viewer-page/playback.ts";

/** 1:05, 1:02:03: the replay's edited time. */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (value: number) => String(value).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * The replay's controls when it has an edit list: the native controls would show the recording's
 * time, cuts included, so these show the edited time line (SPEC §3 archive editions): play or
 * pause, a scrubber in edited seconds, the time, sound and full screen. Native keyboard use: the
 * buttons, and the range input's arrows and Home/End.
 */
export function ReplayControls({ media, edition }: { media: RefObject<HTMLMediaElement | null>; edition: MediaEdition }) {
  const { t } = useLingui();
  const [at, setAt] = useState(0);
  const [paused, setPaused] = useState(true);
  const [muted, setMuted] = useState(false);
  const total = editedDuration(edition);

  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const sync = () => {
      setAt(editedTime(edition, element.currentTime));
      setPaused(element.paused);
      setMuted(element.muted);
    };
    const names = ["timeupdate", "play", "pause", "volumechange", "seeked", "loadedmetadata"];
    for (const name of names) element.addEventListener(name, sync);
    sync();
    return () => {
      for (const name of names) element.removeEventListener(name, sync);
    };
  }, [media, edition]);

  const element = () => media.current;
  const position = t`${clockTime(at)} of ${clockTime(total)}`;
  return (
    <div className="player__controls" data-testid="player-controls">
      <button type="button" className="button" onClick={() => (paused ? void element()?.play().catch(() => undefined) : element()?.pause())} data-testid="player-play">
        {paused ? t`Play` : t`Pause`}
      </button>
      <input
        type="range"
        className="player__scrubber"
        min={0}
        max={total}
        step={0.1}
        value={Math.min(at, total)}
        aria-label={t`Position in the replay`}
        aria-valuetext={position}
        onChange={(event) => {
          const target = element();
          if (target) target.currentTime = sourceTime(edition, Number(event.currentTarget.value));
        }}
        data-testid="player-scrubber"
      />
      <span className="player__time" aria-hidden="true" data-testid="player-time">
        {clockTime(at)} / {clockTime(total)}
      </span>
      <button
        type="button"
        className="button"
        onClick={() => {
          const target = element();
          if (target) target.muted = !target.muted;
        }}
      >
        {muted ? t`Sound on` : t`Sound off`}
      </button>
      <button
        type="button"
        className="button"
        onClick={() => {
          const stage = element()?.closest(".player");
          if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
          else void stage?.requestFullscreen?.().catch(() => undefined);
        }}
      >
        {t`Full screen`}
      </button>
    </div>
  );
}
