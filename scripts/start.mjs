#!/usr/bin/env node
// `npm start`: the app as users get it. Applies pending D1 migrations to the local database, builds
// the production bundle (service worker, manifest: installable and offline), serves it with
// `vite preview`, which runs the Worker, Durable Objects, D1 and R2 in workerd, seeds the demo data
// (idempotent) and prints the URL and the demo logins. `npm run dev` is the hot-reload server.
// PORT overrides 5173; IGO_STATE_DIR moves the local state.
import { spawn, spawnSync } from "node:child_process";
import { localEnv, persistArgs, waitForHttp } from "./local-env.mjs";
import { appliedMigrations, migrationSummary } from "./migrations.mjs";

const port = Number(process.env.PORT ?? 5173);
const stateDir = process.env.IGO_STATE_DIR;
const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

/** Runs a tool to completion with its output captured; on failure prints it and exits. */
function run(title, command, args, env = localEnv) {
  const result = spawnSync(bin(command), args, { env, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    console.error(`✖ ${title} failed.`);
    process.exit(1);
  }
  return result.stdout;
}

console.log("› Applying D1 migrations to the local database…");
const migrated = run("Applying the D1 migrations", "wrangler", ["d1", "migrations", "apply", "DB", "--local", ...persistArgs(stateDir)]);
console.log(`  ${migrationSummary(appliedMigrations(migrated))}`);

console.log("› Building the app (production build, about a minute)…");
const buildStarted = Date.now();
// As e2e/global-setup.ts: NODE_ENV=production even when the caller set another value.
run("Building the app", "vite", ["build", "--logLevel", "warn"], { ...localEnv, NODE_ENV: "production" });
console.log(`  Built in ${Math.round((Date.now() - buildStarted) / 1000)} s.`);

console.log("› Starting the server (vite preview + workerd)…");
const server = spawn(bin("vite"), ["preview", "--port", String(port), "--strictPort"], {
  env: localEnv,
  stdio: ["inherit", "pipe", "inherit"],
});
let alive = true;
server.on("exit", (code) => {
  alive = false;
  process.exit(code ?? 1);
});
let ready = false;
server.stdout.on("data", (chunk) => {
  // Vite's own banner is replaced by ours below; pass through everything after start-up.
  if (ready) process.stdout.write(chunk);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));

const base = `http://localhost:${port}`;
try {
  await waitForHttp(`${base}/api/health`, 60_000, () => alive);
  const seed = await fetch(`${base}/api/dev/seed`, { method: "POST" });
  if (!seed.ok) throw new Error(`seeding failed: HTTP ${seed.status} ${await seed.text()}`);
  const demo = await seed.json();
  ready = true;
  const width = Math.max(...demo.logins.map((login) => login.email.length));
  console.log(`
  iGo Events is running at ${base}/ (production build; \`npm run dev\` for hot reload)

  Demo logins (password for all: ${demo.password})${demo.created ? `, ${demo.created} demo rows created` : ""}:
${demo.logins.map((login) => `    ${login.email.padEnd(width)}  ${login.note}`).join("\n")}

  Health: ${base}/api/health · Stop with Ctrl+C
`);
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : error}`);
  server.kill("SIGTERM");
  process.exit(1);
}
