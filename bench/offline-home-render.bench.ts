// Offline home render (issue #4 goal: < 150 ms). A signed-in organizer's browser (Debian Chromium,
// the production build with its service worker, served by `vite preview`) visits once online and
// pulls its organization into IndexedDB; then the context goes offline and /home is reloaded again
// and again. Each reload is timed in the page, from navigation start to the home screen's
// `igo:home-webcasts-ready` mark (its "your webcasts" block showing rows read from IndexedDB,
// web/features/home/your-webcasts.tsx). Two data sets, each in its own state and profile:
// - realistic: 150 webcasts, 3,000 viewers (a busy organization);
// - large: the initial-pull bench's 10,000 webcasts and 100,000 viewers.
// Knobs: BENCH_RELOADS (12: the first 2 warm up and are reported apart).
import { rmSync } from "node:fs";
import { signIn } from "../e2e/session.ts";
import { buildApp, openChromium, startPreview, waitForPull } from "./app.ts";
import { prepareBulkState } from "./bulk-data.ts";
import { benchName, log, percentile, writeResult } from "./lib.ts";

const RELOADS = Number(process.env.BENCH_RELOADS ?? 12);
const WARM_UP = 2;
const ORGANIZER = "organizer@demo.test";
const GOAL_MS = 150;
const DATA_SETS = [
  { name: "realistic", webcasts: 150, viewers: 3_000 },
  { name: "large", webcasts: 10_000, viewers: 100_000 },
] as const;

interface Reload {
  /** Navigation start → `igo:home-webcasts-ready`. */
  readyMs: number;
  /** Navigation start → DOMContentLoaded (the shell's scripts ran). */
  domContentLoadedMs: number;
  /** Navigation start → the last script loaded before the mark (the lazy /home route chunks come last). */
  lastScriptMs: number;
  /** Where the document came from: the service worker answers offline. */
  workerServed: boolean;
  rows: number;
}

async function measure(root: string, dataSet: (typeof DATA_SETS)[number]) {
  const { stateDir, head, viewers } = await prepareBulkState(root, { createdByEmail: ORGANIZER, webcasts: dataSet.webcasts, viewers: dataSet.viewers });
  const server = await startPreview(root, stateDir);
  const browser = await openChromium();
  try {
    const page = await browser.context.newPage();
    // The one online visit: sign in (the sync engine pulls everything) on /home.
    await signIn(page, server.baseUrl, ORGANIZER);
    await page.goto(`${server.baseUrl}/home`);
    await waitForPull(page, head);
    // The service worker has precached the app once it controls the page (e2e/offline.e2e.ts).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true }));
      }
    });

    await browser.context.setOffline(true);
    const reloads: Reload[] = [];
    for (let index = 0; index < RELOADS; index++) {
      await page.reload({ waitUntil: "commit" });
      await page.locator('[data-testid="home-webcasts"][data-ready="true"]').waitFor({ timeout: 30_000 });
      const reload = await page.evaluate(async () => {
        const ready = performance.getEntriesByName("igo:home-webcasts-ready")[0];
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
        const readyAt = ready?.startTime ?? Number.NaN;
        const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) => entry.name.endsWith(".js") && entry.startTime < readyAt);
        return {
          readyMs: readyAt,
          domContentLoadedMs: navigation?.domContentLoadedEventStart ?? Number.NaN,
          lastScriptMs: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
          workerServed: (navigation?.workerStart ?? 0) > 0,
          rows: document.querySelectorAll('[data-testid="home-webcast"]').length,
          // Not navigator.onLine: Chromium 150 forgets the emulated value on a reload. The network is cut, though.
          offline: await fetch("/api/health", { cache: "no-store" }).then(() => false, () => true),
        };
      });
      if (!reload.offline) throw new Error("the page is not offline");
      if (!(reload.readyMs > 0)) throw new Error("no igo:home-webcasts-ready mark after the reload");
      if (reload.rows === 0) throw new Error("the home block shows no webcast");
      reloads.push({ readyMs: reload.readyMs, domContentLoadedMs: reload.domContentLoadedMs, lastScriptMs: reload.lastScriptMs, workerServed: reload.workerServed, rows: reload.rows });
    }
    const measured = reloads.slice(WARM_UP);
    const sorted = measured.map((reload) => reload.readyMs).sort((a, b) => a - b);
    const round = (value: number) => Math.round(value * 10) / 10;
    const median = (pick: (reload: Reload) => number) => round(percentile(measured.map(pick).sort((a, b) => a - b), 50));
    const figures = {
      dataSet: { ...dataSet, viewers, changeLogHead: head },
      reloads: measured.length,
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      minMs: round(sorted[0] ?? Number.NaN),
      maxMs: round(sorted.at(-1) ?? Number.NaN),
      // Where the time goes (medians): the shell's scripts, then the lazy route chunks (after the
      // session guard), then the IndexedDB read and render of the block.
      breakdownP50Ms: {
        domContentLoaded: median((reload) => reload.domContentLoadedMs),
        lastScriptLoaded: median((reload) => reload.lastScriptMs),
        lastScriptToReady: median((reload) => reload.readyMs - reload.lastScriptMs),
      },
      warmUpMs: reloads.slice(0, WARM_UP).map((reload) => round(reload.readyMs)),
      allServedByServiceWorker: reloads.every((reload) => reload.workerServed),
      rowsShown: measured[0]?.rows ?? 0,
    };
    log(`${dataSet.name}: offline /home ready p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms (${figures.reloads} reloads; ${JSON.stringify(figures.breakdownP50Ms)})`);
    return figures;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

const name = benchName(import.meta.url);
const root = buildApp(name);
const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
for (const dataSet of DATA_SETS) results[dataSet.name] = await measure(root, dataSet);
const file = writeResult(
  name,
  {
    setup: "vite preview (production build, service worker), Debian Chromium headless, context offline (Playwright setOffline), page.reload of /home",
    user: `${ORGANIZER} (organizer, organization 1)`,
    measured: "navigation start → performance.mark('igo:home-webcasts-ready'), per reload",
    ...results,
  },
  { homeWebcastsReadyMs: `< ${GOAL_MS}` },
);
log(`wrote ${file}`);
