import path from "node:path";
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, openBrowser } from "./browser.ts";
import { type HlsFixture, hlsContentType, makeHls, makeMp4 } from "./fixtures/make-hls.ts";

/**
 * Issue #19's player in a real Chromium, with generated media (e2e/fixtures/make-hls.ts: an HLS
 * stream of H.264 fMP4 segments with #EXT-X-PROGRAM-DATE-TIME, and plain MP4 files). No page of
 * the app mounts the player on a live stream yet (no live source exists), so the player is
 * bundled here with esbuild on its own: first its HLS module (web/features/player/hls-source.ts)
 * with both engines — hls.js over MSE, which gives the program date time the room's media time
 * comes from, and the browser's own HLS where Chromium has it — then the React <Player> itself
 * (Lingui's macros replaced by a plain English shim: the texts are checked in happy-dom) on a
 * live stream and on a premiere of two MP4 videos joined late.
 */

const ORIGIN = "https://player.test";
const root = path.resolve(import.meta.dirname, "..");

let fixture: HlsFixture;
let bundle: string;
let playerBundle: string;
const mp4s = new Map<string, Uint8Array>();
let browser: Browser;

/** The React player, mounted by `window.mountPlayer(props)`; media times land in `window.mediaTimes`. */
const PLAYER_HARNESS = `
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { Player } from "./web/features/player/player.tsx";
window.mediaTimes = [];
window.mountPlayer = (props) => {
  createRoot(document.getElementById("root")).render(createElement(Player, { ...props, onMediaTime: (ms) => window.mediaTimes.push(ms) }));
};
`;

/** Lingui's macros compile away in the app (babel); the bundle here gets plain English. */
const LINGUI_SHIM = `
import { Fragment, createElement } from "react";
const t = (strings, ...values) => strings.reduce((text, part, i) => text + part + (i < values.length ? String(values[i]) : ""), "");
export const useLingui = () => ({ t, i18n: { locale: "en" } });
export const Trans = ({ children }) => createElement(Fragment, null, children);
`;

beforeAll(async () => {
  fixture = await makeHls({ segments: 3, segmentSeconds: 2 });
  const built = await build({
    entryPoints: [path.join(root, "web/features/player/hls-source.ts")],
    bundle: true,
    format: "iife",
    globalName: "hlsSource",
    platform: "browser",
    target: "es2022",
    write: false,
    // The dynamic import("hls.js") lands in its own chunk in the app; here one file is simpler.
    splitting: false,
    logLevel: "silent",
  });
  bundle = built.outputFiles[0]?.text ?? "";
  const player = await build({
    stdin: { contents: PLAYER_HARNESS, resolveDir: root, loader: "js" },
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    write: false,
    jsx: "automatic",
    loader: { ".css": "empty" },
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
    plugins: [
      {
        name: "lingui-macro-shim",
        setup(context) {
          context.onResolve({ filter: /^@lingui\/react\/macro$/ }, () => ({ path: "lingui-macro", namespace: "shim" }));
          context.onLoad({ filter: /.*/, namespace: "shim" }, () => ({ contents: LINGUI_SHIM, loader: "js", resolveDir: root }));
        },
      },
    ],
  });
  playerBundle = player.outputFiles[0]?.text ?? "";
  mp4s.set("first.mp4", await makeMp4(4, { hue: 0 }));
  mp4s.set("second.mp4", await makeMp4(6, { hue: 120 }));
  browser = await openBrowser({ locale: "en-US" });
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

async function harness(file = "/"): Promise<Page> {
  const page = await browser.context.newPage();
  page.on("pageerror", (error) => console.error(`[player page] ${error.message}`));
  await page.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === "/hls-source.js") return route.fulfill({ body: bundle, contentType: "text/javascript" });
    if (pathname === "/player.js") return route.fulfill({ body: playerBundle, contentType: "text/javascript" });
    if (pathname === "/player.html") return route.fulfill({ body: '<!doctype html><html lang="en"><title>player</title><div id="root"></div><script src="/player.js"></script>', contentType: "text/html" });
    if (pathname.startsWith("/files/")) {
      // Ranges, as /api/files answers them: without them Chromium cannot seek where it has not buffered.
      const bytes = mp4s.get(pathname.slice("/files/".length));
      if (!bytes) return route.fulfill({ status: 404, body: "" });
      const range = /^bytes=(\d+)-(\d*)$/.exec(route.request().headers().range ?? "");
      if (!range) return route.fulfill({ body: Buffer.from(bytes), contentType: "video/mp4", headers: { "Accept-Ranges": "bytes" } });
      const from = Number(range[1]);
      const to = Math.min(bytes.length - 1, range[2] ? Number(range[2]) : bytes.length - 1);
      return route.fulfill({
        status: 206,
        body: Buffer.from(bytes.subarray(from, to + 1)),
        contentType: "video/mp4",
        headers: { "Accept-Ranges": "bytes", "Content-Range": `bytes ${from}-${to}/${bytes.length}` },
      });
    }
    if (pathname.startsWith("/live/")) {
      const bytes = fixture.files.get(pathname.slice("/live/".length));
      return bytes ? route.fulfill({ body: Buffer.from(bytes), contentType: hlsContentType(pathname) }) : route.fulfill({ status: 404, body: "" });
    }
    return route.fulfill({ body: '<!doctype html><html lang="en"><title>player</title><video muted playsinline width="320" height="180"></video><script src="/hls-source.js"></script>', contentType: "text/html" });
  });
  await page.goto(`${ORIGIN}${file}`);
  return page;
}

interface Played {
  engine: string;
  statuses: string[];
  currentTime: number;
  programDateMs: number | null;
  width: number;
  error: string | null;
}

/** Attaches the fixture stream with `engine`, plays it (muted) until 2.5 s, and reports. */
function play(page: Page, engine: "hls.js" | "native"): Promise<Played> {
  return page.evaluate(
    async ({ engine }) => {
      const { attachHls } = Reflect.get(window, "hlsSource");
      const video = document.querySelector("video");
      if (!video) throw new Error("no video");
      const statuses: string[] = [];
      const handle = await attachHls(video, "/live/master.m3u8", { engine, onStatus: (status: string) => statuses.push(status) });
      await video.play();
      const deadline = Date.now() + 20_000;
      while (video.currentTime < 2.5 && Date.now() < deadline && !video.error) await new Promise((resolve) => setTimeout(resolve, 100));
      const played = { engine: handle.engine, statuses, currentTime: video.currentTime, programDateMs: handle.programDateMs(), width: video.videoWidth, error: video.error ? String(video.error.code) : null };
      handle.destroy();
      return played;
    },
    { engine },
  );
}

describe("live HLS in Chromium", () => {
  it("generates a stream of 2-second fMP4 segments with program date times", () => {
    const playlist = new TextDecoder().decode(fixture.files.get("playlist-1.m3u8"));
    expect(playlist.match(/#EXTINF:2/g)).toHaveLength(3);
    expect(playlist).toContain(`#EXT-X-PROGRAM-DATE-TIME:${fixture.startDate.toISOString()}`);
    expect(playlist).toContain("#EXT-X-MAP:");
    expect(new TextDecoder().decode(fixture.files.get("master.m3u8"))).toMatch(/CODECS="(avc1|vp09)/);
  });

  it("plays it with hls.js and maps the playing position to wall-clock time", async () => {
    const page = await harness();
    const played = await play(page, "hls.js");
    expect(played).toMatchObject({ engine: "hls.js", error: null, width: 320 });
    expect(played.currentTime).toBeGreaterThanOrEqual(2.5);
    expect(played.statuses).not.toContain("failed");
    // The program date time of the position: the stream's start plus the time played (±0.5 s).
    expect(played.programDateMs).not.toBeNull();
    expect(Math.abs((played.programDateMs ?? 0) - (fixture.startDate.getTime() + played.currentTime * 1000))).toBeLessThan(500);
    await page.close();
  });

  it("plays it natively where Chromium has HLS of its own", async () => {
    const page = await harness();
    const native = await page.evaluate(() => document.createElement("video").canPlayType("application/vnd.apple.mpegurl"));
    if (native === "") return; // an older Chromium: hls.js is its only way
    const played = await play(page, "native");
    expect(played).toMatchObject({ engine: "native", error: null });
    expect(played.currentTime).toBeGreaterThanOrEqual(2.5);
    await page.close();
  });
});

const BASE_DATA = { loops: { intro: null, outro: null }, audio_only: false, poster_overlay: false, poster_url: null, captions: [], urls_expire_at: "2030-01-01T00:00:00.000Z" };

/** The video element's state and the media times reported so far. */
function observe(page: Page) {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>("[data-testid=player-video]");
    const player = document.querySelector<HTMLElement>("[data-testid=player]");
    const times: number[] = Reflect.get(window, "mediaTimes");
    return {
      program: player?.dataset.program ?? null,
      src: video?.getAttribute("src") ?? null,
      currentTime: video?.currentTime ?? 0,
      paused: video?.paused ?? true,
      width: video?.videoWidth ?? 0,
      status: document.querySelector("[data-testid=player-status]")?.textContent ?? "",
      lastMediaTime: times.at(-1) ?? null,
      unmute: document.querySelector("[data-testid=player-unmute]") !== null,
    };
  });
}

describe("the React player in Chromium", () => {
  it("plays a live stream through hls.js and reports the room's media time from its program date time", async () => {
    const page = await harness("/player.html");
    const liveSince = fixture.startDate.getTime();
    await page.evaluate(
      ({ data, liveSince }) => Reflect.get(window, "mountPlayer")({ data, liveSince }),
      { data: { ...BASE_DATA, kind: "live", live: { hls_url: "/live/master.m3u8" } }, liveSince },
    );
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>("[data-testid=player-video]")?.currentTime ?? 0) > 2.5, null, { timeout: 20_000 });
    const state = await observe(page);
    expect(state).toMatchObject({ program: "hls", paused: false, width: 320 });
    // hls.js attaches a blob: URL of its MediaSource (not the playlist: the browser's own HLS is not used here).
    expect(state.src ?? "").toMatch(/^blob:/);
    expect(state.lastMediaTime).not.toBeNull();
    expect(Math.abs((state.lastMediaTime ?? 0) - state.currentTime * 1000)).toBeLessThan(600);
    await page.close();
  });

  it("joins a premiere late at the shared position, then moves to the next video", async () => {
    const page = await harness("/player.html");
    const items = [
      { media_id: "first", duration_s: 4, url: "/files/first.mp4", poster_url: null, width: 320, height: 180, edition: null },
      { media_id: "second", duration_s: 6, url: "/files/second.mp4", poster_url: null, width: 320, height: 180, edition: null },
    ];
    // Started 2.5 s ago: the first video at 2.5 s, the second from 1.5 s from now.
    await page.evaluate((data) => {
      const liveSince = Date.now() - 2_500;
      Reflect.get(window, "mountPlayer")({ data: { ...data, premiere: { live_since: liveSince, items: data.premiere.items } } });
    }, { ...BASE_DATA, kind: "premiere", premiere: { live_since: 0, items } });
    await page.waitForFunction(() => Reflect.get(window, "mediaTimes").length > 0, null, { timeout: 10_000 });
    const first = await observe(page);
    expect(first).toMatchObject({ program: "item", src: "/files/first.mp4" });
    expect(first.currentTime).toBeGreaterThan(2);
    expect(first.lastMediaTime ?? 0).toBeGreaterThan(2_000);
    await page.waitForFunction(() => document.querySelector("[data-testid=player-video]")?.getAttribute("src") === "/files/second.mp4", null, { timeout: 10_000 });
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>("[data-testid=player-video]")?.currentTime ?? 0) > 0.5, null, { timeout: 10_000 });
    const second = await observe(page);
    // Media time on the room's time line: 4 s of the first video plus the second's position.
    expect(second.lastMediaTime ?? 0).toBeGreaterThan(4_000);
    expect(Math.abs((second.lastMediaTime ?? 0) - (4_000 + second.currentTime * 1000))).toBeLessThan(600);
    await page.close();
  });

  it("plays a replay with its edit list: from the start, over the cut, stopped at the end", async () => {
    const page = await harness("/player.html");
    const edition = { start: 1, end: 5, cuts: [{ start: 2, end: 3.5 }] };
    await page.evaluate((data) => Reflect.get(window, "mountPlayer")({ data }), {
      ...BASE_DATA,
      kind: "replay",
      replay: { url: "/files/second.mp4", duration_s: 2.5, edition, download_url: null, expires_at: null },
    });
    await page.waitForFunction(() => document.querySelector("[data-testid=player-status]")?.textContent === "The replay has ended.", null, { timeout: 15_000 });
    const state = await observe(page);
    expect(state.paused).toBe(true);
    expect(state.currentTime).toBeGreaterThanOrEqual(4.9);
    const times: number[] = await page.evaluate(() => Reflect.get(window, "mediaTimes"));
    // Reported on the recording's time line: from the start (1 s), never inside the cut (timeupdate comes every ~250 ms).
    expect(Math.min(...times)).toBeGreaterThanOrEqual(990);
    expect(times.filter((ms) => ms > 2_300 && ms < 3_500)).toEqual([]);
    expect(times.some((ms) => ms >= 3_500)).toBe(true);
    expect(await page.getByRole("slider", { name: "Position in the replay" }).getAttribute("max")).toBe("2.5");
    await page.close();
  });
});
