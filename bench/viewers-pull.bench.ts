// Viewers on demand (issue #18, docs/sync.md "Viewers on demand"): the first pull of one webcast's
// viewers when the webcast is opened, against the raw IndexedDB ceiling measured in the same run
// (goal: ≥ 90 % of it). An organization with two webcasts, one of 5,000 viewers and one of 100,000;
// a signed-in organizer's browser (Debian Chromium, the production build served by `vite preview`,
// the built worker in workerd, local D1) first finishes its main pull (which holds no viewers), then
// opens one of the webcasts: the bench registers it in the app's database as `openWebcastViewers`
// does and fires a window focus (a sync trigger). Timed in the page from the engine's
// `igo:viewers-pull-start` mark for that webcast to its `igo:viewers-pull-end`; then the rows are
// counted in IndexedDB. Meanwhile the page reads `view_webcasts` every 100 ms (what the home screen
// does) and records long tasks: the reads' latency and the longest task say whether screens stay usable.
// The pull is one streamed response (GET /api/sync/pull/stream, a line per page).
// Twice: end to end (against the server, which shares the machine's 2 cores with the browser) and
// client only (the same bodies, recorded from that server, answered from memory by a proxy: what the
// browser side sustains). The ceiling (bench/idb-ceiling.ts): the same number of rows shaped alike
// into a store with the same indexes, raw API, 1,000 rows per transaction, fresh profile.
// Every pull in a fresh profile of its own (sign-in, main pull, a settled page), one pull per
// session. In rounds: each round takes BENCH_SMALL_SAMPLES samples of the small pull (end to end,
// client only, ceiling, one after the other), then one of the big one. This VM's speed drifts by
// ±20 % within minutes, and a 5,000-row write lasts half a second: a figure needs many samples,
// taken side by side. Before each timed part the disks are flushed (`sync`): the previous part's
// writes (a 100,000-row pull leaves ≈ 100 MB to write back) would otherwise slow whichever part
// came next. The ratio is the median pull's rows/s over the median ceiling's.
// Knobs: BENCH_SMALL (5000), BENCH_BIG (100000), BENCH_RUNS (rounds, 3), BENCH_SMALL_SAMPLES (small
// pulls per round and kind, 3), BENCH_CPU_PROFILE (a directory: the page's CPU profile of each small
// pull is written there).
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { signIn } from "../e2e/session.ts";
import { type BenchBrowser, buildApp, openChromium, startAnsweringProxy, startPreview, waitForPull } from "./app.ts";
import { BULK_ID_PREFIX, prepareBulkState } from "./bulk-data.ts";
import { indexedDbCeiling } from "./idb-ceiling.ts";
import { benchName, log, summarize, writeResult } from "./lib.ts";

declare global {
  /** What the page records while a pull runs (set by `openWebcast` in the page). */
  var __probe: { reads: number[]; longTasks: number[]; stop: boolean } | undefined;
}

const SMALL = Number(process.env.BENCH_SMALL ?? 5_000);
const BIG = Number(process.env.BENCH_BIG ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SMALL_SAMPLES = Number(process.env.BENCH_SMALL_SAMPLES ?? 3);
const ORGANIZER = "organizer@demo.test";
const GOAL_RATIO = 0.9;
const webcastId = (n: number) => `${BULK_ID_PREFIX.webcasts}${n.toString(16).padStart(12, "0")}`;

/** Registers the webcast in the app's database (as openWebcastViewers does) and triggers a sync; times its viewers pull. */
async function openWebcast(page: Page, webcast: string, expected: number) {
  await page.evaluate(async (id) => {
    const probe = globalThis;
    probe.__probe = { reads: [], longTasks: [], stop: false };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.__probe?.longTasks.push(entry.duration);
    }).observe({ type: "longtask" });
    const databases = await indexedDB.databases();
    const name = databases.map((database) => database.name).find((candidate) => candidate?.startsWith("igo-"));
    if (!name) throw new Error("no igo-<userId> database");
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const transaction = db.transaction("opened_webcasts", "readwrite");
      transaction.objectStore("opened_webcasts").put({ webcast_id: id, cursor: 0, synced: null, opened_at: new Date().toISOString() });
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    // The home screen's reads, every 100 ms while the pull runs.
    void (async () => {
      while (!probe.__probe?.stop) {
        const started = performance.now();
        await new Promise<void>((resolve) => {
          const request = db.transaction("view_webcasts").objectStore("view_webcasts").index("event_start_date_time").getAll(null, 20);
          request.onsuccess = () => resolve();
          request.onerror = () => resolve();
        });
        probe.__probe?.reads.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      db.close();
    })();
    window.dispatchEvent(new Event("focus"));
  }, webcast);
  const handle = await page.waitForFunction(
    (id) => {
      const ofWebcast = (name: string) => performance.getEntriesByName(name).filter((entry) => (entry as PerformanceMark).detail?.webcast === id);
      const end = ofWebcast("igo:viewers-pull-end")[0];
      const start = ofWebcast("igo:viewers-pull-start")[0];
      return end && start ? { startMs: start.startTime, endMs: end.startTime } : null;
    },
    webcast,
    { timeout: 300_000, polling: 50 },
  );
  const timing = await handle.jsonValue();
  if (!timing) throw new Error("no viewers pull marks");
  const { reads, longTasks, count, requests } = await page.evaluate(
    async ({ id, startMs, endMs }) => {
      const probe = globalThis.__probe;
      if (!probe) throw new Error("the page's probe is gone");
      probe.stop = true;
      const databases = await indexedDB.databases();
      const name = databases.map((database) => database.name).find((candidate) => candidate?.startsWith("igo-")) ?? "";
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const count = await new Promise<number>((resolve, reject) => {
        const request = db.transaction("view_viewers").objectStore("view_viewers").index("webcast_id").count(id);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      db.close();
      const requests = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) => entry.name.includes(`webcast=${id}`) && entry.startTime >= startMs - 1 && entry.responseEnd <= endMs + 1);
      return { reads: probe.reads, longTasks: probe.longTasks, count, requests: requests.map((entry) => ({ start: entry.startTime, end: entry.responseEnd, bytes: entry.encodedBodySize })) };
    },
    { id: webcast, ...timing },
  );
  if (count !== expected) throw new Error(`expected ${expected} viewers of ${webcast} in view_viewers, found ${count}`);
  const totalMs = timing.endMs - timing.startMs;
  return {
    rows: count,
    totalMs: Math.round(totalMs),
    rowsPerSecond: Math.round((count / totalMs) * 1000),
    responses: requests.length,
    // Per response (one per pull unless its stream broke): when its request started and how long until its body ended (ms from the pull's start).
    requests: requests.map((request) => [Math.round(request.start - timing.startMs), Math.round(request.end - request.start)]),
    responseBytes: requests.reduce((sum, request) => sum + request.bytes, 0),
    homeReadsMs: summarize(reads),
    longTasksMs: { count: longTasks.length, max: Math.round(Math.max(0, ...longTasks)), total: Math.round(longTasks.reduce((sum, value) => sum + value, 0)) },
  };
}

type Pull = Awaited<ReturnType<typeof openWebcast>>;

/** Writes the dirty pages back to disk (untimed): a part starts with no earlier part's writes pending. */
function flushDisks(): void {
  spawnSync("sync");
}

/** In a fresh profile: signs in, waits for the main pull, then opens `webcast` (`rows` viewers) and times its pull. */
async function measure(baseUrl: string, label: string, webcast: string, rows: number, sample: string): Promise<Pull> {
  const browser: BenchBrowser = await openChromium();
  try {
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, ORGANIZER);
    await waitForPull(page, head);
    // The page settled (service worker installed and precached, first screen rendered), as when a
    // user opens a webcast: the first seconds after a first sign-in are busy with other work.
    await page.evaluate(async () => {
      await navigator.serviceWorker?.ready;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    });
    flushDisks();
    // BENCH_CPU_PROFILE=<dir>: the page's CPU profile of each small pull (open it in Chromium's DevTools).
    const profiler = process.env.BENCH_CPU_PROFILE && rows === SMALL ? await page.context().newCDPSession(page) : null;
    if (profiler) {
      await profiler.send("Profiler.enable");
      await profiler.send("Profiler.setSamplingInterval", { interval: 200 });
      await profiler.send("Profiler.start");
    }
    const pull = await openWebcast(page, webcast, rows);
    if (profiler) {
      const { profile } = await profiler.send("Profiler.stop");
      mkdirSync(process.env.BENCH_CPU_PROFILE as string, { recursive: true });
      writeFileSync(join(process.env.BENCH_CPU_PROFILE as string, `${label.replace(/\W+/g, "-")}-${rows}-${sample}.cpuprofile`), JSON.stringify(profile));
    }
    log(`${label}: ${rows} viewers in ${pull.totalMs} ms (${pull.rowsPerSecond} rows/s, ${pull.responses} responses; home reads p50 ${pull.homeReadsMs.p50} ms, max ${pull.homeReadsMs.max} ms; longest task ${pull.longTasksMs.max} ms)`);
    await page.close();
    return pull;
  } finally {
    await browser.close();
  }
}

/** The ceiling of `rows` rows (one run, fresh profile), after a flush like the pulls. */
async function ceiling(rows: number): Promise<number> {
  flushDisks();
  const { rowsPerSecond } = await indexedDbCeiling(rows, 1_000, 1);
  log(`ceiling: ${rows} rows ${rowsPerSecond} rows/s`);
  return rowsPerSecond;
}

/** A webcast's whole viewers pull from 0 as the browser asks it (GET /api/sync/pull/stream: webcast → body). */
async function recordPulls(baseUrl: string, webcasts: string[]): Promise<Map<string, string>> {
  const browser = await openChromium();
  const bodies = new Map<string, string>();
  try {
    const page = await browser.context.newPage();
    await signIn(page, baseUrl, ORGANIZER);
    for (const webcast of webcasts) {
      const response = await browser.context.request.get(`${baseUrl}/api/sync/pull/stream?cursor=0&webcast=${webcast}`);
      if (!response.ok()) throw new Error(`pull: HTTP ${response.status()}`);
      const body = await response.text();
      const last = JSON.parse(body.trimEnd().split("\n").at(-1) ?? "{}") as { more?: boolean };
      if (last.more !== false) throw new Error(`the recorded pull of ${webcast} did not end`);
      bodies.set(webcast, body);
    }
  } finally {
    await browser.close();
  }
  return bodies;
}

const name = benchName(import.meta.url);
const root = buildApp(name);
const { stateDir, head } = await prepareBulkState(root, { createdByEmail: ORGANIZER, webcasts: 2, viewers: SMALL + BIG, viewersPerWebcast: [SMALL, BIG] });
try {
  const server = await startPreview(root, stateDir);
  const endToEnd: { small: Pull[]; big: Pull[] } = { small: [], big: [] };
  const clientOnly: { small: Pull[]; big: Pull[] } = { small: [], big: [] };
  const ceilingSmall: number[] = [];
  const ceilingBig: number[] = [];
  try {
    // The same bodies, answered at once from memory by a proxy in front of the server: what the
    // browser side sustains when the server (on the same 2 cores) is not in the way.
    const recorded = await recordPulls(server.baseUrl, [webcastId(1), webcastId(2)]);
    const proxy = await startAnsweringProxy(server.baseUrl, (url) => {
      const webcast = url.searchParams.get("webcast");
      if (url.pathname !== "/api/sync/pull/stream" || !webcast) return undefined;
      if (url.searchParams.get("cursor") !== "0") throw new Error(`client only: a pull of ${webcast} from cursor ${url.searchParams.get("cursor")} was not recorded`);
      return recorded.get(webcast);
    });
    try {
      // Rounds: the small pull's samples, each end to end, client only and ceiling side by side,
      // then the big one's, so a machine that slows down (or speeds up) weighs on all alike.
      for (let run = 0; run < RUNS; run++) {
        for (let sample = 0; sample < SMALL_SAMPLES; sample++) {
          const name = `${run}-${sample}`;
          endToEnd.small.push(await measure(server.baseUrl, "end to end", webcastId(1), SMALL, name));
          clientOnly.small.push(await measure(proxy.baseUrl, "client only", webcastId(1), SMALL, name));
          ceilingSmall.push(await ceiling(SMALL));
        }
        endToEnd.big.push(await measure(server.baseUrl, "end to end", webcastId(2), BIG, `${run}`));
        clientOnly.big.push(await measure(proxy.baseUrl, "client only", webcastId(2), BIG, `${run}`));
        ceilingBig.push(await ceiling(BIG));
      }
    } finally {
      await proxy.stop();
    }
  } finally {
    await server.stop();
  }
  const middleOf = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  };
  const median = (values: number[]) => Math.round(middleOf(values));
  const rates = (runs: Pull[]) => runs.map((run) => run.rowsPerSecond);
  // The median pull against the median ceiling (the same statistic on both sides).
  const ratio = (runs: Pull[], ceiling: number[]) => Math.round((median(rates(runs)) / median(ceiling)) * 100) / 100;
  const ratios = {
    endToEnd: { [`viewers${SMALL}`]: ratio(endToEnd.small, ceilingSmall), [`viewers${BIG}`]: ratio(endToEnd.big, ceilingBig) },
    clientOnly: { [`viewers${SMALL}`]: ratio(clientOnly.small, ceilingSmall), [`viewers${BIG}`]: ratio(clientOnly.big, ceilingBig) },
  };
  // Also each pull against the ceiling measured right after it (seconds apart: the VM's drift
  // cancels out), the median of those ratios: a second view of the same samples, not the goal's figure.
  const paired = (runs: Pull[], ceiling: number[]) => Math.round(middleOf(runs.map((run, index) => run.rowsPerSecond / (ceiling[index] ?? Number.NaN))) * 100) / 100;
  const pairedRatios = {
    endToEnd: { [`viewers${SMALL}`]: paired(endToEnd.small, ceilingSmall), [`viewers${BIG}`]: paired(endToEnd.big, ceilingBig) },
    clientOnly: { [`viewers${SMALL}`]: paired(clientOnly.small, ceilingSmall), [`viewers${BIG}`]: paired(clientOnly.big, ceilingBig) },
  };
  log(`ratio of the medians to the ceiling's: ${JSON.stringify(ratios)}; median of the paired ratios: ${JSON.stringify(pairedRatios)}`);
  const file = writeResult(
    name,
    {
      setup: `vite preview (production build; built worker in workerd, local D1), Debian Chromium headless, a fresh profile per pull; one streamed response per pull (GET /api/sync/pull/stream); client only: the same bodies answered from memory by a proxy; the ceiling in fresh profiles too (bench/idb-ceiling.ts); ${RUNS} rounds, each of ${SMALL_SAMPLES} small samples (end to end, client only, ceiling side by side) then one big; disks flushed (sync) before each timed part; ratios: the median pull against the median ceiling`,
      dataset: { organization: 1, webcasts: 2, viewersPerWebcast: [SMALL, BIG], changeLogHead: head, user: `${ORGANIZER} (organizer)` },
      ratioToCeiling: ratios,
      pairedRatioToCeiling: pairedRatios,
      ceiling: { [`rows${SMALL}`]: { rowsPerSecond: median(ceilingSmall), runs: ceilingSmall }, [`rows${BIG}`]: { rowsPerSecond: median(ceilingBig), runs: ceilingBig } },
      endToEnd: { [`viewers${SMALL}`]: endToEnd.small, [`viewers${BIG}`]: endToEnd.big },
      clientOnly: { [`viewers${SMALL}`]: clientOnly.small, [`viewers${BIG}`]: clientOnly.big },
    },
    { ratioToCeiling: `>= ${GOAL_RATIO}` },
  );
  log(`wrote ${file}`);
} finally {
  rmSync(stateDir, { recursive: true, force: true });
}
