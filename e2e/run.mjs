#!/usr/bin/env node
// `npm run test:e2e`: the Chromium journeys (see e2e/vitest.config.ts). Extra args go to vitest.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: run 'apt-get install -y chromium' (or .ci/run).`);
  process.exit(1);
}
const vitest = new URL("../node_modules/.bin/vitest", import.meta.url).pathname;
const result = spawnSync(vitest, ["run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
