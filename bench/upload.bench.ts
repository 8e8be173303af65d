// Upload of a generated file through the local Worker to R2 (issue #17): the one upload path
// (POST /api/uploads, PUT …/parts/{n} with 3 parts in flight like the browser, complete) against the
// real local stack (`vite dev`: the worker and R2 in workerd, on disk). Figures: MB/s end to end,
// and the Worker's memory (workerd's resident set, sampled every 50 ms) — it must stay flat as the
// file grows: 100 MB and 1 GB are sent in the same run and their peaks compared.
// Knobs: BENCH_UPLOAD_SIZES (MB, comma-separated; default "100,1024").
import { uuidv7 } from "../domain/sync/uuidv7.ts";
import { UPLOAD_PARALLEL_PARTS, uploadPartSize } from "../domain/uploads/rules.ts";
import type { UploadAnswer } from "../domain/uploads/record.ts";
import { DEMO_PASSWORD } from "../worker/features/dev/demo-data.ts";
import { benchName, log, runPool, startLocalServer, writeResult, workerdRssKb } from "./lib.ts";

const SIZES_MB = (process.env.BENCH_UPLOAD_SIZES ?? "100,1024").split(",").map(Number);
const MB = 1024 * 1024;

class Session {
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async request(path: string, init: { method?: string; json?: unknown; body?: Uint8Array<ArrayBuffer> } = {}): Promise<Response> {
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
}


const server = await startLocalServer({ migrateAndSeed: true });
try {
  const session = new Session(server.baseUrl);
  await (await session.request("/sanctum/csrf-cookie")).arrayBuffer();
  const login = await session.request("/login", { method: "POST", json: { email: "organizer@demo.test", password: DEMO_PASSWORD, remember: false } });
  if (!login.ok) throw new Error(`login failed: HTTP ${login.status} ${await login.text()}`);

  // One part's bytes, reused for every part (generating 1 GB would measure the generator); part 1
  // starts with an MP4 signature so the type check passes.
  const partTemplate = new Uint8Array(16 * MB);
  for (let index = 0; index < partTemplate.length; index++) partTemplate[index] = (index * 131) & 0xff;
  partTemplate.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0]);

  const baselineKb = workerdRssKb(server.pid);
  log(`workerd resident memory at rest: ${(baselineKb / 1024).toFixed(1)} MB`);
  const runs: Record<string, unknown>[] = [];
  for (const sizeMb of SIZES_MB) {
    const size = sizeMb * MB;
    const created = await session.request("/api/uploads", { method: "POST", json: { kind: "video", organization_id: 1, target_id: uuidv7(), file_name: `bench-${sizeMb}.mp4`, size, content_type: "video/mp4" } });
    if (created.status !== 201) throw new Error(`create failed: HTTP ${created.status} ${await created.text()}`);
    const upload = (await created.json()).data as UploadAnswer;
    let peakKb = workerdRssKb(server.pid);
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, workerdRssKb(server.pid));
    }, 50);
    const started = performance.now();
    await runPool(upload.part_count, UPLOAD_PARALLEL_PARTS, async (index) => {
      const part = index + 1;
      const bytes = partTemplate.subarray(0, uploadPartSize(size, part, upload.part_bytes));
      const response = await session.request(`/api/uploads/${upload.id}/parts/${part}`, { method: "PUT", body: bytes });
      if (!response.ok) throw new Error(`part ${part} failed: HTTP ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    });
    const completed = await session.request(`/api/uploads/${upload.id}/complete`, { method: "POST" });
    if (!completed.ok) throw new Error(`complete failed: HTTP ${completed.status} ${await completed.text()}`);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakKb = Math.max(peakKb, workerdRssKb(server.pid));
    const figures = {
      size_mb: sizeMb,
      parts: upload.part_count,
      seconds: Math.round(seconds * 100) / 100,
      mb_per_s: Math.round((sizeMb / seconds) * 10) / 10,
      workerd_peak_rss_mb: Math.round(peakKb / 102.4) / 10,
      workerd_growth_over_rest_mb: Math.round((peakKb - baselineKb) / 102.4) / 10,
    };
    log(JSON.stringify(figures));
    runs.push(figures);
    await session.request(`/api/uploads/${upload.id}`, { method: "DELETE" });
  }
  const first = runs[0] as { workerd_peak_rss_mb: number } | undefined;
  const last = runs.at(-1) as { workerd_peak_rss_mb: number } | undefined;
  const file = writeResult(
    benchName(import.meta.url),
    {
      workerd_rest_rss_mb: Math.round(baselineKb / 102.4) / 10,
      runs,
      peak_ratio_largest_to_smallest: first && last ? Math.round((last.workerd_peak_rss_mb / first.workerd_peak_rss_mb) * 100) / 100 : null,
      parallel_parts: UPLOAD_PARALLEL_PARTS,
    },
    { memory: "the Worker's peak memory stays flat as the file grows (1 GB vs 100 MB peak ratio close to 1)" },
  );
  log(`wrote ${file}`);
} finally {
  await server.stop();
}
