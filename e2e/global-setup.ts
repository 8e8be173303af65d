import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { localEnv, persistArgs, waitForHttp } from "../scripts/local-env.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

/** Builds the app, gives it a fresh local state with migrations and demo data, and serves it. */
export default async function setup(project: TestProject) {
  const stateDir = mkdtempSync(path.join(tmpdir(), "igo-e2e-state-"));
  const env = { ...localEnv, IGO_STATE_DIR: stateDir };
  const port = Number(process.env.E2E_PORT ?? 4317);

  // vitest sets NODE_ENV=test; the build under test must be the production build users get.
  if (!process.env.E2E_SKIP_BUILD) run(bin("vite"), ["build", "--logLevel", "warn"], { ...env, NODE_ENV: "production" });
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persistArgs(stateDir)], env);

  let server: ChildProcess | undefined = spawn(bin("vite"), ["preview", "--port", String(port), "--strictPort"], {
    cwd: root,
    env,
    stdio: "ignore",
    detached: true,
  });
  let alive = true;
  server.on("exit", () => {
    alive = false;
  });
  const baseUrl = `http://localhost:${port}`;
  await waitForHttp(`${baseUrl}/api/health`, 60_000, () => alive);
  const seed = await fetch(`${baseUrl}/api/dev/seed`, { method: "POST" });
  if (!seed.ok) throw new Error(`seeding failed: HTTP ${seed.status}`);
  project.provide("baseUrl", baseUrl);

  return () => {
    if (server?.pid) process.kill(-server.pid, "SIGTERM");
    server = undefined;
    rmSync(stateDir, { recursive: true, force: true });
  };
}
