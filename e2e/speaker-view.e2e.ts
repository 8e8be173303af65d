import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Browser, openBrowser } from "./browser.ts";
import { DEMO_WEBCAST_UID, } from "./screens.ts";
import { signIn } from "./session.ts";
import { expectClean as expectPageClean } from "./clean.ts";

/**
 * Issue #14 point 1 as a speaker meets it, on a 390 px phone in French: the device holds only the
 * sessions they speak in (the read rule), and a session's edit screen offers only the tabs whose
 * data they read — the details and who speaks for a speaker, the polls too for its producer.
 * "Spring release launch" (DEMO_WEBCAST_UID): Pablo produces it, Sofia speaks in it; Sofia does
 * not speak in "Assemblée générale annuelle 2026", Pablo not in "Behind the scenes: our new
 * studio" (worker/features/dev/demo-webcasts.ts).
 */
const baseUrl = inject("baseUrl");
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser({ locale: "fr-FR" });
});

afterAll(async () => {
  await browser?.close();
});

const expectClean = (where: string) => expectPageClean(page, where);

async function tabsOf(uid: string): Promise<string[]> {
  await page.goto(`${baseUrl}/webcasts/${uid}/edit`);
  await page.getByTestId("webcast-panel-details").waitFor();
  await expectClean(`edit ${uid}`);
  return page.locator('[data-testid^="webcast-tab-"]').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute("data-testid")?.replace("webcast-tab-", "") ?? ""));
}

describe.each([
  ["speaker@demo.test", "Assemblée générale annuelle 2026", ["details", "access", "speakers", "qa", "branding"]],
  ["producer@demo.test", "Behind the scenes: our new studio", ["details", "access", "speakers", "qa", "branding", "polls", "votes"]],
])("%s on a phone in French", (email, notTheirs, expectedTabs) => {
  beforeAll(async () => {
    await browser.context.clearCookies();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, baseUrl, email, undefined, { path: "/login" });
    await page.locator('[data-testid="sync-indicator"][data-status="idle"]').waitFor();
  });

  afterAll(async () => {
    await page.close();
  });

  it("lists only the sessions they speak in, and a session offers only the tabs they read", { timeout: 120_000 }, async () => {
    await page.goto(`${baseUrl}/sessions`);
    await page.getByTestId("sessions-page").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await page.getByTestId("session-item").first().waitFor();
    const titles = await page.getByTestId("session-item").allTextContents();
    expect(titles.some((title) => title.includes("Spring release launch"))).toBe(true);
    expect(titles.some((title) => title.includes(notTheirs))).toBe(false);
    await expectClean("sessions");
    expect(await tabsOf(DEMO_WEBCAST_UID)).toEqual(expectedTabs);
  });
});
