import path from "node:path";
import { describe, expect, it } from "vitest";
import { boundaryViolations } from "./boundaries.mjs";

/** The import-rule checker fails on planted forbidden imports and lets the allowed ones through. */
describe("boundary check", () => {
  it("finds every forbidden import of the fixture tree, and only those", { timeout: 60_000 }, () => {
    const { violations } = boundaryViolations(path.join(import.meta.dirname, "fixtures/boundaries"));
    expect(violations.map((v) => `${v.rule} ${v.from} → ${v.to}`).sort()).toEqual([
      "domain-is-pure domain/rule.ts → worker/features/things/service.ts",
      "domain-is-pure domain/uses-node.ts → crypto",
      "durable-not-into-worker-features durable/room.ts → worker/features/things/service.ts",
      "no-cycles domain/a.ts → domain/b.ts",
      "web-api-type-only web/page.ts → worker/app.ts",
      "web-not-into-worker web/page.ts → worker/features/things/service.ts",
    ]);
  });
});
