// A vitest reporter for `npm test`'s watchdog (scripts/test.mjs): one JSON line per test file
// started and ended, appended to the file named by IGO_TEST_PROGRESS, so a run that stops making
// progress can be stopped and named (which files were running, which tests had passed) instead of
// waiting for CI's time limit. Plain JavaScript: vitest loads it without transforming it.
import { appendFileSync } from "node:fs";
import path from "node:path";

export default class ProgressReporter {
  /** @param {import("vitest/node").Vitest} vitest */
  onInit(vitest) {
    this.root = vitest.config.root;
    this.target = process.env.IGO_TEST_PROGRESS;
  }

  /** @param {Record<string, unknown>} line */
  write(line) {
    if (this.target) appendFileSync(this.target, `${JSON.stringify({ ...line, at: Date.now() })}\n`);
  }

  /** @param {import("vitest/node").TestModule} module */
  onTestModuleStart(module) {
    this.write({ event: "start", file: path.relative(this.root, module.moduleId), project: module.project.name });
  }

  /** @param {import("vitest/node").TestModule} module */
  onTestModuleEnd(module) {
    const tests = [...module.children.allTests()];
    const failed = tests.filter((test) => test.result().state === "failed");
    this.write({
      event: "end",
      file: path.relative(this.root, module.moduleId),
      project: module.project.name,
      passed: tests.filter((test) => test.result().state === "passed").length,
      failed: failed.map((test) => ({ name: test.fullName, message: test.result().errors?.[0]?.message ?? "" })),
      error: module.state() === "failed" && !failed.length ? (module.errors()[0]?.message ?? "failed") : undefined,
    });
  }
}
