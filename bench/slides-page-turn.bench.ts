// Slide page turns in the browser (issue #17 point 4): how long pdf.js takes to draw the next page
// of a deck on a phone. A 50-page deck is written by hand (e2e/fixtures/make-pdf.ts: text, shapes,
// a big page number per page), a small page built by Vite imports the app's own
// web/features/slides/pdf-document.ts (the production build of it: pdf.js in its own chunk, its
// worker as an asset) and is opened in Debian Chromium with a 390×844 viewport at 3× pixel density
// (renderPage caps it at 2×) and 4× CPU throttling (CDP Emulation.setCPUThrottlingRate). Measured:
// - the first page: pdf.js loaded, the deck opened from its URL, page 1 drawn (and the split);
// - 49 forward turns (page n+1 drawn after page n: the first time each page is drawn) and 49 turns
//   back (pages pdf.js has met already), p50/p95/max, to renderPage's end and to the next frame;
// - the same without throttling, for reference;
// - how much the throttling slows a fixed loop on the main thread and in a dedicated worker
//   (pdf.js parses in a worker and paints on the main thread: the figures say what was throttled).
// Knobs: BENCH_PAGES (50), BENCH_SLIDE_WIDTH (358: a 390 px screen less the page's margins).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Page, chromium } from "playwright-core";
import { build, preview } from "vite";
import { makePdf } from "../e2e/fixtures/make-pdf.ts";
import { rootDir } from "./app.ts";
import { benchName, log, percentile, writeResult } from "./lib.ts";

const PAGES = Number(process.env.BENCH_PAGES ?? 50);
const SLIDE_WIDTH = Number(process.env.BENCH_SLIDE_WIDTH ?? 358);
const THROTTLE = 4;
const VIEWPORT = { width: 390, height: 844 };
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

const name = benchName(import.meta.url);
const pageRoot = join(rootDir, "bench", ".tmp", name);

/** The standalone page: a canvas and `window.slidesBench`, over the app's pdf-document.ts. */
function writePage(): void {
  rmSync(pageRoot, { recursive: true, force: true });
  mkdirSync(join(pageRoot, "public"), { recursive: true });
  writeFileSync(join(pageRoot, "public", "deck.pdf"), makePdf({ pages: PAGES, title: "Page-turn bench" }));
  const pdfDocument = relative(pageRoot, join(rootDir, "web/features/slides/pdf-document.ts"));
  writeFileSync(
    join(pageRoot, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>Slides page-turn bench</title>
<style>body{margin:0;padding:16px;font-family:sans-serif}canvas{display:block;border:1px solid #ccc}</style></head>
<body><canvas id="slide"></canvas><script type="module" src="./main.js"></script></body></html>\n`,
  );
  writeFileSync(
    join(pageRoot, "main.js"),
    `import { deckDocument, loadPdfjs, renderPage } from ${JSON.stringify(pdfDocument)};
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
const LOOP = "let x = 0; for (let i = 0; i < n; i++) x = (x + Math.sqrt(i)) % 1e9;";
window.slidesBench = {
  ready: true,
  loopMain(n) {
    const start = performance.now();
    new Function("n", LOOP + " return x;")(n);
    return performance.now() - start;
  },
  loopWorker(n) {
    const source = "onmessage = (event) => { const n = event.data; const start = performance.now(); " + LOOP + " postMessage(performance.now() - start); };";
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
    return new Promise((resolve) => {
      worker.onmessage = (event) => { worker.terminate(); resolve(event.data); };
      worker.postMessage(n);
    });
  },
  async run(key, width) {
    const canvas = document.getElementById("slide");
    const start = performance.now();
    await loadPdfjs();
    const loaded = performance.now();
    const doc = await deckDocument(key, "/deck.pdf");
    const opened = performance.now();
    await renderPage(doc, 1, canvas, width);
    const drawn = performance.now();
    await frame();
    const shown = performance.now();
    const turn = async (page) => {
      const from = performance.now();
      const ratio = await renderPage(doc, page, canvas, width);
      const rendered = performance.now();
      await frame();
      return { page, renderMs: rendered - from, frameMs: performance.now() - from, drawn: ratio !== null };
    };
    const forward = [];
    for (let page = 2; page <= doc.numPages; page++) forward.push(await turn(page));
    const backward = [];
    for (let page = doc.numPages - 1; page >= 1; page--) backward.push(await turn(page));
    return {
      pages: doc.numPages,
      canvas: { width: canvas.width, height: canvas.height, cssWidth: canvas.style.width, devicePixelRatio },
      firstPage: { totalMs: drawn - start, toFrameMs: shown - start, loadPdfjsMs: loaded - start, openMs: opened - loaded, drawMs: drawn - opened },
      forward,
      backward,
    };
  },
};
`,
  );
}

interface Turn {
  page: number;
  renderMs: number;
  frameMs: number;
  drawn: boolean;
}
interface RunResult {
  pages: number;
  canvas: { width: number; height: number; cssWidth: string; devicePixelRatio: number };
  firstPage: Record<string, number>;
  forward: Turn[];
  backward: Turn[];
}

const round = (value: number) => Math.round(value * 10) / 10;

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? Number.NaN), min: round(sorted[0] ?? Number.NaN) };
}

function summarize(result: RunResult) {
  if (![...result.forward, ...result.backward].every((turn) => turn.drawn)) throw new Error("a page was not drawn");
  return {
    canvas: result.canvas,
    firstPageMs: Object.fromEntries(Object.entries(result.firstPage).map(([key, value]) => [key, round(value)])),
    forwardTurns: { renderMs: stats(result.forward.map((turn) => turn.renderMs)), toNextFrameMs: stats(result.forward.map((turn) => turn.frameMs)) },
    backwardTurns: { renderMs: stats(result.backward.map((turn) => turn.renderMs)), toNextFrameMs: stats(result.backward.map((turn) => turn.frameMs)) },
  };
}

async function measure(page: Page, throttle: number, key: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  // The same fixed work, timed on the main thread and in a worker, tells what the rate slows down.
  const loop = 20_000_000;
  const mainMs = await page.evaluate((n) => (window as unknown as { slidesBench: { loopMain(n: number): number } }).slidesBench.loopMain(n), loop);
  const workerMs = await page.evaluate((n) => (window as unknown as { slidesBench: { loopWorker(n: number): Promise<number> } }).slidesBench.loopWorker(n), loop);
  const result = await page.evaluate(
    ([cacheKey, width]) => (window as unknown as { slidesBench: { run(key: string, width: number): Promise<RunResult> } }).slidesBench.run(cacheKey, width),
    [key, SLIDE_WIDTH] as const,
  );
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  return { throttle, loopMs: { mainThread: round(mainMs), worker: round(workerMs) }, ...summarize(result) };
}

writePage();
log(`wrote a ${PAGES}-page deck and the bench page into ${pageRoot}`);
await build({ configFile: false, root: pageRoot, logLevel: "warn", build: { outDir: join(pageRoot, "dist"), emptyOutDir: true } });
const server = await preview({ configFile: false, root: pageRoot, logLevel: "warn", build: { outDir: join(pageRoot, "dist") }, preview: { port: 0, host: "127.0.0.1" } });
const baseUrl = server.resolvedUrls?.local[0] ?? "";
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  const version = browser.version();
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  // tsx (esbuild keepNames) wraps functions passed to page.evaluate in `__name(…)` (bench/app.ts).
  await context.addInitScript("globalThis.__name = (target) => target;");
  const runs = [];
  // Each run on a fresh page: the first page's time includes loading pdf.js and starting its worker.
  for (const throttle of [THROTTLE, 1]) {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
    });
    page.on("response", (response) => {
      if (response.status() >= 400) errors.push(`HTTP ${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto(baseUrl);
    await page.waitForFunction(() => "slidesBench" in window);
    const run = await measure(page, throttle, `deck-${throttle}x`);
    log(
      `${throttle}× CPU: first page ${run.firstPageMs.totalMs} ms; forward turns p50 ${run.forwardTurns.renderMs.p50} / p95 ${run.forwardTurns.renderMs.p95} ms (to the next frame p50 ${run.forwardTurns.toNextFrameMs.p50} / p95 ${run.forwardTurns.toNextFrameMs.p95}); back p50 ${run.backwardTurns.renderMs.p50} / p95 ${run.backwardTurns.renderMs.p95} ms; loop main ${run.loopMs.mainThread} ms, worker ${run.loopMs.worker} ms`,
    );
    runs.push({ ...run, consoleMessages: [...new Set(errors)] });
    await page.close();
  }
  const [throttled, unthrottled] = runs;
  const file = writeResult(
    name,
    {
      setup: `vite build + preview of a standalone page importing web/features/slides/pdf-document.ts; Debian Chromium ${version} headless (--disable-gpu: canvas in software); ${VIEWPORT.width}×${VIEWPORT.height} viewport, deviceScaleFactor 3, isMobile`,
      chromium: version,
      deck: { pages: PAGES, source: "e2e/fixtures/make-pdf.ts (960×540 pt pages: text in base-14 Helvetica, rectangles, a Bézier circle, a triangle, 24 tiles)" },
      slideCssWidth: SLIDE_WIDTH,
      measured:
        "renderPage(n+1) after renderPage(n) on one canvas (forward: each page drawn for the first time; backward: pages pdf.js has met), its promise's end and the next requestAnimationFrame after it; the first page from loading pdf.js to page 1 drawn",
      throttled,
      unthrottled,
      throttleNote:
        "Emulation.setCPUThrottlingRate slows the page's main thread (the loop on it takes ~rate× longer); compare loopMs.worker between the two runs for the dedicated workers pdf.js parses in.",
    },
    { pageTurnP95Ms: "< 100 (a response within RAIL's 100 ms) at 4× CPU throttling" },
  );
  log(`wrote ${file}`);
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
}
