import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { i18n } from "../../i18n/i18n.ts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/render.tsx";
import { HLS_RELOAD_DELAY_MS } from "./hls-source.ts";
import { DRIFT_CHECK_MS, Player, PROGRAM_TICK_MS } from "./player.tsx";
import { T0, fakeHls, item, loaded, mediaElement, playAt, playbackData } from "./testing.ts";

/**
 * The player in happy-dom, which plays no media: the tests drive the element (metadata loaded,
 * time updates, the end) and check what the player does with it. hls.js is a stand-in here (no
 * Media Source Extensions); real HLS playback in Chromium is e2e/player.e2e.ts.
 */

let now = T0;
const serverNow = () => now;
let play: ReturnType<typeof vi.fn<(this: HTMLMediaElement) => Promise<void>>>;

beforeEach(() => {
  now = T0;
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
  play = vi.fn<(this: HTMLMediaElement) => Promise<void>>(async function (this: HTMLMediaElement) {
    Object.defineProperty(this, "paused", { configurable: true, get: () => false });
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    return play.call(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, "paused", { configurable: true, get: () => true });
  });
});

/** Renders again with the catalog (testing-library's `rerender` drops the provider). */
function rerenderWith(view: { rerender(ui: ReactElement): void }, ui: ReactElement) {
  view.rerender(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const ITEMS = [item("first", 10), item("second", 20, { poster_url: "/api/files/second-poster" })];
const loop = (name: string, loop_mode: "repeat" | "once" = "repeat") => ({ url: `/api/files/${name}`, duration_s: 5, loop_mode, poster_url: null, edition: null });
const premiere = (liveSince: number | null, extra: Partial<Parameters<typeof playbackData>[0]> = {}) =>
  playbackData({ kind: "premiere", premiere: { live_since: liveSince, items: ITEMS }, loops: { intro: loop("intro"), outro: loop("outro", "once") }, ...extra });

async function advance(ms: number) {
  now += ms;
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe("a premiere", () => {
  it("joins late at the shared position, reports the room's media time and moves to the next video", async () => {
    now = T0 + 12_500; // 2.5 s into the second video
    const onMediaTime = vi.fn();
    renderWithI18n(<Player data={premiere(T0)} serverNow={serverNow} onMediaTime={onMediaTime} />);
    const media = mediaElement();
    expect(media.getAttribute("src")).toBe("/api/files/second");
    expect(screen.getByTestId("player").dataset.program).toBe("item");
    expect(screen.getByTestId("player-status").textContent).toBe("Loading…");
    now += 300; // it took 0.3 s to load
    await act(async () => loaded(media));
    expect(media.currentTime).toBeCloseTo(2.8);
    expect(play).toHaveBeenCalled();
    act(() => playAt(media, 3));
    expect(onMediaTime).toHaveBeenLastCalledWith(13_000);

    // The playlist is over: the outro loop (once), then nothing.
    await advance(20_000);
    expect(media.getAttribute("src")).toBe("/api/files/outro");
    await act(async () => loaded(media));
    onMediaTime.mockClear();
    act(() => playAt(media, 1));
    expect(onMediaTime).not.toHaveBeenCalled(); // loops are outside the show's time line
    act(() => {
      media.dispatchEvent(new Event("ended"));
    });
    expect(screen.getByTestId("player-status").textContent).toBe("The show is over.");
  });

  it("plays the intro loop before the start, then the first video once the room goes live", async () => {
    const view = renderWithI18n(<Player data={premiere(null)} serverNow={serverNow} />);
    const media = mediaElement();
    expect(media.getAttribute("src")).toBe("/api/files/intro");
    expect(media.loop).toBe(true);
    rerenderWith(view, <Player data={premiere(null)} serverNow={serverNow} liveSince={T0} />);
    expect(media.getAttribute("src")).toBe("/api/files/first");
  });

  it("without an intro loop, says the show has not started", () => {
    renderWithI18n(<Player data={premiere(null, { loops: { intro: null, outro: null } })} serverNow={serverNow} />);
    expect(screen.getByTestId("player-status").textContent).toBe("The show has not started yet.");
    expect(mediaElement().hidden).toBe(true);
  });

  it("corrects its drift: a playback rate for a small gap, a seek for a large one", async () => {
    renderWithI18n(<Player data={premiere(T0)} serverNow={serverNow} />);
    const media = mediaElement();
    await act(async () => loaded(media));
    await act(() => media.play());
    // At the first check the show is at 3 s, the player at 2 s: faster.
    media.currentTime = 2;
    await advance(DRIFT_CHECK_MS);
    expect(media.playbackRate).toBeGreaterThan(1.05);
    expect(media.playbackRate).toBeLessThanOrEqual(1.1);
    // At the next, the show is at 6 s and the player at 0.5 s: a seek, the rate back to 1.
    media.currentTime = 0.5;
    await advance(DRIFT_CHECK_MS);
    expect(media.currentTime).toBe(2 * (DRIFT_CHECK_MS / 1000));
    expect(media.playbackRate).toBe(1);
    // Close enough: nothing.
    media.currentTime = 9.1;
    await advance(DRIFT_CHECK_MS);
    expect(media.currentTime).toBe(9.1);
    expect(PROGRAM_TICK_MS).toBeLessThan(DRIFT_CHECK_MS);
  });
});

describe("the replay", () => {
  const edition = { start: 10, end: 100, cuts: [{ start: 20, end: 30 }] };
  const replay = (fields: { download_url?: string | null; edition?: typeof edition | null } = {}) =>
    playbackData({ kind: "replay", replay: { url: "/api/files/replay", duration_s: 80, edition: edition, download_url: null, expires_at: null, ...fields } });

  it("starts at the edition's start, jumps over its cuts, stops at its end; the scrubber shows the edited time", async () => {
    const onMediaTime = vi.fn();
    renderWithI18n(<Player data={replay()} onMediaTime={onMediaTime} />);
    const media = mediaElement();
    expect(media.controls).toBe(false);
    await act(async () => loaded(media));
    expect(media.currentTime).toBe(10);
    act(() => playAt(media, 15));
    expect(onMediaTime).toHaveBeenLastCalledWith(15_000);
    const scrubber = screen.getByRole("slider", { name: "Position in the replay" });
    expect(scrubber.getAttribute("max")).toBe("80");
    expect(scrubber.getAttribute("aria-valuetext")).toBe("0:05 of 1:20");
    act(() => playAt(media, 21));
    expect(media.currentTime).toBe(30);
    // Scrubbing to 0:15 of the replay is 35 s of the recording.
    fireEvent.change(scrubber, { target: { value: "15" } });
    expect(media.currentTime).toBe(35);
    act(() => playAt(media, 100));
    expect(media.paused).toBe(true);
    expect(screen.getByTestId("player-status").textContent).toBe("The replay has ended.");
    expect(screen.queryByTestId("player-download")).toBeNull();
  });

  it("keeps the native controls without an edition, and offers the download when given", () => {
    renderWithI18n(<Player data={replay({ edition: null, download_url: "/api/files/download" })} />);
    expect(mediaElement().controls).toBe(true);
    expect(screen.getByRole("link", { name: "Download the replay" }).getAttribute("href")).toBe("/api/files/download");
  });

  it("says why there is nothing to play", () => {
    renderWithI18n(<Player data={playbackData({ kind: "none", reason: "replay_expired" })} />);
    expect(screen.getByTestId("player-status").textContent).toBe("This replay has expired: it is no longer available.");
  });
});

describe("autoplay", () => {
  it("plays muted with an Unmute button when sound is refused, a Tap to play when all is refused", async () => {
    const refused = () => Object.assign(new DOMException("refused", "NotAllowedError"));
    play.mockImplementation(async function (this: HTMLMediaElement) {
      if (!this.muted) throw refused();
    });
    const { unmount } = renderWithI18n(<Player data={premiere(T0)} serverNow={serverNow} />);
    await act(async () => loaded(mediaElement()));
    expect(mediaElement().muted).toBe(true);
    const unmute = screen.getByRole("button", { name: "Unmute" });
    fireEvent.click(unmute);
    expect(mediaElement().muted).toBe(false);
    expect(screen.queryByRole("button", { name: "Unmute" })).toBeNull();
    unmount();

    play.mockImplementation(async () => {
      throw refused();
    });
    renderWithI18n(<Player data={premiere(T0)} serverNow={serverNow} />);
    await act(async () => loaded(mediaElement()));
    const tap = screen.getByRole("button", { name: "Tap to play" });
    play.mockImplementation(async () => undefined);
    await act(async () => fireEvent.click(tap));
    expect(screen.queryByRole("button", { name: "Tap to play" })).toBeNull();
  });

  it("says when it buffers or fails, in a live region", async () => {
    renderWithI18n(<Player data={premiere(T0)} serverNow={serverNow} />);
    const media = mediaElement();
    const status = screen.getByTestId("player-status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    act(() => {
      media.dispatchEvent(new Event("waiting"));
    });
    expect(status.textContent).toBe("Buffering…");
    act(() => {
      media.dispatchEvent(new Event("playing"));
    });
    expect(status.textContent).toBe("");
    act(() => {
      media.dispatchEvent(new Event("error"));
    });
    expect(status.textContent).toBe("The video could not be played.");
  });
});

describe("live HLS (hls.js stand-in)", () => {
  const live = playbackData({ kind: "live", live: { hls_url: "/live/stream.m3u8" } });

  it("loads hls.js on demand, plays the stream, reports program date time minus live_since", async () => {
    const hls = fakeHls({ playingDate: new Date(T0 + 65_000) });
    const onMediaTime = vi.fn();
    renderWithI18n(<Player data={live} liveSince={T0} serverNow={serverNow} loadHls={hls.load} hlsEngine="auto" onMediaTime={onMediaTime} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(hls.load).toHaveBeenCalledTimes(1);
    expect(hls.instance.loadSource).toHaveBeenCalledWith("/live/stream.m3u8");
    expect(hls.instance.attachMedia).toHaveBeenCalledWith(mediaElement());
    expect(play).toHaveBeenCalled();
    act(() => playAt(mediaElement(), 3));
    expect(onMediaTime).toHaveBeenLastCalledWith(65_000);
  });

  it("recovers: a network error reloads after a pause, a media error recovers the decoder, another error fails", async () => {
    const hls = fakeHls();
    renderWithI18n(<Player data={live} liveSince={T0} serverNow={serverNow} loadHls={hls.load} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => hls.fire("hlsError", { fatal: true, type: "networkError" }));
    expect(screen.getByTestId("player-status").textContent).toBe("Reconnecting to the stream…");
    await act(() => vi.advanceTimersByTimeAsync(HLS_RELOAD_DELAY_MS));
    expect(hls.instance.startLoad).toHaveBeenCalledTimes(1);
    act(() => hls.fire("hlsError", { fatal: true, type: "mediaError" }));
    expect(hls.instance.recoverMediaError).toHaveBeenCalledTimes(1);
    act(() => hls.fire("hlsError", { fatal: false, type: "mediaError" }));
    expect(hls.instance.recoverMediaError).toHaveBeenCalledTimes(1);
    act(() => hls.fire("hlsError", { fatal: true, type: "otherError" }));
    expect(screen.getByTestId("player-status").textContent).toBe("The video could not be played.");
    expect(hls.instance.destroy).toHaveBeenCalled();
  });

  it("without a stream says so; before the start plays the intro loop; never loads hls.js for them", () => {
    const hls = fakeHls();
    const view = renderWithI18n(<Player data={playbackData({ kind: "live", live: { hls_url: null } })} liveSince={T0} loadHls={hls.load} />);
    expect(screen.getByTestId("player-status").textContent).toBe("The live video is not available yet.");
    rerenderWith(view, <Player data={playbackData({ kind: "live", live: { hls_url: "/x.m3u8" }, loops: { intro: loop("intro"), outro: null } })} liveSince={null} loadHls={hls.load} />);
    expect(mediaElement().getAttribute("src")).toBe("/api/files/intro");
    expect(hls.load).not.toHaveBeenCalled();
  });
});

describe("layouts", () => {
  it("renders an audio webcast as its poster and an audio element", () => {
    renderWithI18n(<Player data={playbackData({ kind: "replay", audio_only: true, poster_url: "/cover.jpg", replay: { url: "/api/files/r", duration_s: 5, edition: null, download_url: null, expires_at: null } })} />);
    expect(mediaElement().tagName).toBe("AUDIO");
    expect(screen.getByTestId("player").dataset.audioOnly).toBe("true");
    expect(document.querySelector(".player__poster")?.getAttribute("src")).toBe("/cover.jpg");
  });

  it("covers the picture with the poster when the overlay is on (the room's toggle wins), with captions", () => {
    const data = playbackData({
      kind: "replay",
      poster_overlay: false,
      poster_url: "/cover.jpg",
      captions: [{ lang: "fr", label: "Français", url: "/captions/fr.vtt" }],
      replay: { url: "/api/files/r", duration_s: 5, edition: null, download_url: null, expires_at: null },
    });
    const view = renderWithI18n(<Player data={data} />);
    expect(screen.queryByTestId("player-poster-overlay")).toBeNull();
    const track = mediaElement().querySelector("track");
    expect(track?.getAttribute("kind")).toBe("captions");
    expect(track?.getAttribute("srclang")).toBe("fr");
    rerenderWith(view, <Player data={data} posterOverlay />);
    expect(screen.getByTestId("player-poster-overlay").querySelector("img")?.getAttribute("src")).toBe("/cover.jpg");
  });
});
