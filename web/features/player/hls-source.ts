/**
 * A live HLS stream on a media element, without React (the Player uses it; the e2e journey
 * bundles it alone to check real playback in Chromium). hls.js is imported on demand, so it never
 * weighs on the page's first load, and only where it is needed:
 *
 * - Safari (desktop and iOS) plays HLS natively and tells the stream's program date time
 *   (`getStartDate`): native there.
 * - Elsewhere hls.js over Media Source Extensions, even where the browser now claims native HLS
 *   (Chromium 14x answers "maybe"): hls.js gives the program date time (the room's media time)
 *   and recovers from errors. Native as a last resort when there is no MSE at all.
 *
 * Errors: hls.js retries by itself first; on a fatal network error it reloads after a pause
 * (`startLoad`), on a fatal media error it recovers the decoder (`recoverMediaError`, then once
 * more after swapping the audio codec), anything else is reported as failed.
 */

export type HlsStatus = "loading" | "playing" | "reconnecting" | "failed";

/** The part of hls.js used here (the real module fits it; so does a test's stand-in). */
export interface HlsLike {
  loadSource(url: string): void;
  attachMedia(media: HTMLMediaElement): void;
  startLoad(): void;
  recoverMediaError(): void;
  swapAudioCodec(): void;
  destroy(): void;
  readonly playingDate: Date | null;
  on(event: string, listener: (event: string, data: { fatal: boolean; type: string }) => void): void;
}
export interface HlsModule {
  default: {
    new (config: { enableWorker: boolean }): HlsLike;
    isSupported(): boolean;
    readonly Events: { readonly ERROR: string; readonly FRAG_BUFFERED: string };
    readonly ErrorTypes: { readonly NETWORK_ERROR: string; readonly MEDIA_ERROR: string };
  };
}
export type HlsLoader = () => Promise<HlsModule>;

export interface HlsHandle {
  /** "native" or "hls.js". */
  readonly engine: "native" | "hls.js";
  /** The wall-clock time (epoch ms) of the playing position, from the stream's program date time; null without one. */
  programDateMs(): number | null;
  destroy(): void;
}

export const HLS_MIME = "application/vnd.apple.mpegurl";
/** Pause before reloading after a fatal network error. */
export const HLS_RELOAD_DELAY_MS = 2_000;

type SafariMedia = HTMLMediaElement & { getStartDate?: () => Date };

function hasMediaSource(): boolean {
  return typeof window !== "undefined" && ("MediaSource" in window || "ManagedMediaSource" in window);
}

/** Whether this browser should play HLS natively (see above). */
export function prefersNativeHls(media: HTMLMediaElement): boolean {
  if (media.canPlayType(HLS_MIME) === "") return false;
  return typeof (media as SafariMedia).getStartDate === "function" || !hasMediaSource();
}

function nativeHandle(media: HTMLMediaElement, url: string, onStatus: (status: HlsStatus) => void): HlsHandle {
  const failed = () => onStatus("failed");
  media.addEventListener("error", failed);
  media.src = url;
  return {
    engine: "native",
    programDateMs() {
      const start = (media as SafariMedia).getStartDate?.().getTime();
      return start !== undefined && Number.isFinite(start) ? start + media.currentTime * 1000 : null;
    },
    destroy() {
      media.removeEventListener("error", failed);
      media.removeAttribute("src");
      media.load();
    },
  };
}

export async function attachHls(
  media: HTMLMediaElement,
  url: string,
  options: { onStatus: (status: HlsStatus) => void; loadHls?: HlsLoader; engine?: "auto" | "native" | "hls.js" },
): Promise<HlsHandle> {
  const { onStatus, engine = "auto" } = options;
  const loadHls: HlsLoader = options.loadHls ?? (() => import("hls.js"));
  onStatus("loading");
  if (engine === "native" || (engine === "auto" && prefersNativeHls(media))) return nativeHandle(media, url, onStatus);
  const { default: Hls } = await loadHls();
  if (!Hls.isSupported()) {
    if (media.canPlayType(HLS_MIME) !== "") return nativeHandle(media, url, onStatus);
    onStatus("failed");
    return { engine: "hls.js", programDateMs: () => null, destroy() {} };
  }
  const hls = new Hls({ enableWorker: true });
  let reload: ReturnType<typeof setTimeout> | undefined;
  let mediaRecoveries = 0;
  hls.on(Hls.Events.FRAG_BUFFERED, () => {
    mediaRecoveries = 0;
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
      onStatus("reconnecting");
      clearTimeout(reload);
      reload = setTimeout(() => hls.startLoad(), HLS_RELOAD_DELAY_MS);
    } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 2) {
      onStatus("reconnecting");
      if (mediaRecoveries === 1) hls.swapAudioCodec();
      mediaRecoveries += 1;
      hls.recoverMediaError();
    } else {
      onStatus("failed");
      hls.destroy();
    }
  });
  hls.loadSource(url);
  hls.attachMedia(media);
  return {
    engine: "hls.js",
    programDateMs: () => hls.playingDate?.getTime() ?? null,
    destroy() {
      clearTimeout(reload);
      hls.destroy();
    },
  };
}
