// Shared helpers for benchmarks (bench/*.bench.ts, run by `npm run bench` through bench/run.mjs).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, platform, tmpdir, totalmem } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = dirname(fileURLToPath(import.meta.url));
const rootDir = dirname(benchDir);

export interface MachineInfo {
  cpus: { model: string; count: number };
  totalmem: number;
  platform: string;
  node: string;
  /** 1, 5 and 15 min load averages when the result was written (other work on the machine skews figures). */
  loadavg: number[];
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  return { cpus: { model: list[0]?.model.trim() ?? "unknown", count: list.length }, totalmem: totalmem(), platform: platform(), node: process.version, loadavg: loadavg().map((value) => Math.round(value * 100) / 100) };
}

export interface BenchResult {
  name: string;
  date: string;
  machine: MachineInfo;
  figures: Record<string, unknown>;
  goals?: Record<string, unknown>;
}

/** Writes bench/results/<name>.json and returns its path. */
export function writeResult(name: string, figures: Record<string, unknown>, goals?: Record<string, unknown>): string {
  const result: BenchResult = { name, date: new Date().toISOString(), machine: machineInfo(), figures };
  if (goals) result.goals = goals;
  const dir = join(benchDir, "results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/** The bench's name from its file: "webcast-room-broadcast.bench.ts" → "webcast-room-broadcast". */
export function benchName(fileUrl: string): string {
  return basename(fileURLToPath(fileUrl)).replace(/\.bench\.ts$/, "");
}

export function log(message: string): void {
  console.log(`[${new Date().toISOString().slice(11, 23)}] ${message}`);
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** p50/p99/max of a sample, rounded to 0.01 ms. */
export function summarize(samples: number[]): { count: number; p50: number; p99: number; max: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? Number.NaN), mean: round(mean) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface LocalServer {
  baseUrl: string;
  wsUrl: string;
  /** The server's process group (vite, and workerd under it). */
  pid: number;
  /** workerd's inspector (started with `inspector: true`; see `workerHeap`), else null. */
  inspectorPort: number | null;
  stop(): Promise<void>;
}

/**
 * Starts the real local stack (`vite dev`: the PWA plus the worker, Durable Objects, D1 and R2 in
 * workerd through @cloudflare/vite-plugin) on a free port with a throw-away state dir, and waits
 * until GET /api/health answers. Any HTTP status means ready: D1 migrations are not applied in a
 * fresh state dir, so health may say 503. The server runs in its own process group; stop() ends it.
 */
export async function startLocalServer(options: { migrateAndSeed?: boolean; inspector?: boolean } = {}): Promise<LocalServer> {
  const port = await freePort();
  const inspectorPort = options.inspector ? await freePort() : null;
  const stateDir = mkdtempSync(join(tmpdir(), "igo-bench-"));
  const localEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", DO_NOT_TRACK: "1", CI: "1" };
  if (options.migrateAndSeed) {
    // The same command `npm start` uses, on this bench's own state dir.
    const migrate = spawnSync(join(rootDir, "node_modules/.bin/wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], {
      cwd: rootDir,
      env: localEnv,
      encoding: "utf8",
    });
    if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
  }
  const child = spawn(join(rootDir, "node_modules/.bin/vite"), ["dev", "--port", String(port), "--strictPort"], {
    cwd: rootDir,
    detached: true, // own process group, so stop() also ends workerd
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: String(port), IGO_STATE_DIR: stateDir, ...(inspectorPort ? { IGO_INSPECTOR_PORT: String(inspectorPort) } : {}), CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", DO_NOT_TRACK: "1" },
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });

  const stop = async () => {
    await killGroup(child);
    rmSync(stateDir, { recursive: true, force: true });
  };
  const baseUrl = `http://localhost:${port}`;
  const started = Date.now();
  try {
    for (;;) {
      if (exited) throw new Error(`vite dev exited before answering:\n${output}`);
      if (Date.now() - started > 90_000) throw new Error(`vite dev did not answer within 90 s:\n${output}`);
      try {
        const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        log(`local server ready on ${baseUrl} in ${Date.now() - started} ms (health: HTTP ${response.status})`);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  if (options.migrateAndSeed) {
    const seed = await fetch(`${baseUrl}/api/dev/seed`, { method: "POST" });
    if (!seed.ok) {
      await stop();
      throw new Error(`seeding failed: HTTP ${seed.status}`);
    }
  }
  return { baseUrl, wsUrl: `ws://localhost:${port}`, pid: child.pid ?? 0, inspectorPort, stop };
}

async function killGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid ?? 0), name);
    } catch {
      // the group is already gone
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
  signal("SIGKILL"); // stragglers in the group (workerd) that ignored SIGTERM
}

/**
 * Runs `task(0)` … `task(count - 1)` with at most `concurrency` in flight at once (a new one starts
 * as soon as one ends, not batch by batch); the results in index order. The first failure rejects.
 */
export async function runPool<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, count)) }, lane));
  return results;
}

/** Resident memory (kB) of the workerd processes of the server's process group. */
export function workerdRssKb(group: number): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== group) continue;
      if (!readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("workerd")) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, "utf8"));
      total += Number(rss?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * The Worker's own memory: its V8 isolate's heap (used and total bytes), read through workerd's
 * inspector (a server started with `inspector: true`) with Runtime.getHeapUsage. The Worker's
 * Durable Objects run in the same isolate. Unlike workerd's resident memory it leaves out the local
 * D1 and R2 simulators, which run in the same process but are other machines in production.
 * (workerd's inspector does not answer HeapProfiler.collectGarbage: the used heap includes garbage
 * not yet collected.)
 */
export async function workerHeap(inspectorPort: number): Promise<{ read: () => Promise<{ usedBytes: number; totalBytes: number }>; close: () => void }> {
  const { default: WebSocket } = await import("ws");
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error("no worker listed by the inspector");
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const call = (method: string) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    read: async () => {
      const result = (await call("Runtime.getHeapUsage")) as { usedSize: number; totalSize: number };
      return { usedBytes: result.usedSize, totalBytes: result.totalSize };
    },
    close: () => socket.close(),
  };
}
