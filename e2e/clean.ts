import type { Page } from "playwright-core";
import { expect } from "vitest";
import { seriousAxeFindings } from "./axe.ts";
import { horizontalOverflow } from "./screens.ts";

/**
 * The check every journey makes on what a user sees: no serious or critical axe finding and no
 * sideways scroll. Colours are read as painted: entrance fades (a dialog's backdrop) end first;
 * endless animations (spinners) are left running.
 */
export async function expectClean(page: Page, where: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY).map((animation) => animation.finished.catch(() => undefined))));
  expect({ where, findings: await seriousAxeFindings(page) }).toEqual({ where, findings: [] });
  expect({ where, overflow: await horizontalOverflow(page) }).toEqual({ where, overflow: 0 });
}
