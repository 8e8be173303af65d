#!/usr/bin/env node
// The layers' import rules (.dependency-cruiser.cjs) over domain/, web/, worker/ and durable/ of a
// tree (the repository, or the checker's test fixture): prints each violation, exits 1 on any.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Violations of the import rules in `baseDir`, as { rule, from, to }. */
export function boundaryViolations(baseDir = root) {
  const result = spawnSync(
    path.join(root, "node_modules/.bin/depcruise"),
    ["domain", "web", "worker", "durable", "--config", path.join(root, ".dependency-cruiser.cjs"), "--output-type", "json"],
    { cwd: baseDir, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  if (!result.stdout) throw new Error(`dependency-cruiser failed: ${result.stderr}`);
  const report = JSON.parse(result.stdout);
  const seen = new Set();
  const violations = [];
  for (const violation of report.summary.violations) {
    const item = { rule: violation.rule.name, from: violation.from, to: violation.to };
    const key = JSON.stringify(item);
    if (!seen.has(key)) violations.push(item);
    seen.add(key);
  }
  return { violations, modules: report.summary.totalCruised };
}

if (process.argv[1] === import.meta.filename) {
  const { violations, modules } = boundaryViolations();
  for (const v of violations) console.error(`✖ ${v.rule}: ${v.from} → ${v.to}`);
  console.log(violations.length ? `${violations.length} forbidden import(s) in ${modules} modules` : `✔ imports go one way (${modules} modules)`);
  process.exit(violations.length ? 1 : 0);
}
