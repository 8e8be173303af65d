#!/usr/bin/env node
// `npm test`: every layer, in order — typecheck of each tsconfig (domain alone, web, worker +
// durable, node tools); lint; the import-boundary check; vitest projects domain and tools (node),
// workers (workerd) and web (happy-dom); then the end-to-end suite in Chromium against the built
// app. Every layer runs even if an earlier one failed; the last line is "N passed, N failed".
// A vitest layer in which no test file starts or ends for a while is stuck: it is stopped, and the
// files it was running are named (scripts/vitest-progress.mjs reports each file's start and end).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
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

/**
 * Seconds without a test file starting or ending after which a layer counts as stuck. A file's
 * slowest test takes well under a minute even on a loaded 2-core CI machine; the end-to-end layer
 * first builds the app and runs one file at a time, so it waits longer.
 */
const stallSeconds = { unit: Number(process.env.IGO_TEST_STALL_SECONDS ?? 300), e2e: Number(process.env.IGO_TEST_STALL_SECONDS ?? 600) };

/** The progress file's lines (see scripts/vitest-progress.mjs). */
function progressOf(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** What a stuck layer was doing: the files it started and never ended, and its processes still alive (the layer runs in a session of its own). */
function describeStall(lines, group) {
  const ended = new Set(lines.filter((line) => line.event === "end").map((line) => `${line.project}:${line.file}`));
  const running = lines.filter((line) => line.event === "start" && !ended.has(`${line.project}:${line.file}`));
  const now = Date.now();
  // A workers-pool file runs in a workerd of its own, started just before the file: the file that
  // started first after a process did is most likely the one it ran.
  const fileAfter = (startedAt) => lines.find((line) => line.event === "start" && line.at >= startedAt - 1000)?.file;
  // `ps` comes with procps, which a minimal machine may lack: then no processes are listed.
  const processes = (spawnSync("ps", ["-o", "pid=,etimes=,args=", "-s", String(group)], { encoding: "utf8" }).stdout ?? "")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [pid, seconds, ...command] = line.trim().split(/\s+/);
      const file = command[0]?.endsWith("/workerd") ? fileAfter(now - Number(seconds) * 1000) : undefined;
      return `    ${pid} ${seconds} s ${command.join(" ").slice(0, 100)}${file ? ` (started just before ${file})` : ""}`;
    });
  return [
    running.length ? `files still running: ${running.map((line) => `${line.file} (${Math.round((now - line.at) / 1000)} s)`).join(", ")}` : `every file it started has ended (${ended.size}), but a test worker did not stop after its file`,
    `processes left (pid, seconds alive, command):\n${processes.join("\n")}`,
  ].join("\n    ");
}

/**
 * Runs a vitest layer in its own process group, watched: when no file starts or ends for
 * `stall` seconds, the group is killed and the stall reported.
 */
function watchedStep(title, command, args, progress, stall) {
  console.log(`\n━━ ${title}`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...localEnv, IGO_TEST_PROGRESS: progress }, stdio: "inherit", detached: true });
    const stop = () => process.kill(-child.pid, "SIGKILL");
    const interrupt = () => {
      stop();
      process.exit(130);
    };
    process.once("SIGINT", interrupt);
    let stalled;
    const timer = setInterval(() => {
      // The reporter appends a line at each file's start and end: the file's age is the time since.
      const last = existsSync(progress) ? statSync(progress).mtimeMs : t0;
      if (Date.now() - last < stall * 1000) return;
      stalled = `no test file started or ended for ${stall} s; stopped.\n    ${describeStall(progressOf(progress), child.pid)}`;
      console.log(`\n✖ ${title}: no test file started or ended for ${stall} s; stopped (named under "Failed tests").`);
      clearInterval(timer);
      stop();
    }, 5000);
    child.on("close", (status) => {
      clearInterval(timer);
      process.off("SIGINT", interrupt);
      try {
        stop(); // whatever the layer left behind in its group (a workerd, a preview server)
      } catch {}
      resolve({ ok: status === 0 && !stalled, stalled, seconds: ((Date.now() - t0) / 1000).toFixed(1) });
    });
  });
}

/**
 * Runs vitest with a JSON report and counts its tests; a crash with no report counts as one
 * failure, a stuck run counts the tests of the files that ended plus one failure for the stall.
 */
async function vitest(title, args, stall) {
  const slug = title.replace(/\W+/g, "-");
  const report = path.join(work, `${slug}.json`);
  const progress = path.join(work, `${slug}.progress`);
  const reporters = ["--reporter=default", "--reporter=json", `--outputFile.json=${report}`, `--reporter=${path.join(root, "scripts/vitest-progress.mjs")}`];
  const { ok, stalled, seconds } = await watchedStep(title, args[0], [...args.slice(1), ...reporters], progress, stall);
  if (stalled || !existsSync(report)) {
    const ends = progressOf(progress).filter((line) => line.event === "end");
    for (const line of ends) {
      for (const test of line.failed) addFailure(`${line.file} › ${test.name}`, firstLine(test.message));
      if (line.error) addFailure(line.file, firstLine(line.error));
    }
    addFailure(title, stalled ?? "ended without its report");
    const failed = ends.reduce((sum, line) => sum + line.failed.length + (line.error ? 1 : 0), 0);
    return record(title, ends.reduce((sum, line) => sum + line.passed, 0), failed + 1, seconds);
  }
  const json = JSON.parse(readFileSync(report, "utf8"));
  const failed = json.numFailedTests + (json.numFailedTestSuites && !json.numFailedTests ? json.numFailedTestSuites : 0);
  record(title, json.numPassedTests, failed || (ok ? 0 : 1), seconds);
  for (const file of json.testResults ?? []) {
    const where = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of tests) addFailure(`${where} › ${test.fullName}`, firstLine(test.failureMessages?.[0]));
    if (!tests.length && file.status === "failed") addFailure(where, firstLine(file.message));
  }
}

/** One entry of the "Failed tests" list printed with the summary. */
function addFailure(what, why) {
  failures.push(`✖ ${what}\n    ${why}`);
}

/** A failure message's first non-empty line, without terminal colours, at most 300 characters. */
function firstLine(message = "") {
  const line = stripVTControlCharacters(message).split("\n").find((text) => text.trim()) ?? "";
  return line.trim().slice(0, 300);
}

await vitest("unit + integration (domain, workers, web)", [bin("vitest"), "run"], stallSeconds.unit);
await vitest("end-to-end (Chromium)", ["node", path.join(root, "e2e/run.mjs")], stallSeconds.e2e);

rmSync(work, { recursive: true, force: true });
if (failures.length) console.log(`\nFailed tests:\n${failures.join("\n")}`);
console.log(`\n${summary.join("\n")}\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed ? 1 : 0);
