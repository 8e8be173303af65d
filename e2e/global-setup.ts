import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { localEnv, persistArgs } from "../scripts/local-env.mjs";
import { bin, root, startServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

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

  const server = await startServer(bin("vite"), ["preview", "--port", String(port), "--strictPort"], env, port);
  const seed = await fetch(`${server.baseUrl}/api/dev/seed`, { method: "POST" });
  if (!seed.ok) throw new Error(`seeding failed: HTTP ${seed.status}`);
  project.provide("baseUrl", server.baseUrl);

  return async () => {
    await server.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}
