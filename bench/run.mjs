#!/usr/bin/env node
// `npm run bench [filter]`: runs every bench/*.bench.ts (or those whose name contains `filter`) one
// after the other with tsx. Each bench writes bench/results/<name>.json; this exits non-zero if
// any bench failed.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? "";
const files = readdirSync(benchDir)
  .filter((file) => file.endsWith(".bench.ts") && file.includes(filter))
  .sort();

if (files.length === 0) {
  console.error(`No bench/*.bench.ts matches "${filter}".`);
  process.exit(1);
}

const failed = [];
for (const file of files) {
  console.log(`\n▶ ${file}`);
  const started = Date.now();
  const run = spawnSync("npx", ["tsx", join(benchDir, file)], { stdio: "inherit", cwd: dirname(benchDir) });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status === 0) console.log(`✔ ${file} (${seconds} s)`);
  else {
    console.log(`✖ ${file} failed (${run.signal ?? `exit ${run.status}`}, ${seconds} s)`);
    failed.push(file);
  }
}
console.log(`\n${files.length - failed.length}/${files.length} benchmark(s) passed; results in bench/results/.`);
process.exit(failed.length ? 1 : 0);
