#!/usr/bin/env node
// `npm test`: every layer, in order — typecheck of each tsconfig (domain alone, web, worker +
// durable, node tools); lint; the import-boundary check; vitest projects domain and tools (node),
// workers (workerd) and web (happy-dom); then the end-to-end suite in Chromium against the built
// app. Every layer runs even if an earlier one failed; the last line is "N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { localEnv } from "./local-env.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const work = mkdtempSync(path.join(tmpdir(), "igo-test-"));
const totals = { passed: 0, failed: 0 };
const summary = [];
/** The failed tests' names and first message lines, printed with the summary (CI shows the end of the output). */
const failures = [];
const started = Date.now();

function step(title, command, args) {
  console.log(`\n━━ ${title}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { cwd: root, env: localEnv, stdio: "inherit" });
  return { ok: result.status === 0, seconds: ((Date.now() - t0) / 1000).toFixed(1) };
}

function record(title, passed, failed, seconds) {
  totals.passed += passed;
  totals.failed += failed;
  summary.push(`${failed ? "✖" : "✔"} ${title}: ${passed} passed, ${failed} failed (${seconds} s)`);
}

/** Runs a step with its output kept, for steps that run side by side (printed as each ends). */
function quietStep(title, command, args) {
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: localEnv });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (status) => {
      console.log(`\n━━ ${title}\n${output.trimEnd()}`);
      resolve({ title, ok: status === 0, seconds: ((Date.now() - t0) / 1000).toFixed(1) });
    });
  });
}

// The typechecks (one per tsconfig), the agreed lint rules (biome.json) and the layers' one-way
// imports (.dependency-cruiser.cjs) are independent: they run side by side (about half the time
// of one after the other on two cores), and are listed in this order.
const checks = await Promise.all([
  ...["tsconfig.domain.json", "tsconfig.json", "tsconfig.worker.json", "tsconfig.node.json"].map((config) => quietStep(`typecheck ${config}`, bin("tsc"), ["-p", config])),
  quietStep("lint (biome)", bin("biome"), ["lint", "--error-on-warnings"]),
  quietStep("imports go one way (dependency-cruiser)", "node", [path.join(root, "scripts/boundaries.mjs")]),
]);
for (const { title, ok, seconds } of checks) record(title, ok ? 1 : 0, ok ? 0 : 1, seconds);

/** Runs vitest with a JSON report and counts its tests; a crash with no report counts as one failure. */
function vitest(title, args) {
  const report = path.join(work, `${title.replace(/\W+/g, "-")}.json`);
  const { ok, seconds } = step(title, args[0], [...args.slice(1), "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
  if (!existsSync(report)) return record(title, 0, 1, seconds);
  const json = JSON.parse(readFileSync(report, "utf8"));
  const failed = json.numFailedTests + (json.numFailedTestSuites && !json.numFailedTests ? json.numFailedTestSuites : 0);
  record(title, json.numPassedTests, failed || (ok ? 0 : 1), seconds);
  for (const file of json.testResults ?? []) {
    const where = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of tests) failures.push(`✖ ${where} › ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
    if (!tests.length && file.status === "failed") failures.push(`✖ ${where}\n    ${firstLine(file.message)}`);
  }
}

/** A failure message's first non-empty line, without terminal colours, at most 300 characters. */
function firstLine(message = "") {
  const line = stripVTControlCharacters(message).split("\n").find((text) => text.trim()) ?? "";
  return line.trim().slice(0, 300);
}

vitest("unit + integration (domain, workers, web)", [bin("vitest"), "run"]);
vitest("end-to-end (Chromium)", ["node", path.join(root, "e2e/run.mjs")]);

rmSync(work, { recursive: true, force: true });
if (failures.length) console.log(`\nFailed tests:\n${failures.join("\n")}`);
console.log(`\n${summary.join("\n")}\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
