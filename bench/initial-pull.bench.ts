// Initial pull (issue #4 goal: ≥ 20,000 rows/s). An organization with 10,000 webcasts and 100,000
// viewers; a signed-in organizer's browser (Debian Chromium, the production build served by
// `vite preview`, the built worker in workerd, local D1) pulls it all into IndexedDB.
//
// Timed in the page, from the sync engine's first `igo:sync-pull-start` mark to the
// `igo:sync-pull-end` mark that reaches the head of the change log; then every table is counted in
// IndexedDB (every row in view_*, none in base_* as nothing is pending) and the cursor checked. Two runs, each in a fresh Chromium profile:
// - endToEnd: against the real server (the goal's figure);
// - clientOnly: the same pages, recorded from that server, answered from memory by a local proxy in
//   front of it: what the browser side (fetch, JSON, IndexedDB writes) sustains when the server
//   is not the bottleneck.
// Knobs: BENCH_WEBCASTS (10000), BENCH_VIEWERS (100000; 0 without the viewers table),
// BENCH_PROFILE=1 (writes the page's CPU profile of the client-only run to bench/.tmp/initial-pull.cpuprofile,
// for Chromium DevTools).
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { signIn } from "../e2e/session.ts";
import { type BenchBrowser, buildApp, directorySize, openChromium, startAnsweringProxy, startPreview, waitForPull } from "./app.ts";
import { prepareBulkState } from "./bulk-data.ts";
import { benchName, log, writeResult } from "./lib.ts";

const WEBCASTS = Number(process.env.BENCH_WEBCASTS ?? 10_000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 100_000);
const ORGANIZER = "organizer@demo.test";
const GOAL_ROWS_PER_SECOND = 20_000;

/** Signs in (the sync engine starts with the session) and times the first pull to `head`. */
async function measurePull(browser: BenchBrowser, baseUrl: string, head: number, expected: Record<string, number>, profileTo?: string) {
  const page = await browser.context.newPage();
  const profiler = profileTo ? await browser.context.newCDPSession(page) : null;
  if (profiler) {
    await profiler.send("Profiler.enable");
    await profiler.send("Profiler.start");
  }
  await signIn(page, baseUrl, ORGANIZER);
  const { startMs, endMs } = await waitForPull(page, head);
  if (profiler && profileTo) {
    const { profile } = await profiler.send("Profiler.stop");
    writeFileSync(profileTo, JSON.stringify(profile));
    log(`CPU profile of the page written to ${profileTo}`);
  }

  // What the database holds, read with the raw IndexedDB API (the user's database is igo-<id>).
  const stored = await page.evaluate(async () => {
    const databases = await indexedDB.databases();
    const name = databases.map((database) => database.name).find((candidate) => candidate?.startsWith("igo-"));
    if (!name) throw new Error("no igo-<userId> database");
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const ask = <T,>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const counts: Record<string, number> = {};
    for (const store of [...db.objectStoreNames].filter((candidate) => candidate.startsWith("base_") || candidate.startsWith("view_"))) {
      counts[store] = await ask(db.transaction(store).objectStore(store).count());
    }
    const cursor = (await ask(db.transaction("meta").objectStore("meta").get("cursor"))) as { value: number } | undefined;
    db.close();
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
    const pulls = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((entry) => entry.name.includes("/api/sync/pull"));
    return {
      counts,
      cursor: cursor?.value ?? 0,
      usage: estimate.usage ?? 0,
      indexedDbUsage: estimate.usageDetails?.indexedDB ?? null,
      requests: pulls.map((entry) => ({ start: entry.startTime, end: entry.responseEnd, bytes: entry.encodedBodySize })),
    };
  });
  await page.close();

  if (stored.cursor < head) throw new Error(`cursor ${stored.cursor} < head ${head}`);
  // Nothing is pending, so every row is in the view only (base keeps rows that pending mutations touched).
  for (const [table, count] of Object.entries(expected)) {
    if (stored.counts[`view_${table}`] !== count || (stored.counts[`base_${table}`] ?? 0) !== 0) {
      throw new Error(`expected ${count} ${table} in view_${table} and none in base_${table}, found ${JSON.stringify(stored.counts)}`);
    }
  }
  const rows = Object.values(expected).reduce((sum, count) => sum + count, 0);
  const totalMs = endMs - startMs;
  const requests = stored.requests.filter((request) => request.start >= startMs - 1 && request.end <= endMs + 1);
  const lastResponse = requests.length ? Math.max(...requests.map((request) => request.end)) : startMs;
  return {
    rows,
    totalMs: Math.round(totalMs),
    rowsPerSecond: Math.round((rows / totalMs) * 1000),
    pages: requests.length,
    // Pages are written while the next one is fetched: after the last response, only its own write.
    lastPageWriteMs: Math.round(endMs - lastResponse),
    responseBytes: requests.reduce((sum, request) => sum + request.bytes, 0),
    indexedDb: {
      storageEstimateBytes: stored.usage,
      indexedDbEstimateBytes: stored.indexedDbUsage,
      onDiskBytes: directorySize(join(browser.profile, "Default", "IndexedDB")),
    },
    storedCounts: stored.counts,
    cursor: stored.cursor,
  };
}

/** Every pull page from cursor 0, as the signed-in browser gets them (cursor → JSON body). */
async function recordPages(context: BrowserContext, baseUrl: string): Promise<Map<number, string>> {
  const pages = new Map<number, string>();
  for (let cursor = 0; ; ) {
    const response = await context.request.get(`${baseUrl}/api/sync/pull?cursor=${cursor}`, { headers: { Accept: "application/json" } });
    if (!response.ok()) throw new Error(`pull: HTTP ${response.status()}`);
    const body = await response.text();
    pages.set(cursor, body);
    const page = JSON.parse(body) as { cursor: number; more: boolean };
    if (!page.more) return pages;
    cursor = page.cursor;
  }
}

const name = benchName(import.meta.url);
const root = buildApp(name);
const { stateDir, head, viewers } = await prepareBulkState(root, { createdByEmail: ORGANIZER, webcasts: WEBCASTS, viewers: VIEWERS });
try {
  const expected: Record<string, number> = viewers > 0 ? { webcasts: WEBCASTS, viewers } : { webcasts: WEBCASTS };

  const server = await startPreview(root, stateDir);
  try {
    let recorded: Map<number, string>;
    const first = await openChromium();
    let endToEnd: Awaited<ReturnType<typeof measurePull>>;
    try {
      endToEnd = await measurePull(first, server.baseUrl, head, expected);
      log(`end to end: ${endToEnd.rows} rows in ${endToEnd.totalMs} ms (${endToEnd.rowsPerSecond} rows/s, ${endToEnd.pages} pages)`);
      recorded = await recordPages(first.context, server.baseUrl);
    } finally {
      await first.close();
    }

    // The same pages again, answered at once from memory by a proxy in front of the server.
    const proxy = await startAnsweringProxy(server.baseUrl, (url) => (url.pathname === "/api/sync/pull" ? recorded.get(Number(url.searchParams.get("cursor") ?? 0)) : undefined));
    const second = await openChromium();
    let clientOnly: Awaited<ReturnType<typeof measurePull>>;
    try {
      clientOnly = await measurePull(second, proxy.baseUrl, head, expected, process.env.BENCH_PROFILE ? join(root, "..", `${name}.cpuprofile`) : undefined);
      log(`client only: ${clientOnly.rows} rows in ${clientOnly.totalMs} ms (${clientOnly.rowsPerSecond} rows/s)`);
    } finally {
      await second.close();
      await proxy.stop();
    }

    const file = writeResult(
      name,
      {
        setup: "vite preview (production build; built worker in workerd, local D1), Debian Chromium headless, fresh profile per run",
        dataset: { organization: 1, webcasts: WEBCASTS, viewers, changeLogHead: head, user: `${ORGANIZER} (organizer)` },
        rowsPerSecond: endToEnd.rowsPerSecond,
        endToEnd,
        clientOnly: { note: "same pages, answered from memory by a proxy in front of the server (server time excluded)", ...clientOnly },
      },
      { rowsPerSecond: `>= ${GOAL_ROWS_PER_SECOND}` },
    );
    log(`wrote ${file}`);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(stateDir, { recursive: true, force: true });
}
