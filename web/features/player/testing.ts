import { screen } from "@testing-library/react";
import { vi } from "vitest";
import type { PlaybackData, PremiereItem } from "../../../domain/viewer-page/playback.ts";
import type { HlsLike, HlsLoader } from "./hls-source.ts";

/** Test helpers of the player (happy-dom: it plays no media, so tests drive the element's events). */

export const T0 = Date.parse("2026-12-01T14:00:00.000Z");

export function item(media_id: string, duration_s: number, fields: Partial<PremiereItem> = {}): PremiereItem {
  return { media_id, duration_s, url: `/api/files/${media_id}`, poster_url: null, width: 1280, height: 720, edition: null, ...fields };
}

export function playbackData(fields: Partial<PlaybackData> = {}): PlaybackData {
  return {
    kind: "none",
    loops: { intro: null, outro: null },
    audio_only: false,
    poster_overlay: false,
    poster_url: null,
    captions: [],
    urls_expire_at: new Date(T0 + 6 * 3600_000).toISOString(),
    ...fields,
  };
}

export function mediaElement(): HTMLMediaElement {
  return screen.getByTestId("player-video") as HTMLMediaElement;
}

/** Makes the element say it has `readyState` (happy-dom keeps 0) and dispatches `loadedmetadata`. */
export function loaded(media: HTMLMediaElement, readyState = 4): void {
  Object.defineProperty(media, "readyState", { configurable: true, get: () => readyState });
  media.dispatchEvent(new Event("loadedmetadata"));
}

/** Moves the element's clock and says so (`timeupdate`). */
export function playAt(media: HTMLMediaElement, seconds: number): void {
  media.currentTime = seconds;
  media.dispatchEvent(new Event("timeupdate"));
}

/**
 * A stand-in for hls.js (happy-dom has no Media Source Extensions): records what the player asks
 * and lets a test fire hls.js's events.
 */
export function fakeHls(options: { supported?: boolean; playingDate?: Date | null } = {}) {
  const handlers = new Map<string, (event: string, data: { fatal: boolean; type: string }) => void>();
  const instance = {
    loadSource: vi.fn(),
    attachMedia: vi.fn(),
    startLoad: vi.fn(),
    recoverMediaError: vi.fn(),
    swapAudioCodec: vi.fn(),
    destroy: vi.fn(),
    playingDate: options.playingDate ?? null,
    on: vi.fn((event: string, handler: (event: string, data: { fatal: boolean; type: string }) => void) => {
      handlers.set(event, handler);
    }),
  };
  class FakeHls implements HlsLike {
    static isSupported = () => options.supported ?? true;
    static Events = { ERROR: "hlsError", FRAG_BUFFERED: "hlsFragBuffered" };
    static ErrorTypes = { NETWORK_ERROR: "networkError", MEDIA_ERROR: "mediaError", OTHER_ERROR: "otherError" };
    loadSource = instance.loadSource;
    attachMedia = instance.attachMedia;
    startLoad = instance.startLoad;
    recoverMediaError = instance.recoverMediaError;
    swapAudioCodec = instance.swapAudioCodec;
    destroy = instance.destroy;
    on = instance.on;
    get playingDate() {
      return instance.playingDate;
    }
  }
  const load = vi.fn<HlsLoader>(async () => ({ default: FakeHls }));
  return {
    instance,
    load,
    fire(event: string, data: { fatal: boolean; type: string }) {
      handlers.get(event)?.(event, data);
    },
  };
}
