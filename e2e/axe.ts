import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import type { AxeResults, Result } from "axe-core";

// axe-core's own bundle, injected into the page (its engines field suits Node 20, unlike the
// Playwright wrapper's): the checks run in the real page, as the browser extension would.
const source = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

declare global {
  interface Window {
    axe?: { run(context: Document, options: object): Promise<AxeResults> };
  }
}

/** One axe finding, short enough to read in a failing assertion. */
export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Rules checked whatever axe's impact, because a first visit ran into them (issue #12): headings
 * that skip a level and landmarks that cannot be told apart.
 */
const ALWAYS = new Set(["heading-order", "landmark-unique", "landmark-no-duplicate-banner", "landmark-no-duplicate-contentinfo", "landmark-no-duplicate-main", "label-content-name-mismatch"]);

/**
 * Runs axe-core (WCAG 2.x A/AA rules plus best practices) on the page as it is now and returns the
 * serious and critical findings, and any finding of the rules above: the e2e suite expects none on
 * any screen.
 */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  // A toast fading in or out (opacity between 0 and 1) measures as low contrast: colours are judged
  // as they stay on screen, not mid-transition. Toasts come and go on their own (the offline-ready
  // notice, a sync message), so wait until every toast is still, run axe while watching the toast
  // region, and run it again if a toast moved meanwhile and a finding points at one.
  // Evaluated through the DevTools protocol, not as a <script> tag: the app's CSP refuses inline scripts.
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(`${source}\n;undefined`);
  let results: AxeResults | undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.waitForFunction(
      () => [...document.querySelectorAll(".toast")].every((toast) => toast.getAttribute("data-leaving") !== "true" && toast.getAnimations().every((animation) => animation.playState !== "running")),
      undefined,
      { timeout: 5_000 },
    );
    const run = await page.evaluate(async () => {
      if (!window.axe) throw new Error("axe-core was not injected");
      let moved = false;
      const observer = new MutationObserver(() => {
        moved = true;
      });
      const region = document.querySelector(".toast-region");
      if (region) observer.observe(region, { subtree: true, childList: true, attributes: true });
      const found = await window.axe.run(document, { resultTypes: ["violations"] });
      observer.disconnect();
      return { found, moved };
    });
    results = run.found;
    const onToast = results.violations.some((violation) => violation.nodes.some((node) => node.target.join(" ").includes(".toast")));
    if (!(run.moved && onToast)) break;
  }
  if (!results) throw new Error("axe-core did not run");
  return results.violations
    .filter((violation: Result) => process.env.AXE_ALL || violation.impact === "serious" || violation.impact === "critical" || ALWAYS.has(violation.id))
    .map((violation: Result) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(" ")) }));
}
