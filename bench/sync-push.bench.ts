// Push of 1,000 queued mutations (issue #4 goal: < 2 s locally). Against the real local stack
// (`vite dev`: worker → OrganizationSync Durable Object → D1), signed in as a demo owner, the way
// the browser's sync engine sends its outbox: batches of 100, one after the other. Also measures
// the retry of the same batches (all `already_applied`), a full pull from cursor 0, and the same
// push once the organization has a max_webcasts cap (each create then counts its month's webcasts).
// Each push is repeated BENCH_RUNS times with fresh mutations (the figure is the median: this machine
// is shared and noisy; every sample is kept). Knobs: BENCH_MUTATIONS (1000), BENCH_RUNS (3).
import { loadavg } from "node:os";
import { DEMO_PASSWORD } from "../worker/features/dev/demo-data.ts";
import { uuidv7 } from "../domain/sync/uuidv7.ts";
import { benchName, log, startLocalServer, writeResult } from "./lib.ts";

const MUTATIONS = Number(process.env.BENCH_MUTATIONS ?? 1000);
const BATCH = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

class Session {
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async request(path: string, init: { method?: string; json?: unknown } = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": "en" };
    if (init.json !== undefined) headers["Content-Type"] = "application/json";
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (xsrf) headers["X-XSRF-TOKEN"] = decodeURIComponent(xsrf);
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await fetch(`${this.baseUrl}${path}`, { method: init.method ?? "GET", headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return response;
  }
}

async function signIn(baseUrl: string, email: string): Promise<Session> {
  const session = new Session(baseUrl);
  await (await session.request("/sanctum/csrf-cookie")).arrayBuffer();
  const login = await session.request("/login", { method: "POST", json: { email, password: DEMO_PASSWORD, remember: false } });
  if (!login.ok) throw new Error(`login of ${email} failed: HTTP ${login.status} ${await login.text()}`);
  return session;
}

function createArgs(index: number, now: string) {
  const start = new Date(Date.now() + (10 + (index % 200)) * 86_400_000).toISOString();
  return {
    id: uuidv7(),
    organization_id: 1,
    event_title: `Bench webcast ${index}`,
    event_start_date_time: start,
    duration: 60,
    timezone: "Europe/Paris",
    language: "fr",
    is_premiere: false,
    is_test: false,
    now,
  };
}

const server = await startLocalServer({ migrateAndSeed: true });
try {
  const session = await signIn(server.baseUrl, "owner@demo.test");

  const now = new Date().toISOString();
  const newBatches = () => {
    const mutations = Array.from({ length: MUTATIONS }, (_, index) => ({ id: uuidv7(), name: "createWebcast", args: createArgs(index, now), client_time: now }));
    return Array.from({ length: Math.ceil(MUTATIONS / BATCH) }, (_, index) => mutations.slice(index * BATCH, (index + 1) * BATCH));
  };
  let batches: ReturnType<typeof newBatches> = [];
  const loadBefore = loadavg()[0] ?? 0;

  // Warm-up: one mutation through the whole path (module load, object creation).
  await (await session.request("/api/sync/push", { method: "POST", json: { mutations: [{ id: uuidv7(), name: "createWebcast", args: createArgs(-1, now), client_time: now }] } })).json();

  const pushOnce = async (label: string) => {
    const t0 = performance.now();
    const statuses: Record<string, number> = {};
    for (const batch of batches) {
      const response = await session.request("/api/sync/push", { method: "POST", json: { mutations: batch } });
      if (!response.ok) throw new Error(`${label}: HTTP ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { results: { status: string }[]; error?: unknown };
      if (body.error) throw new Error(`${label}: ${JSON.stringify(body.error)}`);
      for (const result of body.results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    }
    const ms = performance.now() - t0;
    log(`${label}: ${MUTATIONS} mutations in ${ms.toFixed(0)} ms ${JSON.stringify(statuses)}`);
    return { ms: Math.round(ms), perSecond: Math.round((MUTATIONS / ms) * 1000), statuses };
  };

  /** RUNS pushes of fresh mutations: the median run, and every sample. */
  const pushFresh = async (label: string) => {
    const runs: Awaited<ReturnType<typeof pushOnce>>[] = [];
    for (let run = 0; run < RUNS; run++) {
      batches = newBatches();
      const result = await pushOnce(`${label} (run ${run + 1}/${RUNS})`);
      if (result.statuses.applied !== MUTATIONS) throw new Error(`expected ${MUTATIONS} applied, got ${JSON.stringify(result.statuses)}`);
      runs.push(result);
    }
    const sorted = [...runs].sort((a, b) => a.ms - b.ms);
    const median = sorted[Math.floor(sorted.length / 2)] ?? runs[0];
    return { ...median, samplesMs: runs.map((run) => run.ms) };
  };

  const first = await pushFresh("push");
  const retry = await pushOnce("retry (idempotent)");

  const t0 = performance.now();
  let cursor = 0;
  let rows = 0;
  for (;;) {
    const response = await session.request(`/api/sync/pull?cursor=${cursor}`);
    const body = (await response.json()) as { cursor: number; changes: unknown[]; more: boolean };
    rows += body.changes.length;
    cursor = body.cursor;
    if (!body.more) break;
  }
  const pullMs = Math.round(performance.now() - t0);
  log(`pull from 0: ${rows} rows in ${pullMs} ms`);

  // A cap (set by the back office) that the pushes stay under: every create now counts its month.
  const superAdmin = await signIn(server.baseUrl, "superadmin@demo.test");
  const capped = await superAdmin.request("/api/organizations/1/constraints", { method: "PATCH", json: { limits: { max_webcasts: 100_000 } } });
  if (!capped.ok) throw new Error(`setting max_webcasts failed: HTTP ${capped.status} ${await capped.text()}`);
  const withCap = await pushFresh("push with max_webcasts");

  const file = writeResult(
    benchName(import.meta.url),
    {
      server: "vite dev (@cloudflare/vite-plugin, workerd), local",
      // The machine is shared: its 1-minute load average before and after, for context.
      loadAverage: { before: Math.round(loadBefore * 100) / 100, after: Math.round((loadavg()[0] ?? 0) * 100) / 100 },
      mutations: MUTATIONS,
      batchSize: BATCH,
      push: first,
      retryAlreadyApplied: retry,
      pullFromZero: { rows, ms: pullMs },
      pushWithMaxWebcasts: withCap,
    },
    { pushOf1000MutationsMs: "< 2000" },
  );
  log(`wrote ${file}`);
} finally {
  await server.stop();
}
