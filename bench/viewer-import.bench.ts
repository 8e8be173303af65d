// CSV import of viewers through the local Worker (issue #18): POST …/viewers/upload of a generated
// file, then the webcast's ViewerJobs Durable Object commits it chunk by chunk on its alarms, against
// the real local stack (`vite dev`: the worker, Durable Objects, D1 and R2 in workerd). Figures:
// rows/s end to end (upload to the log's final status, polled every 100 ms), the server's own
// `rows_per_second`, and memory sampled every 50 ms: the Worker's own (its V8 isolate's used heap,
// through workerd's inspector: the routes and the ViewerJobs object) must stay flat as the file
// grows, so 10,000, 100,000 and 300,000 rows are imported in the same run and their peaks compared; workerd's
// resident memory is reported too, but it also holds the local D1 and R2 simulators (the database
// and the stored file grow with the rows), which are other machines in production.
// Knobs: BENCH_IMPORT_ROWS (comma-separated, ascending; default "10000,100000,300000").
import { DEMO_PASSWORD } from "../worker/features/dev/demo-data.ts";
import { benchName, log, startLocalServer, workerHeap, writeResult, workerdRssKb } from "./lib.ts";

const ROW_COUNTS = (process.env.BENCH_IMPORT_ROWS ?? "10000,100000,300000").split(",").map(Number);
/** Flat: the Worker's heap peak for the largest file within this factor of the one before (3× fewer rows). */
const FLAT_HEAP_RATIO = 1.15;
const GOAL_ROWS_PER_SECOND = 10_000;

class Session {
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async request(path: string, init: { method?: string; json?: unknown; body?: FormData } = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": "en", Origin: this.baseUrl };
    if (init.json !== undefined) headers["Content-Type"] = "application/json";
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (xsrf) headers["X-XSRF-TOKEN"] = decodeURIComponent(xsrf);
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const body = init.json === undefined ? init.body : JSON.stringify(init.json);
    const response = await fetch(`${this.baseUrl}${path}`, { method: init.method ?? "GET", headers, body });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return response;
  }

  async signIn(email: string): Promise<void> {
    await (await this.request("/sanctum/csrf-cookie")).arrayBuffer();
    const login = await this.request("/login", { method: "POST", json: { email, password: DEMO_PASSWORD, remember: false } });
    if (!login.ok) throw new Error(`login as ${email} failed: HTTP ${login.status} ${await login.text()}`);
    await login.arrayBuffer();
  }
}


/** A realistic file: name, e-mail, two tags, a control number; ~75 bytes a row. */
function csvFile(rows: number, run: number): string {
  const lines = ["Name,Email,Tags,Control number"];
  for (let index = 0; index < rows; index++) lines.push(`Viewer ${run}-${index} Lastname,viewer-${run}-${index}@bench.test,"region ${index % 12}, wave ${index % 5}",C-${100000 + index}`);
  return `${lines.join("\r\n")}\r\n`;
}

interface Log {
  id: string;
  status: string;
  processed_rows: number;
  created_rows: number;
  error_rows: number;
  rows_per_second: number | null;
  failure: unknown;
}

const server = await startLocalServer({ migrateAndSeed: true, inspector: true });
const heap = await workerHeap(server.inspectorPort as number);
try {
  const admin = new Session(server.baseUrl);
  await admin.signIn("superadmin@demo.test");
  const capped = await admin.request("/api/organizations/1/constraints", { method: "PATCH", json: { limits: { max_viewers: 10_000_000 } } });
  if (!capped.ok) throw new Error(`lifting max_viewers failed: HTTP ${capped.status} ${await capped.text()}`);
  const session = new Session(server.baseUrl);
  await session.signIn("organizer@demo.test");

  const baselineKb = workerdRssKb(server.pid);
  const restHeap = (await heap.read()).usedBytes;
  log(`Worker heap at rest: ${(restHeap / 1024 / 1024).toFixed(1)} MB`);
  log(`workerd resident memory at rest: ${(baselineKb / 1024).toFixed(1)} MB`);
  const runs: Record<string, unknown>[] = [];
  for (const [run, rows] of ROW_COUNTS.entries()) {
    const created = await session.request("/api/webcasts", {
      method: "POST",
      json: { organization_id: 1, event_title: `Import bench ${rows}`, event_start_date_time: "2026-12-01T14:00:00.000Z", duration: 60, timezone: "Europe/Paris", language: "fr" },
    });
    if (created.status !== 201) throw new Error(`webcast: HTTP ${created.status} ${await created.text()}`);
    const webcastId = ((await created.json()) as { data: { uid: string } }).data.uid;
    const content = csvFile(rows, run);
    const form = new FormData();
    form.append("file", new File([content], `bench-${rows}.csv`, { type: "text/csv" }));

    let peakKb = workerdRssKb(server.pid);
    let peakHeap = (await heap.read()).usedBytes;
    let peakLive = restHeap;
    let sampling = true;
    // The Worker's heap (its isolate: routes and the ViewerJobs object) and workerd's RSS every
    // 50 ms. The used heap counts garbage not yet collected too (its peak depends on when V8
    // collects); the lowest reading of each half second is an estimate of what the Worker holds (its
    // live memory, once a collection ran in that half second), and the highest of those is reported.
    const sampler = (async () => {
      let floor = Number.POSITIVE_INFINITY;
      for (let tick = 1; sampling; tick++) {
        peakKb = Math.max(peakKb, workerdRssKb(server.pid));
        const used = (await heap.read()).usedBytes;
        peakHeap = Math.max(peakHeap, used);
        floor = Math.min(floor, used);
        if (tick % 10 === 0) {
          peakLive = Math.max(peakLive, floor);
          floor = Number.POSITIVE_INFINITY;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    const response = await session.request(`/api/webcasts/${webcastId}/viewers/upload`, { method: "POST", body: form });
    if (response.status !== 202) throw new Error(`upload: HTTP ${response.status} ${await response.text()}`);
    const uploaded = performance.now();
    const afterUploadKb = workerdRssKb(server.pid);
    log(`uploaded ${rows} rows in ${Math.round(uploaded - started)} ms`);
    const importId = ((await response.json()) as { data: Log }).data.id;
    let last: Log;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const polled = await session.request(`/api/webcasts/${webcastId}/viewers/upload-logs/${importId}`);
      last = ((await polled.json()) as { data: Log }).data;
      if (!["importing", "processing"].includes(last.status)) break;
      if (Math.round(performance.now() - started) % 5_000 < 110) log(`${last.status}: ${last.processed_rows} rows`);
      if (performance.now() - started > 600_000) throw new Error(`import of ${rows} rows still ${last.status} after 10 min`);
    }
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    peakKb = Math.max(peakKb, workerdRssKb(server.pid));
    if (last.status !== "imported" || last.created_rows !== rows) throw new Error(`import of ${rows} rows ended ${JSON.stringify(last)}`);
    const figures = {
      rows,
      file_mb: Math.round((content.length / 1024 / 1024) * 100) / 100,
      upload_seconds: Math.round((uploaded - started) / 10) / 100,
      seconds: Math.round(seconds * 100) / 100,
      rows_per_s: Math.round(rows / seconds),
      server_rows_per_s: last.rows_per_second,
      worker_heap_peak_mb: Math.round(peakHeap / 1024 / 102.4) / 10,
      worker_live_heap_peak_mb: Math.round(peakLive / 1024 / 102.4) / 10,
      worker_live_heap_growth_mb: Math.round((peakLive - restHeap) / 1024 / 102.4) / 10,
      workerd_peak_rss_mb: Math.round(peakKb / 102.4) / 10,
      workerd_growth_over_rest_mb: Math.round((peakKb - baselineKb) / 102.4) / 10,
      workerd_rss_after_upload_mb: Math.round(afterUploadKb / 102.4) / 10,
      workerd_rss_end_mb: Math.round(workerdRssKb(server.pid) / 102.4) / 10,
    };
    log(JSON.stringify(figures));
    runs.push(figures);
  }
  heap.close();
  const first = runs[0] as { workerd_peak_rss_mb: number; worker_heap_peak_mb: number; worker_live_heap_peak_mb: number } | undefined;
  const last = runs.at(-1) as { workerd_peak_rss_mb: number; worker_heap_peak_mb: number; worker_live_heap_peak_mb: number; rows_per_s: number } | undefined;
  const before = runs.at(-2) as { worker_heap_peak_mb: number } | undefined;
  const flatRatio = before && last ? Math.round((last.worker_heap_peak_mb / before.worker_heap_peak_mb) * 100) / 100 : null;
  const file = writeResult(
    benchName(import.meta.url),
    {
      workerd_rest_rss_mb: Math.round(baselineKb / 102.4) / 10,
      runs,
      worker_heap_rest_mb: Math.round(restHeap / 1024 / 102.4) / 10,
      worker_heap_peak_ratio_largest_to_previous: flatRatio,
      worker_heap_peak_ratio_largest_to_smallest: first && last ? Math.round((last.worker_heap_peak_mb / first.worker_heap_peak_mb) * 100) / 100 : null,
      worker_live_heap_peak_ratio_largest_to_smallest: first && last ? Math.round((last.worker_live_heap_peak_mb / first.worker_live_heap_peak_mb) * 100) / 100 : null,
      peak_ratio_largest_to_smallest: first && last ? Math.round((last.workerd_peak_rss_mb / first.workerd_peak_rss_mb) * 100) / 100 : null,
      goal_met: last ? last.rows_per_s >= GOAL_ROWS_PER_SECOND && flatRatio !== null && flatRatio <= FLAT_HEAP_RATIO : false,
    },
    { rows_per_s: `≥ ${GOAL_ROWS_PER_SECOND.toLocaleString("en")} rows/s end to end`, memory: `the Worker's heap peak stays flat: the largest file's within ${FLAT_HEAP_RATIO}× the previous one's (3× fewer rows)` },
  );
  log(`wrote ${file}`);
} finally {
  await server.stop();
}
