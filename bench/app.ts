// Helpers for benchmarks that drive the *built* app in Chromium (bench/initial-pull.bench.ts,
// bench/offline-home-render.bench.ts): a production build in a bench-owned directory, `vite preview`
// on a throw-away state dir, D1 access through wrangler, and a Chromium profile whose size can be read.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, type Page, chromium } from "playwright-core";
import { type LocalServer, freePort, log } from "./lib.ts";

const benchDir = dirname(fileURLToPath(import.meta.url));
export const rootDir = dirname(benchDir);
const bin = (name: string) => join(rootDir, "node_modules/.bin", name);

/** No Cloudflare account, no network, no telemetry (scripts/local-env.mjs). */
const localEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", DO_NOT_TRACK: "1", CI: "1" };

// Never built in the project root: `vite build` there writes dist/ (the e2e suite's) and points
// .wrangler/deploy/config.json (which `vite preview` follows) at its output. A bench builds in a
// shadow root under bench/.tmp/ (git-ignored): symlinks to the sources, copies of the pages
// index.html and watch.html (a symlinked entry would resolve outside the root) and a config that keeps the symlinked paths, so
// the router's code splitting and Lingui's catalogs match files exactly as in the real build.
const PAGES = ["index.html", "watch.html"];
const SKIPPED = new Set([".git", ".wrangler", "bench", "dist", ...PAGES, "vite.config.ts"]);

/**
 * Builds the production app (service worker included) into bench/.tmp/<name>/dist; returns that
 * shadow root. BENCH_REUSE_BUILD=1 keeps an earlier build of the same bench (iterating on a bench).
 */
export function buildApp(name: string): string {
  const root = join(benchDir, ".tmp", name);
  if (process.env.BENCH_REUSE_BUILD && existsSync(join(root, "dist", "client", "index.html"))) {
    log(`BENCH_REUSE_BUILD: reusing ${join(root, "dist")}`);
    return root;
  }
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const entry of readdirSync(rootDir)) {
    if (!SKIPPED.has(entry)) symlinkSync(join(rootDir, entry), join(root, entry));
  }
  for (const page of PAGES) copyFileSync(join(rootDir, page), join(root, page));
  writeFileSync(
    join(root, "vite.config.ts"),
    `import { mergeConfig } from "vite";\nimport base from ${JSON.stringify(join(rootDir, "vite.config.ts"))};\nexport default mergeConfig(base, { resolve: { preserveSymlinks: true } });\n`,
  );
  const started = Date.now();
  const build = spawnSync(bin("vite"), ["build", "--logLevel", "error"], { cwd: root, env: { ...localEnv, NODE_ENV: "production" }, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  log(`built the app into ${join(root, "dist")} in ${Date.now() - started} ms`);
  return root;
}

/** A fresh local state dir with every D1 migration applied. */
export function migratedState(): string {
  const stateDir = mkdtempSync(join(tmpdir(), "igo-bench-state-"));
  wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
  return stateDir;
}

/** `wrangler d1 execute DB --local` on a state dir (the server must not be running on it). */
export function d1Execute(stateDir: string, input: { file: string } | { command: string }): unknown {
  const source = "file" in input ? ["--file", input.file] : ["--command", input.command];
  const output = wrangler(["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", ...source]);
  return JSON.parse(output);
}

/** The rows of a single-statement `d1Execute` query. */
export function d1Query<Row>(stateDir: string, command: string): Row[] {
  const [first] = d1Execute(stateDir, { command }) as { results: Row[] }[];
  return first?.results ?? [];
}

function wrangler(args: string[]): string {
  const run = spawnSync(bin("wrangler"), args, { cwd: rootDir, env: localEnv, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

/** `vite preview` of a built shadow root (the built worker in workerd) on `stateDir`, until /api/health answers. */
export async function startPreview(root: string, stateDir: string): Promise<LocalServer> {
  const port = await freePort();
  const child = spawn(bin("vite"), ["preview", "--port", String(port), "--strictPort"], {
    cwd: root,
    detached: true, // own process group: stop() also ends workerd
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...localEnv, IGO_STATE_DIR: stateDir },
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const baseUrl = `http://localhost:${port}`;
  const started = Date.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`vite preview exited:\n${output}`);
      if (Date.now() - started > 60_000) throw new Error(`vite preview did not answer within 60 s:\n${output}`);
      try {
        await (await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })).arrayBuffer();
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } catch (error) {
    await killGroup(child);
    throw error;
  }
  log(`vite preview ready on ${baseUrl} in ${Date.now() - started} ms`);
  return { baseUrl, wsUrl: `ws://localhost:${port}`, pid: child.pid ?? 0, inspectorPort: null, stop: () => killGroup(child) };
}

/** POST /api/dev/seed: the demo organizations, users and memberships (README "Demo logins"). */
export async function seedDemo(baseUrl: string): Promise<void> {
  const seed = await fetch(`${baseUrl}/api/dev/seed`, { method: "POST" });
  if (!seed.ok) throw new Error(`seeding failed: HTTP ${seed.status} ${await seed.text()}`);
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
  signal("SIGKILL"); // stragglers in the group (workerd)
}

// The flags of e2e/browser.ts (TOOLCHAIN gotcha 8).
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export interface BenchBrowser {
  context: BrowserContext;
  /** The profile directory (its IndexedDB folder can be measured). */
  profile: string;
  close(): Promise<void>;
}

/** Debian Chromium with a fresh profile. */
export async function openChromium(locale = "fr-FR"): Promise<BenchBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "igo-bench-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [...CHROMIUM_ARGS, `--lang=${locale}`],
    locale,
    viewport: { width: 1280, height: 800 },
  });
  // tsx (esbuild keepNames) wraps named functions in page.evaluate callbacks with `__name(…)`,
  // which does not exist in the page.
  await context.addInitScript("globalThis.__name = (target) => target;");
  return {
    context,
    profile,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for the sync engine's `igo:sync-pull-end` mark that reached `head` (web/local/sync-engine.ts)
 * and returns it and the first `igo:sync-pull-start`, in the page's time (ms since navigation start).
 */
export async function waitForPull(page: Page, head: number, timeoutMs = 120_000): Promise<{ startMs: number; endMs: number }> {
  const handle = await page.waitForFunction(
    (target) => {
      const done = performance.getEntriesByName("igo:sync-pull-end").find((entry) => (entry as PerformanceMark).detail?.cursor >= target);
      return done ? { endMs: done.startTime, startMs: performance.getEntriesByName("igo:sync-pull-start")[0]?.startTime ?? Number.NaN } : null;
    },
    head,
    { timeout: timeoutMs, polling: 50 },
  );
  const timing = await handle.jsonValue();
  if (!timing || !(timing.startMs >= 0)) throw new Error("no igo:sync-pull-start mark");
  return timing;
}

/** Bytes under a directory (0 when it does not exist). */
export function directorySize(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + directorySize(join(path, entry)), 0);
}

/**
 * A local HTTP proxy in front of `target` that answers some GET paths itself, from memory (no
 * server time, no Playwright routing in the way), and forwards everything else, websocket
 * upgrades included. `answer(url)` returns the body to send (JSON) or undefined to forward.
 */
export async function startAnsweringProxy(
  target: string,
  answer: (url: URL) => string | undefined,
  options: { compress?: boolean } = {},
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const { createServer: createHttpServer, request } = await import("node:http");
  const { connect } = await import("node:net");
  const zlib = await import("node:zlib");
  const upstream = new URL(target);
  const server = createHttpServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", target);
    const body = incoming.method === "GET" ? answer(url) : undefined;
    if (body !== undefined) {
      outgoing.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
      outgoing.end(body);
      return;
    }
    const forward = request({ host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (response) => {
      // As Cloudflare's edge does for text: brotli (or gzip) on the way out, when the client takes it.
      const type = String(response.headers["content-type"] ?? "");
      const accepts = String(incoming.headers["accept-encoding"] ?? "");
      const encoding = accepts.includes("br") ? "br" : accepts.includes("gzip") ? "gzip" : null;
      if (options.compress && encoding && !response.headers["content-encoding"] && /javascript|css|html|json|svg|text\//.test(type)) {
        const headers = { ...response.headers, "content-encoding": encoding, vary: "Accept-Encoding" };
        delete headers["content-length"];
        outgoing.writeHead(response.statusCode ?? 502, headers);
        const { constants, createBrotliCompress, createGzip } = zlib;
        response.pipe(encoding === "br" ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip()).pipe(outgoing);
        return;
      }
      outgoing.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(outgoing);
    });
    forward.on("error", () => outgoing.destroy());
    incoming.pipe(forward);
  });
  server.on("upgrade", (incoming, socket, head) => {
    const upstreamSocket = connect(Number(upstream.port), upstream.hostname, () => {
      const headers = Object.entries(incoming.headers).flatMap(([key, value]) => (Array.isArray(value) ? value.map((item) => `${key}: ${item}`) : [`${key}: ${value}`]));
      upstreamSocket.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      upstreamSocket.write(head);
      upstreamSocket.pipe(socket);
      socket.pipe(upstreamSocket);
    });
    upstreamSocket.on("error", () => socket.destroy());
    socket.on("error", () => upstreamSocket.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    baseUrl: `http://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
