// What IndexedDB itself sustains on this machine, to read the initial-pull figure against
// (bench/initial-pull.bench.ts, issue #4 goal ≥ 20,000 rows/s). No app: a blank page of a local
// origin in the same Debian Chromium, with a profile on disk like the app's (an incognito context
// keeps IndexedDB in memory and measures twice as fast), writes 100,000 viewer rows shaped like
// the pull's (domain/viewers/record.ts) with the raw API: one `put` per row, 1,000 rows per
// read-write transaction (the pull's page), each transaction awaited before the next (as the
// pull's page transactions are serialized). JSON.parse of each page is included, as in a pull.
// Variants: the view table's indexes (`view_viewers`: organization_id, webcast_id), none, and the
// same rows cut to their keys (does size or count cost?); then what the page cannot change but a
// store could: a transaction's durability ("relaxed" / "strict"; Chromium's default is relaxed),
// five times bigger transactions, and one index instead of two. Median of 3 runs each, each in a
// fresh Chromium profile (LevelDB compactions of an earlier run would otherwise slow the next).
// Knobs: BENCH_ROWS (100000), BENCH_PAGE (1000), BENCH_ONLY (variant names, comma-separated).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { openChromium } from "./app.ts";
import { benchName, log, writeResult } from "./lib.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PAGE = Number(process.env.BENCH_PAGE ?? 1_000);
const RUNS = 3;

interface Variant {
  /** Secondary indexes of the store (key paths). */
  indexes: string[];
  /** Rows cut to id, organization_id and webcast_id. */
  small: boolean;
  /** The read-write transactions' durability hint (absent: the browser's default). */
  durability?: "relaxed" | "strict";
  /** Rows per transaction, instead of BENCH_PAGE. */
  page?: number;
}

const VARIANTS: Record<string, Variant> = {
  viewTableIndexes: { indexes: ["organization_id", "webcast_id"], small: false },
  noIndex: { indexes: [], small: false },
  viewTableIndexesKeysOnly: { indexes: ["organization_id", "webcast_id"], small: true },
  viewTableIndexesRelaxed: { indexes: ["organization_id", "webcast_id"], small: false, durability: "relaxed" },
  viewTableIndexesStrict: { indexes: ["organization_id", "webcast_id"], small: false, durability: "strict" },
  viewTableIndexesPage5000: { indexes: ["organization_id", "webcast_id"], small: false, page: 5_000 },
  webcastIndexOnly: { indexes: ["webcast_id"], small: false },
};
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);

const server = createServer((_request, response) => {
  response.setHeader("content-type", "text/html");
  response.end("<!doctype html><title>IndexedDB ceiling</title>");
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

const figures: Record<string, { rowsPerSecond: number; runs: number[] }> = {};
try {
  for (const [name, variant] of Object.entries(VARIANTS)) {
    if (ONLY && !ONLY.includes(name)) continue;
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const browser = await openChromium();
      const page = await browser.context.newPage();
      await page.goto(origin);
      const rowsPerSecond = await page.evaluate(
        async ({ rows, pageSize, variant, database }) => {
          const ask = <T,>(request: IDBRequest<T>) =>
            new Promise<T>((resolve, reject) => {
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(request.error);
            });
          const open = indexedDB.open(database, 1);
          open.onupgradeneeded = () => {
            const store = open.result.createObjectStore("view_viewers", { keyPath: "id" });
            for (const index of variant.indexes) store.createIndex(index, index);
          };
          const db = await ask(open);
          const hex = (value: number) => value.toString(16).padStart(12, "0");
          const row = (i: number) => {
            const keys = { id: `01950000-0000-7000-9000-${hex(i)}`, organization_id: 1, webcast_id: `01950000-0000-7000-8000-${hex(i % 10_000)}` };
            if (variant.small) return keys;
            return { ...keys, name: `Viewer ${i}`, email: `viewer${i}@example.test`, tags: ["vip"], control_number: null, vote_weight: 1, registered: true, invitation_sent: false, reminder_sent: false, is_moderator: false, created_at: "2026-11-01T00:00:00.000Z", updated_at: "2026-11-01T00:00:00.000Z" };
          };
          // Pages as the pull receives them (JSON text), made before the clock starts.
          const pages: string[] = [];
          for (let start = 0; start < rows; start += pageSize) {
            const changes = [];
            for (let i = start; i < Math.min(rows, start + pageSize); i++) changes.push({ table: "viewers", op: "put", row: row(i) });
            pages.push(JSON.stringify({ changes }));
          }
          const started = performance.now();
          for (const text of pages) {
            const { changes } = JSON.parse(text) as { changes: { row: object }[] };
            await new Promise<void>((resolve, reject) => {
              const transaction = db.transaction("view_viewers", "readwrite", variant.durability ? { durability: variant.durability } : undefined);
              const store = transaction.objectStore("view_viewers");
              for (const change of changes) store.put(change.row);
              transaction.oncomplete = () => resolve();
              transaction.onerror = () => reject(transaction.error);
            });
          }
          const elapsed = performance.now() - started;
          db.close();
          return Math.round((rows / elapsed) * 1000);
        },
        { rows: ROWS, pageSize: variant.page ?? PAGE, variant, database: `ceiling-${name}` },
      );
      await browser.close();
      runs.push(rowsPerSecond);
    }
    const sorted = [...runs].sort((a, b) => a - b);
    figures[name] = { rowsPerSecond: sorted[Math.floor(sorted.length / 2)] ?? 0, runs };
    log(`${name}: ${figures[name].rowsPerSecond} rows/s (runs ${runs.join(", ")})`);
  }
} finally {
  server.close();
}

const file = writeResult(benchName(import.meta.url), {
  setup: "Debian Chromium headless, persistent profile on disk (as the app's), raw IndexedDB API on a blank page, JSON.parse of each page included",
  rows: ROWS,
  rowsPerTransaction: PAGE,
  ...figures,
});
log(`wrote ${file}`);
