import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { VIEWER_JS_BUDGET_GZIP, kB, measureRoutes, pageScripts } from "../bench/route-js.ts";
import { root } from "./server.ts";

/**
 * Issue #19: the viewer's public page loads fast on phones. Read from the build the suite serves
 * (e2e/global-setup.ts builds dist/client once): the JavaScript watch.html loads before its first
 * screen stays within the budget, and none of the app's code comes with it. The figure per route
 * is bench/results/route-js.json (bench/route-js.bench.ts).
 */
const distDir = join(root, "dist", "client");

describe("the viewer page's JavaScript budget", () => {
  const [viewer] = measureRoutes(distDir).filter((route) => route.route === "/w/$webcastId");

  it(`loads at most ${kB(VIEWER_JS_BUDGET_GZIP)} of JavaScript, gzipped, before its first screen`, () => {
    expect(viewer, "the /w/$webcastId route is measured").toBeDefined();
    const gzip = viewer?.gzip ?? Number.POSITIVE_INFINITY;
    expect(gzip, `${kB(gzip)} gzipped in ${viewer?.files.join(", ")}`).toBeLessThanOrEqual(VIEWER_JS_BUDGET_GZIP);
  });

  it("shares no start code with the app but the common libraries (no router, no local database)", () => {
    const appEntry = pageScripts(readFileSync(join(distDir, "index.html"), "utf8"))[0];
    expect(viewer?.files).not.toContain(appEntry);
    const code = (viewer?.files ?? []).map((file) => readFileSync(join(distDir, file), "utf8")).join("\n");
    // Dexie's and TanStack Router's own error texts: present when either library is bundled in.
    expect(code).not.toContain("Dexie");
    expect(code).not.toContain("Invariant failed");
  });

  it("is never imported by another chunk (its entry would boot the viewer page inside the app)", () => {
    const watchEntry = pageScripts(readFileSync(join(distDir, "watch.html"), "utf8"))[0] ?? "";
    const name = watchEntry.split("/").at(-1) ?? "";
    const importers = readdirSync(join(distDir, "assets"))
      .filter((file) => file.endsWith(".js") && `assets/${file}` !== watchEntry)
      .filter((file) => readFileSync(join(distDir, "assets", file), "utf8").includes(name));
    expect(importers).toEqual([]);
  });
});
