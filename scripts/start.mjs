#!/usr/bin/env node
// `npm start`: apply pending D1 migrations to the local database, start one Vite server that serves
// the PWA and runs the Worker, Durable Objects, D1 and R2 in workerd, seed the demo data (idempotent)
// and print the URL and the demo logins. PORT overrides 5173; IGO_STATE_DIR moves the local state.
import { spawn, spawnSync } from "node:child_process";
import { localEnv, persistArgs, waitForHttp } from "./local-env.mjs";

const port = Number(process.env.PORT ?? 5173);
const stateDir = process.env.IGO_STATE_DIR;
const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

console.log("› Applying D1 migrations to the local database…");
const migrate = spawnSync(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", ...persistArgs(stateDir)], {
  env: localEnv,
  stdio: ["ignore", "pipe", "pipe"],
  encoding: "utf8",
});
if (migrate.status !== 0) {
  process.stderr.write(migrate.stdout + migrate.stderr);
  console.error("✖ Could not apply the D1 migrations.");
  process.exit(1);
}
const applied = migrate.stdout.match(/✅/g)?.length ?? 0;
console.log(applied ? `  ${applied} migration(s) applied.` : "  Database already up to date.");

console.log("› Starting Vite + workerd…");
const server = spawn(bin("vite"), ["dev", "--port", String(port), "--strictPort"], {
  env: localEnv,
  stdio: ["inherit", "pipe", "inherit"],
});
let alive = true;
server.on("exit", (code) => {
  alive = false;
  process.exit(code ?? 1);
});
server.stdout.on("data", (chunk) => {
  // Vite's own banner is replaced by ours below; pass through everything after start-up.
  if (ready) process.stdout.write(chunk);
});
let ready = false;
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
  iGo Events is running at ${base}/

  Demo logins (password for all: ${demo.password})${demo.created ? `, ${demo.created} demo rows created` : ""}:
${demo.logins.map((login) => `    ${login.email.padEnd(width)}  ${login.note}`).join("\n")}

  Health: ${base}/api/health · Stop with Ctrl+C
`);
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : error}`);
  server.kill("SIGTERM");
  process.exit(1);
}
