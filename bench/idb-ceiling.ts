// The raw IndexedDB write ceiling (bench/indexeddb-ceiling.bench.ts's `viewTableIndexes` variant) as
// a function, so a bench can read its own figure against the ceiling measured in the same run.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { openChromium } from "./app.ts";

/**
 * Rows per second of writing `rows` viewer rows (shaped like the pull's) into a store with the
 * view table's indexes (`id` key, organization_id, webcast_id), `pageSize` puts per read-write
 * transaction awaited one after the other, JSON.parse of each page included; in a fresh Debian
 * Chromium profile on disk, on a blank page of a local origin. Median of `runs`.
 */
export async function indexedDbCeiling(rows: number, pageSize = 1_000, runs = 3): Promise<{ rowsPerSecond: number; runs: number[] }> {
  const server = createServer((_request, response) => {
    response.setHeader("content-type", "text/html");
    response.end("<!doctype html><title>IndexedDB ceiling</title>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const figures: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const browser = await openChromium();
      try {
        const page = await browser.context.newPage();
        await page.goto(origin);
        figures.push(
          await page.evaluate(
            async ({ rows, pageSize }) => {
              const ask = <T,>(request: IDBRequest<T>) =>
                new Promise<T>((resolve, reject) => {
                  request.onsuccess = () => resolve(request.result);
                  request.onerror = () => reject(request.error);
                });
              const open = indexedDB.open("ceiling", 1);
              open.onupgradeneeded = () => {
                const store = open.result.createObjectStore("view_viewers", { keyPath: "id" });
                for (const index of ["organization_id", "webcast_id"]) store.createIndex(index, index);
              };
              const db = await ask(open);
              const hex = (value: number) => value.toString(16).padStart(12, "0");
              const row = (i: number) => ({ id: `01950000-0000-7000-9000-${hex(i)}`, organization_id: 1, webcast_id: `01950000-0000-7000-8000-${hex(1)}`, name: `Viewer ${i}`, email: `viewer${i}@example.test`, tags: ["vip"], control_number: null, vote_weight: 1, registered: true, invitation_sent: false, reminder_sent: false, is_moderator: false, created_at: "2026-11-01T00:00:00.000Z", updated_at: "2026-11-01T00:00:00.000Z" });
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
                  const transaction = db.transaction("view_viewers", "readwrite");
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
            { rows, pageSize },
          ),
        );
      } finally {
        await browser.close();
      }
    }
  } finally {
    server.close();
  }
  const sorted = [...figures].sort((a, b) => a - b);
  return { rowsPerSecond: sorted[Math.floor(sorted.length / 2)] ?? 0, runs: figures };
}
